/// Why a file could not be imported at all: its name and the reason, for one line on stderr.
struct ImportError: Error, Equatable, CustomStringConvertible {
    /// The file.
    var path: String
    /// What is wrong, in words.
    var reason: String
    /// The line the problem was found on, when it has one.
    var line: Int?

    var description: String {
        let place = line.map { "\(Sanitizer.sanitize(path)):\($0)" } ?? Sanitizer.sanitize(path)
        return "reef: \(place): \(Sanitizer.sanitize(reason))"
    }
}

/// Something an import worked around (a short row, a stray quote, bytes that are not UTF-8): the
/// rows still came in, and the problems are listed after.
struct ImportProblem: Equatable, Sendable {
    /// The line of the file (1-based).
    var line: Int
    /// What was wrong and what was done about it.
    var message: String
}
