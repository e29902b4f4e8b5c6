/// Turns keys into commands, holding the first keys of a longer sequence such as `gg`.
struct KeyDispatcher: Sendable {
    /// What a key led to.
    enum Result: Equatable, Sendable {
        /// A complete sequence: run this command.
        case command(Command)
        /// The start of a longer sequence: wait for the next key.
        case pending
        /// No binding.
        case unbound
    }

    /// Keys typed so far of an unfinished sequence.
    private(set) var pending: [Key] = []

    /// Feeds one key.
    mutating func feed(_ key: Key) -> Result {
        let keys = pending + [key]
        if let command = KeyBindings.commandsBySequence[keys] {
            pending = []
            return .command(command)
        }
        if KeyBindings.isPrefix(keys) {
            pending = keys
            return .pending
        }
        pending = []
        if keys.count > 1 {
            return feed(key)
        }
        return .unbound
    }
}
