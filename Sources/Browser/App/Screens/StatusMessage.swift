/// A message for the status bar, shown until the next key.
struct StatusMessage: Equatable, Sendable {
    /// The text.
    var text: String
    /// Whether it reports an error.
    var isError: Bool
    /// Whether it reports a refresh after committed changes (a later one may replace it).
    var isLive = false

    /// Information.
    static func info(_ text: String) -> StatusMessage {
        StatusMessage(text: text, isError: false)
    }

    /// Background work that runs: the spinner at `frame` (``ListWidget/spinner(at:)``), then `text`.
    static func working(_ text: String, frame: Int) -> StatusMessage {
        .info(ListWidget.spinner(at: frame) + " " + text)
    }

    /// A refresh after committed changes.
    static func live(_ text: String) -> StatusMessage {
        StatusMessage(text: text, isError: false, isLive: true)
    }

    /// An error.
    static func error(_ text: String) -> StatusMessage {
        StatusMessage(text: text, isError: true)
    }
}
