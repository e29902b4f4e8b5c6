import Foundation
import XCTest

@testable import ORMCore

/// Commits by other connections and processes name the tables they changed (and the views that show
/// them), or every table when that cannot be known.
/// SQLite's alone but the first test: they read SQLite's file format (the WAL, its index, the pages
/// of each table, a rollback journal) and run the `sqlite3` program; the first runs on both.
final class ExternalChangeTablesTests: XCTestCase {
    /// Every table and view of the fixture.
    private let everything: Set<String> = ["a", "b", "c", "a_names", "a_and_b"]
    /// What a change to each table names.
    private let showingA: Set<String> = ["a", "a_names", "a_and_b"]
    private let showingB: Set<String> = ["b", "a_and_b"]

    /// Collects the tables of change sets other connections committed.
    private final class Inbox: Sendable {
        private let received = Locked<[Set<String>]>([])
        private let registration = Locked<EventRegistration?>(nil)

        init(_ database: Database) {
            let registration = database.observeChanges { [received] changes in
                if changes.isExternal { received.mutate { $0.append(changes.tables) } }
            }
            self.registration.mutate { $0 = registration }
        }

        deinit { registration.value?.cancel() }

        /// Runs `change`, then returns every table reported for it: waits up to `timeout` for a first
        /// report (a generous limit, for a busy machine; it returns as soon as one comes), then
        /// `settle` more for any other (empty when nothing came).
        func tables(
            after change: () throws -> Void, timeout: TimeInterval = 30, settle: TimeInterval = 0.3
        ) rethrows -> Set<String> {
            let seen = received.value.count
            try change()
            let deadline = Date().addingTimeInterval(timeout)
            while received.value.count == seen && Date() < deadline { usleep(5_000) }
            if received.value.count > seen { usleep(useconds_t(settle * 1_000_000)) }
            return received.value.dropFirst(seen).reduce(into: Set<String>()) { $0.formUnion($1) }
        }

        /// Runs `change`, then returns the change sets reported for it once `enough` holds for them
        /// (waiting up to `timeout`, a guard against a hang) and `settle` more has passed.
        func deliveries(
            after change: () throws -> Void, timeout: TimeInterval = 30, settle: TimeInterval = 0.3,
            until enough: ([Set<String>]) -> Bool
        ) rethrows -> [Set<String>] {
            let seen = received.value.count
            try change()
            let deadline = Date().addingTimeInterval(timeout)
            while !enough(Array(received.value.dropFirst(seen))) && Date() < deadline { usleep(5_000) }
            usleep(useconds_t(settle * 1_000_000))
            return Array(received.value.dropFirst(seen))
        }
    }

