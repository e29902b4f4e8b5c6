/// Why a `--keys` string or `--script` file could not be parsed.
struct KeyScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, without the position.
    var problem: String
    /// The offending token as written, e.g. `<Foo>`.
    var token: String
    /// The script file name, nil for `--keys`.
    var file: String?
    /// The 1-based line (1 for `--keys`).
    var line: Int
    /// The 1-based character position within the line.
    var column: Int

    /// The message shown to the user, e.g. `--keys: position 4: unknown key <Foo>`.
    var description: String {
        if let file {
            return "\(file):\(line):\(column): \(problem)"
        }
        return "--keys: position \(column): \(problem)"
    }
}
