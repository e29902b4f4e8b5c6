/// One step of a `--keys` or `--script` run.
enum ScriptStep: Hashable, Sendable {
    /// Feed this key to the application.
    case key(Key)
    /// Pause, letting background work (counts, queries) progress: `<wait:500>`.
    case wait(milliseconds: Int)
    /// Print the screen as it is now: `<dump>`.
    case dump
}
