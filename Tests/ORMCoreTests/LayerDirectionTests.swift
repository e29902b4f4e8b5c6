import Foundation
import XCTest

/// ORMCore's shared layers only refer downwards: a file in one folder of `Sources/ORMShared` names
/// no type declared in a folder above it (the order is in `Documentation/Architecture.md`, "The
/// layers"). Between modules the compiler keeps the direction: `ORMShared` imports no driver.
final class LayerDirectionTests: XCTestCase {
    /// ORMShared's folders, lowest first.
    static let layers = ["Core", "Connection", "Database", "Schema", "Records", "Query", "Results", "Events"]

    /// Upward references the code still has, each with why it is not fixed yet, as
    /// `"Folder/File.swift: Type"`. An entry that no longer matches anything fails the test too, so
    /// the list only shrinks; it is empty now, and a new upward reference fails the test.
    static let knownExceptions: [String: String] = [:]

    func testNoLayerRefersToAHigherOne() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ORMShared")
        let files = try Self.swiftFiles(under: sources)
        XCTAssertGreaterThan(files.count, 50, "read the ORMShared sources at \(sources.path)")
        let violations = LayerChecker(layers: Self.layers).violations(in: files)
        let unexplained = violations.filter { Self.knownExceptions["\($0.file): \($0.type)"] == nil }
        XCTAssert(unexplained.isEmpty, "upward references:\n" + unexplained.map(\.description).joined(separator: "\n"))
        let matched = Set(violations.map { "\($0.file): \($0.type)" })
        let stale = Self.knownExceptions.keys.filter { !matched.contains($0) }.sorted()
        XCTAssert(stale.isEmpty, "known exceptions that are fixed now, to remove from the list: \(stale)")
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
