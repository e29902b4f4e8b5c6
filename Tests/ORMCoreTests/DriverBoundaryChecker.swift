import Foundation

/// Finds where ORMCore's shared folders reach into one database's code, by reading the sources: a
/// file in a shared folder (a layer of ``LayerChecker``) that names a type declared under a driver's
/// folder (`SQLite/`, `PostgreSQL/`), imports a database's module, or picks a driver's case of the
/// core's connection enum (`case .sqlite(…)`, `case .postgres`).
///
/// What the compiler will keep once each database is a target of its own (issue #36), checked by
/// reading until then; and a driver's folder naming another driver's types is reported too.
struct DriverBoundaryChecker {
    /// One reference across the boundary.
    struct Violation: Hashable, CustomStringConvertible {
        /// The file, relative to `Sources/ORMCore`.
        let file: String
        /// The 1-based line.
        let line: Int
        /// What it refers to: a type's name, `import <Module>`, or `case .<driver>`.
        let what: String

        var description: String { "\(file):\(line): refers to \(what), one database's" }
    }

    /// The shared folders.
    let sharedFolders: [String]
    /// Each driver's folder and the modules only it may import.
    let drivers: [String: [String]]

    /// The violations in `files`, keyed by path relative to `Sources/ORMCore`, in file and line order.
    func violations(in files: [String: String]) -> [Violation] {
        var declaredBy: [String: String] = [:]
        var cleaned: [String: [String]] = [:]
        for (path, source) in files {
            let lines = LayerChecker.code(source)
            cleaned[path] = lines
            guard let driver = folder(of: path), drivers[driver] != nil else { continue }
            for line in lines {
                if let name = LayerChecker.declaredName(in: line) { declaredBy[name] = driver }
            }
        }
        let driverCases = drivers.keys.map { $0 == "PostgreSQL" ? "postgres" : $0.lowercased() }.sorted()
        var found: [Violation] = []
        for path in cleaned.keys.sorted() {
            guard let folder = folder(of: path), let lines = cleaned[path] else { continue }
            let isShared = sharedFolders.contains(folder)
            guard isShared || drivers[folder] != nil else { continue }
            let forbiddenImports = drivers.filter { $0.key != folder }.flatMap(\.value)
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                for module in forbiddenImports where trimmed == "import \(module)" {
                    found.append(Violation(file: path, line: index + 1, what: "import \(module)"))
                }
                for name in LayerChecker.typeNames(in: line) {
                    guard let owner = declaredBy[name], owner != folder else { continue }
                    found.append(Violation(file: path, line: index + 1, what: name))
                }
                guard isShared else { continue }
                for driverCase in driverCases where Self.picksCase(driverCase, in: line) {
                    found.append(Violation(file: path, line: index + 1, what: "case .\(driverCase)"))
                }
            }
        }
        return found
    }

    /// Whether `line` matches an enum case named `name` (`case .sqlite`, `case let .sqlite`,
    /// `case .sqlite(let c)`, `if case .postgres = x`).
    static func picksCase(_ name: String, in line: String) -> Bool {
        for prefix in ["case .", "case let ."] {
            var rest = line[...]
            while let range = rest.range(of: prefix + name) {
                let after = rest[range.upperBound...].first
                if after.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }

    /// The first folder of `path`.
    private func folder(of path: String) -> String? {
        path.split(separator: "/").first.map(String.init)
    }
}
