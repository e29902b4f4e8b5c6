/// What reading a key produced.
enum KeyRead: Equatable, Sendable {
    /// A key (or resize, or mouse event).
    case key(Key)
    /// Nothing arrived within the timeout.
    case timeout
    /// The input ended: no more keys will come.
    case endOfInput
}

/// A source of keys for the ``EventLoop``: the terminal, or a test's script.
protocol KeyReader: AnyObject {
    /// Waits up to `milliseconds` for a key; nil waits as long as it takes.
    func readKey(timeoutMilliseconds milliseconds: Int?) -> KeyRead
}
