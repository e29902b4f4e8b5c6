import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// Commits by other connections and processes name the tables they changed (and the views that
/// show them), or every table when that cannot be known, on either database (SQLite's file watch and
/// its parts: `ExternalChangeSQLiteFileTests`, `ExternalChangePartsTests`).
final class ExternalChangeTablesTests: XCTestCase {
    private let everything = ExternalChangeFixture.everything
    private let showingA = ExternalChangeFixture.showingA
    private let showingB = ExternalChangeFixture.showingB

    /// Asserts that another connection's `change` is named as exactly `expected`, on either
    /// database. SQLite: every table reported for it. PostgreSQL: the tables its notifications
    /// named; a notification that reaches the watch after its look found the commit lets every
    /// table (`every`) be delivered as well, by design, which is set aside here.
    private func assertNamed(
        _ expected: Set<String>, every: Set<String>, in inbox: ExternalChangeInbox, file: StaticString = #filePath,
        line: UInt = #line, after change: () throws -> Void
    ) throws {
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(try inbox.tables(including: expected, file: file, line: line, after: change), expected, file: file, line: line)
        case .postgres:
            let named: ([Set<String>]) -> Set<String> = { sets in
                sets.filter { expected.isSuperset(of: every) || !$0.isSuperset(of: every) }
                    .reduce(into: Set<String>()) { $0.formUnion($1) }
            }
            let sets = try inbox.deliveries(file: file, line: line, after: change) { named($0).isSuperset(of: expected) }
            XCTAssertEqual(named(sets), expected, "\(sets)", file: file, line: line)
        }
    }

    // MARK: - On either database

    /// Another connection's commits name the tables they changed and the views that show them, on
    /// either database: SQLite's watch from the pages each commit wrote (the first change it sees
    /// names every table), PostgreSQL's from the notification triggers installed on the tables.
    func testAnotherConnectionNamesTheTablesItChangedAndTheViewsShowingThemOnEitherDatabase() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            """
            CREATE TABLE a(id bigint PRIMARY KEY, name text);
            CREATE TABLE b(id bigint PRIMARY KEY, value bigint, note text);
            CREATE VIEW a_names AS SELECT name FROM a;
            CREATE VIEW a_and_b AS SELECT a.name, b.value FROM a JOIN b ON b.id = a.id;
            INSERT INTO a(id, name) VALUES (1, 'one'), (2, 'two');
            INSERT INTO b(id, value, note) VALUES (1, 7, 'x'), (2, 14, 'y');
            """)
        if TestDatabaseKind.current == .postgres {
            XCTAssertEqual(try db.installChangeNotifications(), ["a", "b"])
        }
        let inbox = ExternalChangeInbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            try waitForTheWatchToStart(db)
        }
        let other = try openSameDatabase(db)

        let every: Set<String> = ["a", "b", "a_names", "a_and_b"]

        let first = try inbox.tables(including: showingB) { try other.execute("UPDATE b SET note = 'z' WHERE id = 2") }
        XCTAssertTrue(first.isSuperset(of: showingB), "\(first)")
        try assertNamed(showingA, every: every, in: inbox) { try other.execute("INSERT INTO a(id, name) VALUES (3, 'new')") }
        try assertNamed(showingB, every: every, in: inbox) { try other.execute("UPDATE b SET value = 1 WHERE id = 1") }
        try assertNamed(showingA.union(showingB), every: every, in: inbox) {
            try other.transaction { _ in
                try other.execute("INSERT INTO a(id, name) VALUES (4, 'together')")
                try other.execute("UPDATE b SET note = 'both' WHERE id = 2")
            }
        }
    }

    /// On either database, this database's own commits never come back as another's; another
    /// connection's commit after them is named as before.
    func testOwnCommitsAreNotReportedAsExternalOnEitherDatabase() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            """
            CREATE TABLE a(id bigint PRIMARY KEY, name text);
            CREATE TABLE b(id bigint PRIMARY KEY, value bigint, note text);
            CREATE VIEW a_names AS SELECT name FROM a;
            CREATE VIEW a_and_b AS SELECT a.name, b.value FROM a JOIN b ON b.id = a.id;
            INSERT INTO b(id, value, note) VALUES (1, 7, 'x');
            """)
        if TestDatabaseKind.current == .postgres {
            XCTAssertEqual(try db.installChangeNotifications(), ["a", "b"])
        }
        let inbox = ExternalChangeInbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            try waitForTheWatchToStart(db)
        }
        let other = try openSameDatabase(db)
        XCTAssertTrue(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET note = 'y' WHERE id = 1") }.isSuperset(of: showingB))

        let ours = try inbox.tablesAfterOwn {
            try db.execute("INSERT INTO a(id, name) VALUES (1, 'mine')")
            try db.transaction { _ in try db.execute("UPDATE b SET value = 4 WHERE id = 1") }
        }
        XCTAssertEqual(ours, [])
        try assertNamed(showingA, every: ["a", "b", "a_names", "a_and_b"], in: inbox) {
            try other.execute("INSERT INTO a(id, name) VALUES (2, 'theirs')")
        }
    }

    /// On either database, another connection's schema change reports every table, the one it
    /// dropped and the one it created included; single tables are named again after it.
    func testASchemaChangeReportsEveryTableOnEitherDatabase() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            """
            CREATE TABLE a(id bigint PRIMARY KEY, name text);
            CREATE TABLE b(id bigint PRIMARY KEY, value bigint, note text);
            CREATE TABLE c(code text PRIMARY KEY, amount double precision);
            CREATE VIEW a_names AS SELECT name FROM a;
            CREATE VIEW a_and_b AS SELECT a.name, b.value FROM a JOIN b ON b.id = a.id;
            INSERT INTO b(id, value, note) VALUES (1, 7, 'x');
            """)
        if TestDatabaseKind.current == .postgres {
            XCTAssertEqual(try db.installChangeNotifications(), ["a", "b", "c"])
        }
        let inbox = ExternalChangeInbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            try waitForTheWatchToStart(db)
        }
        let other = try openSameDatabase(db)
        XCTAssertTrue(try inbox.tables(including: showingB) { try other.execute("UPDATE b SET note = 'y' WHERE id = 1") }.isSuperset(of: showingB))
        try assertNamed(showingB, every: everything, in: inbox) { try other.execute("UPDATE b SET value = 3 WHERE id = 1") }

        let tables = try inbox.tables(including: everything.union(["d"])) { try other.executeScript("DROP TABLE c; CREATE TABLE d(x bigint)") }
        XCTAssertEqual(tables, everything.union(["d"]), "the dropped table is named too")
        if TestDatabaseKind.current == .postgres {
            XCTAssertEqual(try db.installChangeNotifications(on: ["d"]), ["a", "b", "d"])
        }
        try assertNamed(["d"], every: ["a", "b", "d", "a_names", "a_and_b"], in: inbox) {
            try other.execute("INSERT INTO d VALUES (1)")
        }
    }

    /// On either database, a table another connection creates as soon as the watch has begun
    /// (PostgreSQL's had just read the schema's tables) is named.
    func testATableCreatedAsTheWatchBeginsIsNamed() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript("CREATE TABLE a(id bigint PRIMARY KEY, name text); CREATE VIEW a_names AS SELECT name FROM a")
        let other = try openSameDatabase(db)
        let inbox = ExternalChangeInbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            try waitForTheWatchToStart(db)
        }
        let tables = try inbox.tables(including: ["a", "a_names", "d"]) { try other.execute("CREATE TABLE d(x bigint)") }
        XCTAssertTrue(tables.isSuperset(of: ["a", "a_names", "d"]), "\(tables)")
    }
}
