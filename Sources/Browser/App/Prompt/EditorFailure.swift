/// Why the statement last run from the SQL editor failed, and where in the editor's text: the
/// editor keeps the text after the error and marks that place until the text changes.
struct EditorFailure: Equatable, Sendable {
    /// What the database said, in the user's words (``UserMessage``).
    var message: String
    /// Where in the editor's text the database found the error, in characters; nil when it did
    /// not say.
    var offset: Int?
}
