import Foundation
import XCTest

/// An app on the `ORMSQLite` product alone (`Examples/SQLiteOnly`, the executable
/// `sqlite-only-example`, which depends on that target only): it declares an `@Model` class, commits
/// to a SQLite file and fetches, and its binary holds no PostgreSQL code. The binary is read as
/// built, so the check fails as soon as the example depends on `ORMCore` (which links
/// `ORMPostgreSQL`, `PostgresClient` and libpq's loader).
final class SQLiteProductTests: XCTestCase {
    func testAnAppOnTheSQLiteProductCommitsAndFetchesModels() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("sqlite-only-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.sqlite")

        let run = try BuiltProgram.run(try BuiltProgram.example(), [file.path])

        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.output, "first 3, second 5\n")
        // Written to the file (a SQLite database, its header first), not held in memory.
        let header = try Data(contentsOf: file).prefix(16)
        XCTAssertEqual(String(decoding: header, as: UTF8.self), "SQLite format 3\0")
    }

    func testItsBinaryHoldsNoPostgreSQLCode() throws {
        let binary = try BuiltProgram.example()
        let symbols = try BuiltProgram.symbols(of: binary)
        // The table was read: SQLite's driver is there, and it calls SQLite.
        XCTAssertTrue(symbols.contains { $0.hasPrefix("$s9ORMSQLite") }, "no symbol of ORMSQLite in \(binary.path)")
        XCTAssertTrue(symbols.contains("sqlite3_open_v2"), "no call of sqlite3_open_v2 in \(binary.path)")
        XCTAssertTrue(symbols.contains { $0.hasPrefix("$s9ORMShared") }, "no symbol of ORMShared in \(binary.path)")

        // None of PostgreSQL's modules, none of ORMCore's own (which names PostgreSQL's driver),
        // none of libpq's functions or of the table `libpq-lazy.h` fills with them.
        let postgres = symbols.filter {
            $0.contains("14PostgresClient") || $0.contains("13ORMPostgreSQL") || $0.hasPrefix("$s7ORMCore")
                || $0.hasPrefix("PQ") || $0.lowercased().contains("clibpq")
        }
        XCTAssertEqual(postgres.count, 0, "PostgreSQL's code in \(binary.path): \(Array(postgres.sorted().prefix(5)))")

        // Not linked (what the dynamic section asks for), and not named (libpq is loaded by name).
        let needed = try BuiltProgram.neededLibraries(of: binary)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libsqlite3") }, "needed: \(needed)")
        XCTAssertFalse(needed.contains { $0.hasPrefix("libpq") }, "needed: \(needed)")
        let bytes = try Data(contentsOf: binary)
        XCTAssertNil(bytes.range(of: Data("libpq".utf8)), "\(binary.path) names libpq")
    }
}
