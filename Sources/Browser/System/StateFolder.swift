/// Where reef keeps what it remembers between runs (the prompts' history): `$XDG_STATE_HOME/reef`,
/// else `~/.local/state/reef`, as the XDG Base Directory specification says (a relative
/// `XDG_STATE_HOME` is ignored).
enum StateFolder {
    /// The folder for `environment`, or nil when neither `XDG_STATE_HOME` nor `HOME` is usable.
    static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return trimmingSlashes(state) + "/reef"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            return nil
        }
        return trimmingSlashes(home) + "/.local/state/reef"
    }

    /// `path` without trailing slashes (`/` stays empty, so `+ "/reef"` gives `/reef`).
    private static func trimmingSlashes(_ path: String) -> String {
        var trimmed = path
        while trimmed.hasSuffix("/") {
            trimmed.removeLast()
        }
        return trimmed
    }
}
