/// What the user's editor is to edit, carried by ``Effect/editExternally(_:)`` to the runner (which
/// suspends the screen around the editor) and back to ``App/runExternalEdit(_:attachedToTerminal:)``.
enum ExternalEditRequest: Equatable, Sendable {
    /// A cell's value: the result is staged like a line edit.
    case cell(EditTarget)
    /// The SQL prompt's text: the result runs as the prompt's statements.
    case sql(String)
}
