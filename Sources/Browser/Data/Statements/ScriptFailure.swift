/// A statement of a script typed at the SQL prompt failed, or the script was refused before it ran.
struct ScriptFailure: Error, CustomStringConvertible {
    /// The failing statement's position, from 1.
    let statement: Int
    /// How many statements the script holds.
    let count: Int
    /// How many statements before it ran and stay applied (0 when the script ran in one
    /// transaction, which rolled back, or was refused).
    let applied: Int
    /// Why it failed, in the user's words (see ``UserMessage``).
    let reason: String
    /// Where in the failing statement the database found the error (``UserMessage/place(of:in:)``).
    var place: String? = nil
    /// The same place in characters from the start of the failing statement, for the editor to mark.
    var offset: Int? = nil

    var description: String {
        let kept = applied == 0 ? "nothing was changed" : (applied == 1 ? "the statement before it ran" : "the \(applied) before it ran")
        return "statement \(statement) of \(count): \(reason) (" + (place.map { "at \($0); " } ?? "") + "\(kept))"
    }
}
