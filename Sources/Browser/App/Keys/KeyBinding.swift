/// One entry of the key map: the key sequences that run a command, and its help text.
struct KeyBinding: Sendable {
    /// The help-screen section it is listed under.
    var section: String
    /// Alternative key sequences, each one key or more (`gg`).
    var sequences: [[Key]]
    /// The command run.
    var command: Command
    /// What the help screen says about it.
    var help: String

    /// The sequences in vim notation, as the help screen shows them: `j <Down>`.
    var keysText: String {
        sequences.map { $0.map(\.description).joined() }.joined(separator: " ")
    }
}
