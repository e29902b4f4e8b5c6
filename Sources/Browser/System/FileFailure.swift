#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the system refused to read or write a file or folder: its path and the reason, said as
/// `path: reason` (`/tmp/out.csv: Permission denied`).
struct FileFailure: Error, Equatable, CustomStringConvertible {
    /// The file or folder.
    var path: String
    /// What the system said, or why reef refused.
    var reason: String

    /// `path: reason`.
    var description: String {
        "\(path): \(reason)"
    }

    /// The system's text for the last failed call (`errno`), for messages.
    static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}
