/// What a question asked before quitting is about: which database, when several are open, and
/// whether its answer closes only that database (`q`, the others staying open) or quits reef.
///
/// ```swift
/// let question = QuitQuestion(database: "shop.db", closing: true)
/// question.subject("Pending changes")  // "Pending changes in shop.db"
/// question.verb                        // "close"
/// ```
struct QuitQuestion: Hashable, Sendable {
    /// The database's name when several are open (the question names it); nil with one.
    var database: String?
    /// Whether the answer closes only this database rather than quitting reef.
    var closing = false

    /// What the answer does, as the question says it: `quit` or `close`.
    var verb: String {
        closing ? "close" : "quit"
    }

    /// The outcome of an answer that ends: this database closed, or reef quit.
    var ending: Outcome {
        closing ? Outcome([.close()]) : .quit
    }

    /// `what`, followed by the database's name when several are open (`Pending changes in shop.db`).
    func subject(_ what: String) -> String {
        database.map { "\(what) in \(Sanitizer.sanitize($0))" } ?? what
    }
}
