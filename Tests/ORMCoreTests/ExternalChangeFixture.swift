import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A SQLite file for the external-change tests: tables a (with a view over it), b (indexed, and
/// joined with a in a view) and c (`WITHOUT ROWID`), each a few pages long, and what a change to
/// each names.
enum ExternalChangeFixture {
    /// Every table and view of the fixture.
    static let everything: Set<String> = ["a", "b", "c", "a_names", "a_and_b"]
    /// What a change to a names.
    static let showingA: Set<String> = ["a", "a_names", "a_and_b"]
    /// What a change to b names.
    static let showingB: Set<String> = ["b", "a_and_b"]

    /// Makes the fixture in a temporary folder of `test`; returns its path and a database on it.
    static func make(
        _ test: XCTestCase, configuration: Configuration = Configuration()
    ) throws -> (path: String, database: Database) {
        let path = try temporaryDatabasePath(test)
        let database = try Database(path: path, configuration: configuration)
        try database.executeScript(
            """
            CREATE TABLE a(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE b(id INTEGER PRIMARY KEY, value INTEGER, note TEXT);
            CREATE INDEX b_value ON b(value);
            CREATE TABLE c(code TEXT PRIMARY KEY, amount REAL) WITHOUT ROWID;
            CREATE VIEW a_names AS SELECT name FROM a;
            CREATE VIEW a_and_b AS SELECT a.name, b.value FROM a JOIN b ON b.id = a.id;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
            INSERT INTO a(id, name) SELECT i, printf('name %04d %.40c', i, 'x') FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
            INSERT INTO b(id, value, note) SELECT i, i * 7, printf('note %.40c', 'y') FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
            INSERT INTO c(code, amount) SELECT printf('code %04d %.40c', i, 'z'), i * 0.5 FROM n;
            """)
        return (path, database)
    }

    /// An inbox on `db` after a first commit by another connection: the first change seen is
    /// reported in full at once (the map of pages to tables is read after it, off the delivery),
    /// the ones after it exactly.
    static func primedInbox(_ db: Database, path: String) throws -> ExternalChangeInbox {
        let inbox = ExternalChangeInbox(db)
        let other = try Database(path: path)
        let tables = try inbox.tables(including: everything) {
            try other.execute("UPDATE c SET amount = amount + 1 WHERE code LIKE 'code 0300%'")
        }
        XCTAssertTrue(tables.isSuperset(of: everything), "the first change names every table: \(tables)")
        return inbox
    }

    /// Runs SQL in a separate `sqlite3` process.
    static func runSQLite3(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, sql)
    }
}
