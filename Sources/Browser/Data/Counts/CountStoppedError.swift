/// A row past those read was asked for after the count (the key snapshot) was stopped.
struct CountStoppedError: Error, CustomStringConvertible {
    /// Why the count was stopped: `stopped`, `stopped after 60 s`, ….
    var reason: String

    var description: String {
        "counting was \(reason): only the rows read so far can be shown; r counts again"
    }
}
