/// Turns keys into commands, holding the first keys of a longer sequence such as `gg`.
struct KeyDispatcher: Sendable {
    /// What a key led to.
    enum Result: Equatable, Sendable {
        /// A complete sequence: run this command.
        case command(Command)
        /// The start of a longer sequence: wait for the next key.
        case pending
        /// Esc after the start of a longer sequence: the sequence is dropped, nothing runs.
        case cancelled
        /// No binding.
        case unbound
    }

    /// Keys typed so far of an unfinished sequence.
    private(set) var pending: [Key] = []
    /// The keys of the last complete sequence, or the last unbound key: what messages name.
    private(set) var lastSequence: [Key] = []

    /// The keys of ``lastSequence`` in vim notation: `dd`, `<Esc>`.
    var lastSequenceText: String {
        lastSequence.map(\.description).joined()
    }

    /// Feeds one key.
    mutating func feed(_ key: Key) -> Result {
        if key == .escape && !pending.isEmpty {
            pending = []
            return .cancelled
        }
        let keys = pending + [key]
        if let command = KeyBindings.commandsBySequence[keys] {
            pending = []
            lastSequence = keys
            return .command(command)
        }
        if KeyBindings.isPrefix(keys) {
            pending = keys
            return .pending
        }
        // A sequence gone wrong (`dx`) runs nothing: its last key may not be meant alone.
        pending = []
        lastSequence = keys
        return .unbound
    }
}
