/// A message for the status bar, shown until the next key.
struct StatusMessage: Equatable, Sendable {
    /// The text.
    var text: String
    /// Whether it reports an error.
    var isError: Bool

    /// Information.
    static func info(_ text: String) -> StatusMessage {
        StatusMessage(text: text, isError: false)
    }

    /// An error.
    static func error(_ text: String) -> StatusMessage {
        StatusMessage(text: text, isError: true)
    }
}
