import FoundationEssentials

/// Finds and reads the theme asked for with `--theme`: a built-in name, a file in the themes
/// folder, or a path. A theme that cannot be used is an error: reef says why and does not start.
enum ThemeLoader {
    /// The theme asked for (the default one when none is).
    ///
    /// - Throws: ``ThemeLoadError`` when there is no such theme, or its file cannot be read or has
    ///   an error.
    static func load(_ request: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Theme {
        guard let request, !request.isEmpty else {
            return .builtinDefault
        }
        if let builtin = Theme.builtin(named: request) {
            return builtin
        }
        let candidates = request.contains("/") || request.hasSuffix(".theme")
            ? [request]
            : themesDirectories(environment: environment).map { $0 + "/" + request + ".theme" }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw ThemeLoadError.unknown(name: request, available: available(environment: environment).map(\.name))
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ThemeLoadError.unreadable(path: path)
        }
        do {
            return try ThemeParser.parse(text, file: path)
        } catch {
            throw ThemeLoadError.invalid(error)
        }
    }

    /// The themes there are, each once: the built-in ones (a file of the same name in the themes
    /// folder is the same theme and is not used), then the files of the themes folder by name.
    static func available(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [(name: String, source: String)]
    {
        var themes: [(name: String, source: String)] = [("default", "built in"), ("monochrome", "built in")]
        for directory in themesDirectories(environment: environment) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files.sorted() where file.hasSuffix(".theme") {
                let name = String(file.dropLast(6))
                if !themes.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                    themes.append((name, directory + "/" + file))
                }
            }
        }
        return themes
    }

    /// Folders that may hold `.theme` files, in the order they are searched (the first file of a
    /// name wins): `$REEF_THEMES`; the user's `$XDG_DATA_HOME/reef/themes` (default
    /// `~/.local/share/reef/themes`); beside the executable, found through `/proc/self/exe` so an
    /// installed `reef` run from the `PATH` finds its own (a `themes` or `share/reef/themes`
    /// folder in its folder or up to four above: `~/.local/bin/reef` finds
    /// `~/.local/share/reef/themes`, `.build/debug/reef` the source tree's); `reef/themes` in each
    /// of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`); then `./themes`.
    static func themesDirectories(environment: [String: String], executable: String? = executablePath(),
                                  currentDirectory: String = FileManager.default.currentDirectoryPath) -> [String] {
        var directories: [String] = []
        if let configured = environment["REEF_THEMES"], !configured.isEmpty {
            directories.append(configured)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if let data = environment["XDG_DATA_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? home.map({ $0 + "/.local/share" }) {
            directories.append(data + "/reef/themes")
        }
        if let executable {
            var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<5 {
                directories.append(folder.appendingPathComponent("themes").path)
                directories.append(folder.appendingPathComponent("share/reef/themes").path)
                folder = folder.deletingLastPathComponent()
            }
        }
        let shared = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for folder in shared.split(separator: ":") where !folder.isEmpty {
            directories.append(folder + "/reef/themes")
        }
        directories.append(currentDirectory + "/themes")
        var seen: Set<String> = []
        return directories.filter { directory in
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
                return false
            }
            return seen.insert(URL(fileURLWithPath: directory).standardizedFileURL.path).inserted
        }
    }

    /// The running executable's path: `/proc/self/exe` where there is one (the `PATH` lookup's
    /// result, not the name typed), else the first argument when it names a path.
    static func executablePath() -> String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        let first = CommandLine.arguments.first ?? ""
        return first.contains("/") ? first : nil
    }
}
