import Foundation
import XCTest

/// ORMCore's shared folders reach each database only through the driver protocols: no file there
/// names a type of `SQLite/` or `PostgreSQL/`, imports `CSQLite` or `PostgresClient`, or picks a
/// driver's case of the core's connection enum; and neither driver's folder names the other's
/// types. The step before each database becomes a target of its own (issue #36), when the compiler
/// keeps this instead.
final class DriverBoundaryTests: XCTestCase {
    /// Where the shared layers still reach one database, by file, each with why. An entry whose file
    /// no longer does fails the test too, so the list only shrinks.
    static let knownExceptions: [String: String] = [
        "Records/Database+URL.swift":
            "Database(url:) chooses the driver from the string; moves to the module that links both",
        "Records/Macros.swift":
            "@Model's declaration names every conformance its extension adds, SQLite's _SQLiteRowModel among them (Decision 0002); moves to the module that re-exports both drivers, with Database(url:)",
    ]

    func testSharedFoldersReachADatabaseOnlyThroughTheDriverProtocols() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ORMCore")
        let files = try LayerDirectionTests.swiftFiles(under: sources)
        XCTAssertGreaterThan(files.keys.filter { $0.hasPrefix("SQLite/") }.count, 10, "read \(sources.path)")
        XCTAssertGreaterThan(files.keys.filter { $0.hasPrefix("PostgreSQL/") }.count, 10, "read \(sources.path)")
        let violations = Self.checker.violations(in: files)
        let unexplained = violations.filter { Self.knownExceptions[$0.file] == nil }
        XCTAssert(unexplained.isEmpty, "reaches a database:\n" + unexplained.map(\.description).joined(separator: "\n"))
        let matched = Set(violations.map(\.file))
        let stale = Self.knownExceptions.keys.filter { !matched.contains($0) }.sorted()
        XCTAssert(stale.isEmpty, "known exceptions that no longer reach a database, to remove: \(stale)")
    }

    /// The checker names a shared file's reference to a driver's type, its import and its pick of
    /// a driver's case, and a driver's reference to the other driver's type; it ignores comments,
    /// strings, members and a driver's own types.
    func testTheCheckerNamesEachWayAcross() {
        let files = [
            "SQLite/Connection.swift": """
                import CSQLite
                final class Connection {
                    let other: Session?
                }
                """,
            "PostgreSQL/Session.swift": "final class Session { let mine: Session? }",
            "Records/Fetch.swift": """
                import PostgresClient
                /// A `Connection` in a comment.
                struct Fetch {
                    let name = "Connection"
                    let index = Other.Connection.self
                    func run(_ c: Connection) {
                        switch c { case .sqlite(let s): s; case .postgres: 0 }
                        if case .sqliteish = c {}
                    }
                }
                """,
        ]
        let checker = DriverBoundaryChecker(
            sharedFolders: ["Records"], drivers: ["SQLite": ["CSQLite"], "PostgreSQL": ["PostgresClient"]])
        XCTAssertEqual(
            checker.violations(in: files).map(\.description),
            [
                "Records/Fetch.swift:1: refers to import PostgresClient, one database's",
                "Records/Fetch.swift:6: refers to Connection, one database's",
                "Records/Fetch.swift:7: refers to case .postgres, one database's",
                "Records/Fetch.swift:7: refers to case .sqlite, one database's",
                "SQLite/Connection.swift:3: refers to Session, one database's",
            ])
    }

    static let checker = DriverBoundaryChecker(
        sharedFolders: LayerDirectionTests.layers,
        drivers: ["SQLite": ["CSQLite"], "PostgreSQL": ["PostgresClient"]])
}
