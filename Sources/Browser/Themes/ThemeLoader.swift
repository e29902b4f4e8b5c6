import FoundationEssentials

/// Finds and reads the theme asked for with `--theme`: a built-in name, a file in the themes
/// folder, or a path. A theme that cannot be read gives a warning and the default theme.
enum ThemeLoader {
    /// The theme and, when the requested one could not be used, the warning to print.
    static func load(_ request: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (theme: Theme, warning: String?)
    {
        guard let request, !request.isEmpty else {
            return (.builtinDefault, nil)
        }
        if let builtin = Theme.builtin(named: request) {
            return (builtin, nil)
        }
        let candidates = request.contains("/") || request.hasSuffix(".theme")
            ? [request]
            : themesDirectories(environment: environment).map { $0 + "/" + request + ".theme" }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return (.builtinDefault, "reef: unknown theme \(request) (see --list-themes); using the default theme")
        }
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return (try ThemeParser.parse(text, file: path), nil)
        } catch let error as ThemeError {
            return (.builtinDefault, "reef: theme \(error.description); using the default theme")
        } catch {
            return (.builtinDefault, "reef: theme \(path): cannot read the file; using the default theme")
        }
    }

    /// The theme names available: the built-in ones, then the files of the themes folder.
    static func available(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var names = ["default (built in)", "monochrome (built in)"]
        for directory in themesDirectories(environment: environment) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files.sorted() where file.hasSuffix(".theme") {
                names.append(String(file.dropLast(6)) + "  " + directory + "/" + file)
            }
        }
        return names
    }

    /// Folders that may hold `.theme` files: `$REEF_THEMES`, a `themes` folder next to the
    /// executable or above it (the source tree when run from `.build`), and `./themes`.
    static func themesDirectories(environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let configured = environment["REEF_THEMES"], !configured.isEmpty {
            directories.append(configured)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            directories.append(folder.appendingPathComponent("themes").path)
            directories.append(folder.appendingPathComponent("share/reef/themes").path)
            folder = folder.deletingLastPathComponent()
        }
        directories.append(FileManager.default.currentDirectoryPath + "/themes")
        var seen: Set<String> = []
        return directories.filter { directory in
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
                return false
            }
            return seen.insert(URL(fileURLWithPath: directory).standardizedFileURL.path).inserted
        }.prefix(1).map { $0 }
    }
}
