import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// SQLite's watch of its file: another connection's or process's commit names exactly the tables
/// whose pages it wrote (and the views that show them), or every table when that cannot be known.
final class ExternalChangeSQLiteFileTests: XCTestCase {
    private let everything = ExternalChangeFixture.everything
    private let showingA = ExternalChangeFixture.showingA
    private let showingB = ExternalChangeFixture.showingB

    // MARK: - One table or several

    func testAnotherConnectionNamesOnlyTheTablesItChanged() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        XCTAssertEqual(try inbox.tables(including: showingA) { try other.execute("INSERT INTO a(name) VALUES ('new')") }, showingA)
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 1 WHERE id = 150") }, showingB)
        XCTAssertEqual(try inbox.tables(including: ["c"]) { try other.execute("DELETE FROM c WHERE code LIKE 'code 0150%'") }, ["c"])
    }

    func testAnotherProcessNamesOnlyTheTableItChanged() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)

        XCTAssertEqual(try inbox.tables(including: showingB) { try ExternalChangeFixture.runSQLite3(path, "UPDATE b SET note = 'outside' WHERE id = 5") }, showingB)
        XCTAssertEqual(try inbox.tables(including: showingA) { try ExternalChangeFixture.runSQLite3(path, "INSERT INTO a(name) VALUES ('outside')") }, showingA)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM a WHERE name = 'outside'"), .integer(1))
    }

    func testATransactionTouchingTwoTablesNamesBoth() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        let tables = try inbox.tables(including: showingA.union(["c"])) {
            try other.transaction { _ in
                try other.execute("INSERT INTO a(name) VALUES ('together')")
                try other.execute("UPDATE c SET amount = -1 WHERE code LIKE 'code 0007%'")
            }
        }
        XCTAssertEqual(tables, showingA.union(["c"]))
    }

    func testAVirtualTableIsNamedWithItsShadowTables() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        try db.execute("CREATE VIRTUAL TABLE docs USING fts5(body)")
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        let tables = try inbox.tables(including: ["docs"]) { try other.execute("INSERT INTO docs(body) VALUES ('reef')") }
        XCTAssertTrue(tables.contains("docs"), "\(tables)")
        XCTAssertTrue(tables.allSatisfy { $0.hasPrefix("docs") }, "\(tables)")
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 0 WHERE id = 8") }, showingB)
    }

    func testOwnCommitsAreNotReportedAgainAsExternal() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        // Our own commits, a WITHOUT ROWID table's (no row detail) included, are never external.
        let ours = try inbox.tablesAfterOwn {
            try db.execute("INSERT INTO a(name) VALUES ('mine')")
            try db.execute("UPDATE c SET amount = 4 WHERE code LIKE 'code 0001%'")
        }
        XCTAssertEqual(ours, [])
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 2 WHERE id = 9") }, showingB)
        // Ours and theirs between two polls: theirs is named; ours may be too, never wrongly left out.
        let tables = try inbox.tables(including: ["c"]) {
            try db.execute("INSERT INTO a(name) VALUES ('mine again')")
            try other.execute("UPDATE c SET amount = 3 WHERE code LIKE 'code 0009%'")
        }
        XCTAssertTrue(tables.contains("c"), "\(tables)")
        XCTAssertFalse(tables.contains("b"), "\(tables)")
    }

    func testAFileOpenedWithNoWALIsFollowedExactly() throws {
        var path = ""
        do {
            // The last connection to close checkpoints the WAL and removes it.
            path = try ExternalChangeFixture.make(self).path
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        let db = try Database(path: path)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 0 WHERE id = 2") }, showingB)
        XCTAssertEqual(try inbox.tables(including: showingA) { try other.execute("UPDATE a SET name = 'again' WHERE id = 2") }, showingA)
    }

    // MARK: - Pages moving between tables

    func testPagesAddedToATableAreCreditedToIt() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        // A first change has the page map read; then the file grows: new pages, unknown to the map
        // until it reads b again.
        XCTAssertEqual(try inbox.tables(including: showingA) { try other.execute("UPDATE a SET name = 'first' WHERE id = 1") }, showingA)
        let grown = try inbox.tables(including: showingB) {
            try other.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO b(value, note) SELECT i, printf('more %.60c', 'm') FROM n
                """)
        }
        XCTAssertEqual(grown, showingB)
        // Only the last leaf page of b changes (and of its index).
        let lastRow = try XCTUnwrap(try other.scalar("SELECT max(id) FROM b"))
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET note = 'last' WHERE id = ?", lastRow) }, showingB)
    }

    func testPagesFreedByOneTableAndReusedByAnotherAreCreditedToTheNewOwner() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        // A first change has the page map read while a still has its pages.
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 0 WHERE id = 1") }, showingB)
        XCTAssertEqual(try inbox.tables(including: showingA) { try other.execute("DELETE FROM a") }, showingA)
        XCTAssertNotEqual(try other.scalar("PRAGMA freelist_count"), .integer(0), "a's pages are free")
        let filled = try inbox.tables(including: ["c"]) {
            try other.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
                INSERT INTO c(code, amount) SELECT printf('zz %04d %.40c', i, 'r'), i FROM n
                """)
        }
        XCTAssertEqual(filled, ["c"])
        XCTAssertEqual(try other.scalar("PRAGMA freelist_count"), .integer(0), "a's pages went to c")
        // A row of c on a page that used to be a's: c is named, not a.
        let tables = try inbox.tables(including: ["c"]) { try other.execute("UPDATE c SET amount = 0 WHERE code = 'zz 0400 ' || printf('%.40c', 'r')") }
        XCTAssertEqual(tables, ["c"])
    }

    // MARK: - When every table is reported

    func testASchemaChangeReportsEveryTable() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 3 WHERE id = 3") }, showingB)

        let tables = try inbox.tables(including: everything.union(["d"])) {
            try other.executeScript("DROP TABLE c; CREATE TABLE d(x)")
        }
        XCTAssertEqual(tables, everything.union(["d"]), "the dropped table is named too")
        // And after it, single tables again.
        XCTAssertEqual(try inbox.tables(including: ["d"]) { try other.execute("INSERT INTO d VALUES (1)") }, ["d"])
    }

    func testACheckpointBetweenCommitsMissesNothing() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = try ExternalChangeFixture.primedInbox(db, path: path)
        let other = try Database(path: path)

        XCTAssertEqual(try inbox.tables(including: showingA) { try other.execute("INSERT INTO a(name) VALUES ('before')") }, showingA)
        // A checkpoint alone changes no table.
        let checkpointOnly = try inbox.tablesAfterOwn { try other.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        XCTAssertEqual(checkpointOnly, [])
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 4 WHERE id = 4") }, showingB)
        // Commit, checkpoint, commit in one go, maybe all before the next poll: both tables are named
        // (exactly, or with every other table when the first commit went to the overwritten WAL).
        let both = try inbox.tables(including: showingA.union(showingB)) {
            try ExternalChangeFixture.runSQLite3(
                path,
                "INSERT INTO a(name) VALUES ('p'); PRAGMA wal_checkpoint(TRUNCATE); UPDATE b SET value = 5 WHERE id = 5;")
        }
        XCTAssertTrue(both.isSuperset(of: showingA.union(showingB)), "\(both)")
    }

    /// The first change seen is named in full at once, without waiting for the map of pages to
    /// tables (every page of the file), which is read after it: the changes after it are exact.
    func testTheFirstChangeIsReportedInFullAtOnceAndTheNextOnesExactly() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let inbox = ExternalChangeInbox(db)
        let other = try Database(path: path)
        XCTAssertEqual(try inbox.tables(including: everything) { try other.execute("UPDATE b SET value = 1 WHERE id = 1") }, everything)
        XCTAssertEqual(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET value = 2 WHERE id = 2") }, showingB)
    }

    func testARollbackJournalFileReportsEveryTable() throws {
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        let (path, db) = try ExternalChangeFixture.make(self, configuration: configuration)
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text("delete"))
        let inbox = ExternalChangeInbox(db)
        let other = try Database(path: path, configuration: configuration)

        // How soon is measured end to end in Benchmarks/reef_live.py, not asserted here.
        XCTAssertEqual(try inbox.tables(including: everything) { try other.execute("UPDATE b SET value = 6 WHERE id = 6") }, everything)
    }
}
