/// What waits for the event loop to run the user's editor on it (the loop suspends the screen
/// around the editor, so the request is only recorded while a key is handled).
enum ExternalEditRequest: Sendable {
    /// A cell's value: the result is staged like a line edit.
    case cell(EditTarget)
    /// The SQL prompt's text: the result runs as the prompt's statements.
    case sql(String)
}
