/// Why the theme asked for with `--theme` cannot be used: reef stops before the screen starts.
enum ThemeLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No built-in theme and no file of that name; `available` lists the names there are.
    case unknown(name: String, available: [String])
    /// The file exists but cannot be read as text.
    case unreadable(path: String)
    /// The file has an error.
    case invalid(ThemeError)

    /// The message for the user, after `reef: `.
    var description: String {
        switch self {
        case .unknown(let name, let available):
            "unknown theme \(Sanitizer.sanitize(name)) (themes: \(available.joined(separator: ", ")); or give a file path)"
        case .unreadable(let path):
            "theme \(Sanitizer.sanitize(path)): cannot read the file"
        case .invalid(let error):
            "theme \(error.description)"
        }
    }
}
