import Foundation
import XCTest

/// The set-up build is as short as it can be: reef uses no macro, so built without the package's
/// default trait `Macros` (as `scripts/setup`, `scripts/install` and `scripts/pg-demo` build it)
/// nothing it needs depends on `ORMCoreMacros`, and swift-syntax, which the macro needs and which
/// took most of the set-up's time compiled with optimisation, is not built. ORMCore's users still
/// get `@Model` by default, as do those of the SQLite-only product `ORMSQLite`, which declares it.
final class SetupBuildTests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The package's manifest as `swift package dump-package` gives it (with a scratch folder of
    /// its own: the running tests hold the lock of the package's).
    private func manifest() throws -> [String: Any] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reef-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// What `target` needs, target by target, with the traits in `traits` enabled: the targets
    /// (by name) and the products of other packages (as `package/product`).
    private func closure(of target: String, in manifest: [String: Any], traits: Set<String>) throws -> Set<String> {
        let targets = try XCTUnwrap(manifest["targets"] as? [[String: Any]])
        var byName: [String: [[String: Any]]] = [:]
        for entry in targets {
            if let name = entry["name"] as? String { byName[name] = entry["dependencies"] as? [[String: Any]] ?? [] }
        }
        var seen: Set<String> = []
        var queue = [target]
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let dependencies = byName[name] else { continue }
            for dependency in dependencies {
                for (kind, value) in dependency {
                    guard let parts = value as? [Any] else { continue }
                    let condition = parts.last as? [String: Any]
                    let needed = condition?["traits"] as? [String] ?? []
                    if !needed.isEmpty && traits.isDisjoint(with: needed) { continue }
                    switch kind {
                    case "product":
                        if let product = parts.first as? String, let package = parts.dropFirst().first as? String {
                            seen.insert("\(package)/\(product)")
                        }
                    default:
                        if let dependency = parts.first as? String { queue.append(dependency) }
                    }
                }
            }
        }
        return seen
    }

    func testReefBuiltWithoutTheDefaultTraitNeedsNoMacroAndNoSwiftSyntax() throws {
        let manifest = try manifest()
        let withoutTraits = try closure(of: "reef", in: manifest, traits: [])
        XCTAssertTrue(withoutTraits.contains("ORMCore"), "\(withoutTraits)")
        XCTAssertFalse(withoutTraits.contains("ORMCoreMacros"), "\(withoutTraits)")
        XCTAssertFalse(withoutTraits.contains { $0.hasPrefix("swift-syntax/") }, "\(withoutTraits)")
        // ORMCore's users still get @Model: the default trait brings the macro in.
        let defaults = try closure(of: "ORMCore", in: manifest, traits: ["Macros"])
        XCTAssertTrue(defaults.contains("ORMCoreMacros"), "\(defaults)")
        // And so do those of the SQLite-only product, which declares it, without PostgreSQL's code.
        let sqliteAlone = try closure(of: "ORMSQLite", in: manifest, traits: ["Macros"])
        XCTAssertTrue(sqliteAlone.contains("ORMCoreMacros"), "\(sqliteAlone)")
        XCTAssertFalse(sqliteAlone.contains("PostgresClient") || sqliteAlone.contains("ORMPostgreSQL"), "\(sqliteAlone)")
    }

    func testTheScriptsBuildReefWithoutTheDefaultTraitAndWithTheRuntimeLinkedIn() throws {
        for script in ["setup", "install", "pg-demo"] {
            let text = try String(contentsOf: root.appendingPathComponent("scripts/" + script), encoding: .utf8)
            let builds = text.split(separator: "\n").filter { $0.contains("swift build") }
            XCTAssertFalse(builds.isEmpty, script)
            for line in builds {
                XCTAssertTrue(line.contains("--disable-default-traits"), "scripts/\(script): \(line)")
                // The runtime linked in: less resident memory, and a binary that needs no toolchain.
                XCTAssertTrue(line.contains("--static-swift-stdlib"), "scripts/\(script): \(line)")
            }
        }
    }
}
