#if canImport(Glibc)
    import Glibc
#endif

/// The progress of an import as one line on standard error, rewritten in place as the percentage
/// changes; nothing at all when standard error is not a terminal (scripts, CI, headless runs).
struct ImportProgressLine {
    private let paths: [String]
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var shown: (file: Int, percent: Int)?
    private var width = 0

    /// A progress line for importing `paths`.
    init(paths: [String]) {
        self.paths = paths
    }

    /// Shows `fraction` of file `index` done.
    mutating func update(file index: Int, fraction: Double) {
        let percent = Int(fraction * 100)
        guard isTerminal, index < paths.count, shown.map({ $0.file != index || $0.percent != percent }) ?? true else {
            return
        }
        shown = (index, percent)
        let name = Sanitizer.sanitize(paths[index])
        let counter = paths.count > 1 ? " (\(index + 1) of \(paths.count))" : ""
        let text = "reef: importing \(Sanitizer.sanitize(name))\(counter): \(percent)%"
        let padding = String(repeating: " ", count: max(0, width - text.count))
        width = text.count
        StandardStream.error.write("\r" + text + padding)
    }

    /// Clears the line.
    mutating func finish() {
        guard isTerminal, width > 0 else {
            return
        }
        StandardStream.error.write("\r" + String(repeating: " ", count: width) + "\r")
        width = 0
    }
}
