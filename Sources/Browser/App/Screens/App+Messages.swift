/// The status bar's one sink: everything the app and its screens say goes through ``App/say(_:)``.
extension App {
    /// Says `message` in the status bar until the next key: the one way the app and its screens
    /// speak (a controller's ``ScreenReply/say(_:)`` ends here too).
    func say(_ message: StatusMessage) {
        state.message = message
    }

    /// Clears what the status bar says (each key starts with nothing said; a statement that
    /// reports nothing leaves nothing).
    func clearMessage() {
        state.message = nil
    }

    /// Shows `error` in the status bar, prefixed with what was being done.
    func report(_ error: any Error, doing action: String? = nil) {
        let text = UserMessage.describe(error)
        say(.error(action.map { "\($0): \(text)" } ?? text))
    }
}
