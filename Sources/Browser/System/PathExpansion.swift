import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `path` with a leading `~` (the home directory) or `~user` (that user's) expanded, as a shell
/// would; unchanged when there is no such user.
func expandingTilde(in path: String) -> String {
    guard path.hasPrefix("~") else {
        return path
    }
    let slash = path.firstIndex(of: "/") ?? path.endIndex
    let user = path[path.index(after: path.startIndex)..<slash]
    let home: String?
    if user.isEmpty {
        home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    } else {
        home = getpwnam(String(user)).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) }
    }
    guard let home else {
        return path
    }
    return home + path[slash...]
}
