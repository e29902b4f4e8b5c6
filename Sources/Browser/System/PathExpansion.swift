import FoundationEssentials

/// `path` with a leading `~` or `~/` replaced by the home directory, as a shell would.
func expandingTilde(in path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"),
        let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty
    else {
        return path
    }
    return home + path.dropFirst()
}
