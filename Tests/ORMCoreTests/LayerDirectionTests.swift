import Foundation
import XCTest

/// ORMCore's modules are layered inside: a file in one folder of a module's sources names no type
/// declared in a folder above it. Between modules the compiler keeps the direction (`ORMShared`
/// imports no driver, neither driver sees the other); inside one, this test does.
///
/// The orders, lowest first (`Documentation/Architecture.md`, "The layers"):
/// - `ORMShared`: `Core` (SQL, values, locks), `Connection` (the driver protocols), `Database`,
///   `Schema`, `Records`, `Query`, `Results`, `Events`.
/// - `ORMSQLite` and `ORMPostgreSQL`, the same order where they have the same folders:
///   `Core` (the dialect, errors, literals: nothing that talks to the database), `Connection` (the
///   driver, its connection and statements, and what a statement keeps: SQLite's `_StatementRow`
///   and `_SQLiteRowModel`), `Changes` (watching other processes' commits, over a connection
///   alone), `Database` (what `DatabaseCore` asks of the driver, which starts the watch),
///   `Schema` (migrations), `Records` (what the record layer asks of the driver: fetch loops,
///   inserts, cut values).
final class LayerDirectionTests: XCTestCase {
    /// Each module's folders, lowest first, by module (its folder under `Sources`).
    static let layers: [String: [String]] = [
        "ORMShared": ["Core", "Connection", "Database", "Schema", "Records", "Query", "Results", "Events"],
        "ORMSQLite": ["Core", "Connection", "Changes", "Database", "Schema", "Records"],
        "ORMPostgreSQL": ["Core", "Connection", "Changes", "Database", "Schema", "Records"],
    ]

    /// Upward references the code still has, each with why it is not fixed yet, as
    /// `"Module/Folder/File.swift: Type"`. An entry that no longer matches anything fails the test
    /// too, so the list only shrinks; it is empty now, and a new upward reference fails the test.
    static let knownExceptions: [String: String] = [:]

    func testNoLayerRefersToAHigherOne() throws {
        // Each upward reference as its `knownExceptions` key and its message.
        var violations: [(key: String, message: String)] = []
        for (module, layers) in Self.layers.sorted(by: { $0.key < $1.key }) {
            let sources = Self.sources(of: module)
            let files = try Self.swiftFiles(under: sources)
            XCTAssertGreaterThan(files.count, 50, "read the \(module) sources at \(sources.path)")
            violations += LayerChecker(layers: layers).violations(in: files).map {
                (key: "\(module)/\($0.file): \($0.type)", message: "\(module)/\($0.description)")
            }
        }
        let unexplained = violations.filter { Self.knownExceptions[$0.key] == nil }
        XCTAssert(unexplained.isEmpty, "upward references:\n" + unexplained.map(\.message).joined(separator: "\n"))
        let matched = Set(violations.map(\.key))
        let stale = Self.knownExceptions.keys.filter { !matched.contains($0) }.sorted()
        XCTAssert(stale.isEmpty, "known exceptions that are fixed now, to remove from the list: \(stale)")
    }

    /// Every folder of each module is one of its layers: a new folder is placed in the order here
    /// (and in Architecture.md), not left unchecked.
    func testEveryFolderIsALayer() throws {
        for (module, layers) in Self.layers {
            let folders = Set(try Self.swiftFiles(under: Self.sources(of: module)).keys.compactMap { path in
                path.contains("/") ? path.split(separator: "/").first.map(String.init) : nil
            })
            XCTAssertEqual(folders.subtracting(layers), [], "\(module) has a folder that is no layer")
        }
    }

    /// The checker fails on an upward reference, naming file, line and type, and ignores comments,
    /// strings, members of other types and references downwards.
    func testTheCheckerNamesAnUpwardReference() {
        let files = [
            "Core/Value.swift": """
                /// Not a `Row` in a comment.
                public struct Value {
                    let text = "Row"
                    let index: String.Row? = nil
                    var row: Row?
                }
                """,
            "Records/Row.swift": """
                @usableFromInline
                final class Row {
                    let value: Value
                }
                """,
            "Elsewhere/Ignored.swift": "struct Ignored { let row: Row }",
        ]
        let violations = LayerChecker(layers: ["Core", "Records"]).violations(in: files)
        XCTAssertEqual(
            violations.map(\.description),
            ["Core/Value.swift:5: Core refers to Row, declared in Records, a higher layer"])
    }

    /// `Sources/<module>`, found from this file's path.
    static func sources(of module: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(module)")
    }

    /// Every `.swift` file under `root`, keyed by its path relative to `root`.
    static func swiftFiles(under root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }
}