    /// Asserts that another connection's `change` is named as exactly `expected`, on either
    /// database. SQLite: every table reported for it. PostgreSQL: the tables its notifications
    /// named; a notification that reaches the watch after its look found the commit lets every
    /// table (`every`) be delivered as well, by design, which is set aside here.
    private func assertNamed(
        _ expected: Set<String>, every: Set<String>, in inbox: Inbox, file: StaticString = #filePath,
        line: UInt = #line, after change: () throws -> Void
    ) throws {
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(try inbox.tables(after: change), expected, file: file, line: line)
        case .postgres:
            let named: ([Set<String>]) -> Set<String> = { sets in
                sets.filter { expected.isSuperset(of: every) || !$0.isSuperset(of: every) }
                    .reduce(into: Set<String>()) { $0.formUnion($1) }
            }
            let sets = try inbox.deliveries(after: change) { named($0).isSuperset(of: expected) }
            XCTAssertEqual(named(sets), expected, "\(sets)", file: file, line: line)
        }
    }

    /// Tables a (with a view over it), b (indexed, and joined with a in a view) and c (`WITHOUT
    /// ROWID`), each a few pages long.
    private func makeFixture(configuration: Configuration = Configuration()) throws -> (path: String, database: Database) {
        let path = try temporaryDatabasePath(self)
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
    private func primedInbox(_ db: Database, path: String) throws -> Inbox {
        let inbox = Inbox(db)
        let other = try Database(path: path)
        let tables = try inbox.tables { try other.execute("UPDATE c SET amount = amount + 1 WHERE code LIKE 'code 0300%'") }
        XCTAssertTrue(tables.isSuperset(of: everything), "the first change names every table: \(tables)")
        return inbox
    }

    /// Runs SQL in a separate `sqlite3` process.
    private func runSQLite3(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, sql)
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
        let inbox = Inbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            waitUntilItHolds("the watch looked") { (db.core.externalChanges.postgresLookCount ?? 0) >= 1 }
        }
        let other = try openSameDatabase(db)

        let every: Set<String> = ["a", "b", "a_names", "a_and_b"]

        let first = try inbox.tables { try other.execute("UPDATE b SET note = 'z' WHERE id = 2") }
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
        let inbox = Inbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            waitUntilItHolds("the watch looked") { (db.core.externalChanges.postgresLookCount ?? 0) >= 1 }
        }
        let other = try openSameDatabase(db)
        XCTAssertTrue(try inbox.tables { try other.execute("UPDATE b SET note = 'y' WHERE id = 1") }.isSuperset(of: showingB))

        let ours = try inbox.tables(after: {
            try db.execute("INSERT INTO a(id, name) VALUES (1, 'mine')")
            try db.transaction { _ in try db.execute("UPDATE b SET value = 4 WHERE id = 1") }
        }, timeout: 1)
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
        let inbox = Inbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            waitUntilItHolds("the watch looked") { (db.core.externalChanges.postgresLookCount ?? 0) >= 1 }
        }
        let other = try openSameDatabase(db)
        XCTAssertTrue(try inbox.tables { try other.execute("UPDATE b SET note = 'y' WHERE id = 1") }.isSuperset(of: showingB))
        try assertNamed(showingB, every: everything, in: inbox) { try other.execute("UPDATE b SET value = 3 WHERE id = 1") }

        let tables = try inbox.tables { try other.executeScript("DROP TABLE c; CREATE TABLE d(x bigint)") }
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
        let inbox = Inbox(db)
        if TestDatabaseKind.current == .postgres {
            addTeardownBlock { db.core.externalChanges.stop() }
            waitUntilItHolds("the watch looked") { (db.core.externalChanges.postgresLookCount ?? 0) >= 1 }
        }
        let tables = try inbox.tables { try other.execute("CREATE TABLE d(x bigint)") }
        XCTAssertTrue(tables.isSuperset(of: ["a", "a_names", "d"]), "\(tables)")
    }

    /// PostgreSQL's watch names with a relation the views reading it, through other views too.
    func testTheViewsShowingARelationIncludeViewsOverViews() {
        let reads: [String: Set<String>] = [
            "a_names": ["a"], "a_and_b": ["a", "b"], "sorted_names": ["a_names"], "looped": ["looped", "b"],
        ]
        let showing = PostgresChangeWatch.viewsShowing(reads)
        XCTAssertEqual(showing["a"], ["a_names", "a_and_b", "sorted_names"])
        XCTAssertEqual(showing["b"], ["a_and_b", "looped"])
        XCTAssertEqual(showing["a_names"], ["sorted_names"])
        XCTAssertNil(showing["sorted_names"])
        XCTAssertNil(showing["c"])
    }

    // MARK: - One table or several

    func testAnotherConnectionNamesOnlyTheTablesItChanged() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        XCTAssertEqual(try inbox.tables { try other.execute("INSERT INTO a(name) VALUES ('new')") }, showingA)
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 1 WHERE id = 150") }, showingB)
        XCTAssertEqual(try inbox.tables { try other.execute("DELETE FROM c WHERE code LIKE 'code 0150%'") }, ["c"])
    }

    func testAnotherProcessNamesOnlyTheTableItChanged() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)

        XCTAssertEqual(try inbox.tables { try runSQLite3(path, "UPDATE b SET note = 'outside' WHERE id = 5") }, showingB)
        XCTAssertEqual(try inbox.tables { try runSQLite3(path, "INSERT INTO a(name) VALUES ('outside')") }, showingA)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM a WHERE name = 'outside'"), .integer(1))
    }

    func testATransactionTouchingTwoTablesNamesBoth() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        let tables = try inbox.tables {
            try other.transaction { _ in
                try other.execute("INSERT INTO a(name) VALUES ('together')")
                try other.execute("UPDATE c SET amount = -1 WHERE code LIKE 'code 0007%'")
            }
        }
        XCTAssertEqual(tables, showingA.union(["c"]))
    }

    func testAVirtualTableIsNamedWithItsShadowTables() throws {
        let (path, db) = try makeFixture()
        try db.execute("CREATE VIRTUAL TABLE docs USING fts5(body)")
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        let tables = try inbox.tables { try other.execute("INSERT INTO docs(body) VALUES ('reef')") }
        XCTAssertTrue(tables.contains("docs"), "\(tables)")
        XCTAssertTrue(tables.allSatisfy { $0.hasPrefix("docs") }, "\(tables)")
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 0 WHERE id = 8") }, showingB)
    }

    func testOwnCommitsAreNotReportedAgainAsExternal() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        // Our own commits, a WITHOUT ROWID table's (no row detail) included, are never external.
        let ours = try inbox.tables(after: {
            try db.execute("INSERT INTO a(name) VALUES ('mine')")
            try db.execute("UPDATE c SET amount = 4 WHERE code LIKE 'code 0001%'")
        }, timeout: 0.4)
        XCTAssertEqual(ours, [])
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 2 WHERE id = 9") }, showingB)
        // Ours and theirs between two polls: theirs is named; ours may be too, never wrongly left out.
        let tables = try inbox.tables {
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
            path = try makeFixture().path
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        let db = try Database(path: path)
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 0 WHERE id = 2") }, showingB)
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE a SET name = 'again' WHERE id = 2") }, showingA)
    }

    // MARK: - Pages moving between tables

    func testPagesAddedToATableAreCreditedToIt() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        // A first change has the page map read; then the file grows: new pages, unknown to the map
        // until it reads b again.
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE a SET name = 'first' WHERE id = 1") }, showingA)
        let grown = try inbox.tables {
            try other.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO b(value, note) SELECT i, printf('more %.60c', 'm') FROM n
                """)
        }
        XCTAssertEqual(grown, showingB)
        // Only the last leaf page of b changes (and of its index).
        let lastRow = try XCTUnwrap(try other.scalar("SELECT max(id) FROM b"))
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET note = 'last' WHERE id = ?", lastRow) }, showingB)
    }

    func testPagesFreedByOneTableAndReusedByAnotherAreCreditedToTheNewOwner() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        // A first change has the page map read while a still has its pages.
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 0 WHERE id = 1") }, showingB)
        XCTAssertEqual(try inbox.tables { try other.execute("DELETE FROM a") }, showingA)
        XCTAssertNotEqual(try other.scalar("PRAGMA freelist_count"), .integer(0), "a's pages are free")
        let filled = try inbox.tables {
            try other.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
                INSERT INTO c(code, amount) SELECT printf('zz %04d %.40c', i, 'r'), i FROM n
                """)
        }
        XCTAssertEqual(filled, ["c"])
        XCTAssertEqual(try other.scalar("PRAGMA freelist_count"), .integer(0), "a's pages went to c")
        // A row of c on a page that used to be a's: c is named, not a.
        let tables = try inbox.tables { try other.execute("UPDATE c SET amount = 0 WHERE code = 'zz 0400 ' || printf('%.40c', 'r')") }
        XCTAssertEqual(tables, ["c"])
    }

    // MARK: - When every table is reported

    func testASchemaChangeReportsEveryTable() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 3 WHERE id = 3") }, showingB)

        let tables = try inbox.tables {
            try other.executeScript("DROP TABLE c; CREATE TABLE d(x)")
        }
        XCTAssertEqual(tables, everything.union(["d"]), "the dropped table is named too")
        // And after it, single tables again.
        XCTAssertEqual(try inbox.tables { try other.execute("INSERT INTO d VALUES (1)") }, ["d"])
    }

    func testACheckpointBetweenCommitsMissesNothing() throws {
        let (path, db) = try makeFixture()
        let inbox = try primedInbox(db, path: path)
        let other = try Database(path: path)

        XCTAssertEqual(try inbox.tables { try other.execute("INSERT INTO a(name) VALUES ('before')") }, showingA)
        // A checkpoint alone changes no table.
        let checkpointOnly = try inbox.tables(after: { try other.execute("PRAGMA wal_checkpoint(TRUNCATE)") }, timeout: 0.4)
        XCTAssertEqual(checkpointOnly, [])
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 4 WHERE id = 4") }, showingB)
        // Commit, checkpoint, commit in one go, maybe all before the next poll: both tables are named
        // (exactly, or with every other table when the first commit went to the overwritten WAL).
        let both = try inbox.tables {
            try runSQLite3(
                path,
                "INSERT INTO a(name) VALUES ('p'); PRAGMA wal_checkpoint(TRUNCATE); UPDATE b SET value = 5 WHERE id = 5;")
        }
        XCTAssertTrue(both.isSuperset(of: showingA.union(showingB)), "\(both)")
    }

    /// The first change seen is named in full at once, without waiting for the map of pages to
    /// tables (every page of the file), which is read after it: the changes after it are exact.
    func testTheFirstChangeIsReportedInFullAtOnceAndTheNextOnesExactly() throws {
        let (path, db) = try makeFixture()
        let inbox = Inbox(db)
        let other = try Database(path: path)
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 1 WHERE id = 1") }, everything)
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 2 WHERE id = 2") }, showingB)
    }

    func testARollbackJournalFileReportsEveryTable() throws {
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        let (path, db) = try makeFixture(configuration: configuration)
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text("delete"))
        let inbox = Inbox(db)
        let other = try Database(path: path, configuration: configuration)

        // How soon is measured end to end in Benchmarks/reef_live.py, not asserted here.
        XCTAssertEqual(try inbox.tables { try other.execute("UPDATE b SET value = 6 WHERE id = 6") }, everything)
    }

    // MARK: - The parts

    func testWALIndexHeaderCountsCommitsAndFrames() throws {
        let (path, db) = try makeFixture()
        let other = try Database(path: path)
        let first = try XCTUnwrap(try db.readSQLite("a test") { $0.walIndexHeader() })
        try other.execute("UPDATE b SET value = 7 WHERE id = 7")
        try db.execute("UPDATE a SET name = 'x' WHERE id = 7")
        let second = try XCTUnwrap(try db.readSQLite("a test") { $0.walIndexHeader() })
        XCTAssertEqual(second.commitCounter, first.commitCounter + 2)
        XCTAssertGreaterThan(second.frameCount, first.frameCount)
        XCTAssertEqual(second.salts, first.salts)
        XCTAssertEqual(second.pageSize, 4096)
        XCTAssertNil(WALIndexHeader.parse([UInt8](repeating: 0, count: WALIndexHeader.byteCount)))
    }

    func testWALFramesAreReadOnlyWhenEveryCommitIsAccountedFor() throws {
        let (_, other) = try makeFixture()
        func header() throws -> WALIndexHeader { try XCTUnwrap(try other.readSQLite("a test") { $0.walIndexHeader() }) }
        func written(after earlier: WALIndexHeader, upTo later: WALIndexHeader) throws -> Set<UInt32>? {
            try other.readSQLite("a test") { WALFrames.pagesWritten(in: $0, after: earlier, upTo: later) }
        }
        let map = try other.readSQLite("a test") { try PageMap.read($0) }
        func tables(_ pages: Set<UInt32>) -> Set<String> { map.tables(showing: map.objects(owning: pages)) }

        let start = try header()
        try other.execute("UPDATE b SET value = 8 WHERE id = 1")
        let afterUpdate = try header()
        let first = try XCTUnwrap(try written(after: start, upTo: afterUpdate))
        XCTAssertFalse(first.contains(1))
        XCTAssertEqual(tables(first), showingB)
        XCTAssertEqual(try written(after: afterUpdate, upTo: afterUpdate), [])

        // A checkpoint that empties the WAL loses nothing: no commit happened.
        try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let afterCheckpoint = try header()
        XCTAssertNotEqual(afterCheckpoint.salts, afterUpdate.salts)
        XCTAssertEqual(try written(after: afterUpdate, upTo: afterCheckpoint), [])
        // A commit in the new WAL after it: read from the WAL's start.
        try other.execute("UPDATE b SET value = 9 WHERE id = 1")
        let afterSecond = try header()
        let second = try XCTUnwrap(try written(after: afterUpdate, upTo: afterSecond))
        XCTAssertEqual(tables(second), showingB)

        // A commit that went to a WAL since overwritten cannot be told: nil, so everything is reported.
        try other.execute("UPDATE a SET name = 'lost' WHERE id = 1")
        try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try other.execute("UPDATE b SET value = 10 WHERE id = 1")
        let afterLoss = try header()
        XCTAssertNil(try written(after: afterSecond, upTo: afterLoss))
    }

    func testPageMapCreditsIndexPagesToTheirTableAndKnowsWhatViewsRead() throws {
        let (_, db) = try makeFixture()
        let map = try db.readSQLite("a test") { try PageMap.read($0) }
        let roots = try db.fetchAll("SELECT name, tbl_name, rootpage FROM sqlite_schema WHERE rootpage > 0")
        for row in roots {
            guard case .integer(let root) = row[2], case .text(let table) = row[1] else { return XCTFail("\(row)") }
            let owner = try XCTUnwrap(map.owner(of: UInt32(root)), "\(row)")
            XCTAssertEqual(map.objects[owner].table, table, "\(row)")
        }
        let pageCount = try XCTUnwrap(try db.scalar("PRAGMA page_count"))
        let mappedPages = map.objects.reduce(0) { $0 + $1.pages.count }
        XCTAssertEqual(.integer(Int64(mappedPages)), pageCount, "every page of a file with no free page")

        let ofB = try XCTUnwrap(map.objects.firstIndex { $0.name == "b" })
        let ofIndex = try XCTUnwrap(map.objects.firstIndex { $0.name == "b_value" })
        XCTAssertEqual(map.objects[ofIndex].table, "b")
        XCTAssertEqual(map.tables(showing: [ofIndex]), showingB)
        XCTAssertEqual(map.tables(showing: [ofB, ofIndex]), showingB)
        let schema = try XCTUnwrap(map.owner(of: 1))
        XCTAssertEqual(map.tables(showing: [schema]), [], "SQLite's own tables are never named")
        XCTAssertEqual(map.allTables, everything)
    }
}
