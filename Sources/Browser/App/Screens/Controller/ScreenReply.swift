/// What a ``ScreenController`` asks of the ``App`` after a command: the controller has changed its
/// own state; what touches the stack, the status bar or the prompt line is the app's to do.
enum ScreenReply: Equatable, Sendable {
    /// The screen changed: draw it again.
    case redraw
    /// Draw again, with `message` in the status bar.
    case say(StatusMessage)
    /// Close this screen (the one under it shows again).
    case close
    /// The command means nothing here: the status bar says so, with a hint.
    case notAKey
    /// Open the prompt of `kind` over the screen (`/` opens the search prompt).
    case openPrompt(PromptKind)
    /// Put `text` on the clipboard, the status bar saying `message`.
    case copy(String, StatusMessage)
    /// The command went to the app's own services (the grid's commands run from a screen over
    /// the grid, such as the record view's sort or edit), which did it: the runner acts on the
    /// outcome's effects (draw, copy, run the editor…).
    case carriedOut(Outcome)
}
