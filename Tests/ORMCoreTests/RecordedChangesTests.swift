import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The changes of a commit from either source: SQLite's hooks, or the writes ORMCore recorded on a
/// database without hooks. Events (per class and per object, coalesced and per row), the identity
/// map's refresh, result sets and dynamic tables' edits behave the same from both.
final class RecordedChangesTests: XCTestCase {
    /// The two ways a database is opened here.
    enum Source: CaseIterable { case hooks, recordedWrites }

    /// A fresh database telling its changes from `source`: the hooks are SQLite's own, so always a
    /// SQLite file; recorded writes are PostgreSQL's way, so a database of the tests' server on the
    /// PostgreSQL run and SQLite without its hooks (``RecordedWritesDriver``) on the SQLite one.
    private func open(_ source: Source, _ recorder: SQLRecorder = SQLRecorder()) throws -> Database {
        let configuration = recorder.configuration
        switch (source, TestDatabaseKind.current) {
        case (.hooks, _):
            return try Database(path: try temporaryDatabasePath(self), configuration: configuration)
        case (.recordedWrites, .postgres):
            return try makeTestDatabase(self, configuration: configuration)
        case (.recordedWrites, .sqlite):
            let path = try temporaryDatabasePath(self)
            return try Database(
                driver: RecordedWritesDriver(path: path, configuration: configuration), path: path,
                configuration: configuration)
        }
    }

    /// Whether `db` is a PostgreSQL database (whose DDL differs where a key numbers itself).
    private func isPostgres(_ db: Database) -> Bool { db.core.serverConnectionString != nil }

    /// An event as both sources must tell it.
    private struct Told: Hashable, CustomStringConvertible {
        let entity: String
        let operation: RecordOperation?
        let key: SQLValue?
        let rowID: Int64?
        let changedColumns: [String]?
        let origin: ChangeOrigin

        init(_ event: RecordEvent) {
            entity = event.entity
            operation = event.operation
            key = event.key
            rowID = event.rowID
            changedColumns = event.changedColumns
            origin = event.origin
        }

        var description: String {
            "\(entity) \(operation.map { "\($0)" } ?? "table") \(key.map { "\($0)" } ?? "-") \(changedColumns ?? []) \(origin)"
        }
    }

    /// Collects a class's events (coalesced and per row) and one object's, delivered on `queue`.
    private final class Inbox: Sendable {
        let queue = DispatchQueue(label: "recorded-changes-events")
        let coalesced = Locked<[RecordEvent]>([])
        let everyRow = Locked<[RecordEvent]>([])
        let object = Locked<[RecordEvent]>([])
        let changeSets = Locked<[ChangeSet]>([])

        /// Waits until every event of the writes so far is delivered (delivery is queued on
        /// `queue` before the write returns).
        @discardableResult
        func settled() -> Inbox {
            queue.sync {}
            return self
        }
    }

    private func observe(_ db: Database, object: RCItem) throws -> (Inbox, [EventRegistration]) {
        let inbox = Inbox()
        let registrations = [
            try RCItem.eventHandler(in: db).register(queue: inbox.queue) { event in
                inbox.coalesced.mutate { $0.append(event) }
            },
            try RCItem.eventHandler(in: db).register(queue: inbox.queue, granularity: .everyRow) { event in
                inbox.everyRow.mutate { $0.append(event) }
            },
            try object.observe(queue: inbox.queue) { event in inbox.object.mutate { $0.append(event) } },
            db.observeChanges(synchronously: true) { changes in inbox.changeSets.mutate { $0.append(changes) } },
        ]
        return (inbox, registrations)
    }

    /// The same writes of objects: commits, a transaction, a rolled-back transaction and savepoint,
    /// a remove; returns what was told.
    private func objectWrites(_ source: Source) throws -> (coalesced: [Told], everyRow: [Told], object: [Told]) {
        let db = try open(source)
        let watched = RCItem()
        watched.name = "watched"
        try watched.commit(in: db)
        let (inbox, registrations) = try observe(db, object: watched)
        defer { registrations.forEach { $0.cancel() } }

        let a = RCItem()
        a.name = "a"
        try a.commit(in: db)  // an insert on its own
        watched.stock = 1
        try watched.commit(in: db)  // an update on its own
        let b = RCItem()
        let fleeting = RCItem()
        try db.transaction { _ in
            b.name = "b"
            try b.commit(in: db)
            b.stock = 2
            try b.commit(in: db)
            try fleeting.commit(in: db)
            watched.name = "renamed"
            try watched.commit(in: db)
            try fleeting.remove()
            // A savepoint rolled back: its writes are never told.
            try? db.transaction { _ in
                a.stock = 99
                try a.commit(in: db)
                throw CancellationError()
            }
        }
        // A transaction rolled back: nothing told.
        try? db.transaction { _ in
            watched.stock = 50
            try watched.commit(in: db)
            throw CancellationError()
        }
        try watched.remove()
        inbox.settled()
        XCTAssertFalse(inbox.changeSets.value.contains { $0.isExternal })
        return (
            inbox.coalesced.value.map(Told.init), inbox.everyRow.value.map(Told.init), inbox.object.value.map(Told.init)
        )
    }

    func testTheTwoSourcesTellTheSameEventsForTheSameObjectWrites() throws {
        let hooks = try objectWrites(.hooks)
        let recorded = try objectWrites(.recordedWrites)
        XCTAssertEqual(recorded.coalesced, hooks.coalesced)
        XCTAssertEqual(recorded.everyRow, hooks.everyRow)
        XCTAssertEqual(recorded.object, hooks.object)
        // And what they tell is right: the savepoint's and the rolled-back transaction's writes
        // never, the transaction's rows coalesced to each row's final effect.
        XCTAssertEqual(
            recorded.coalesced.map { "\($0.operation.map { "\($0)" } ?? "table") \($0.key ?? .null)" },
            ["insert 2", "update 1", "insert 3", "update 1", "delete 1"])
        XCTAssertEqual(recorded.coalesced.dropFirst(3).first?.changedColumns, ["name"])
        XCTAssertEqual(recorded.everyRow.count, 8, "\(recorded.everyRow)")
        XCTAssertEqual(recorded.object.map(\.operation), [.update, .update, .delete])
        XCTAssertTrue(recorded.coalesced.allSatisfy { $0.origin == .object })
    }

    func testAWriteOfARowAnotherConnectionRemovedIsToldByNeitherSource() throws {
        for source in Source.allCases {
            let db = try open(source)
            let item = RCItem()
            item.name = "gone"
            try item.commit(in: db)
            // Deleted by another connection; no observer here, so no watch notices it meanwhile.
            try openSameDatabase(db).execute("DELETE FROM rc_item")
            let told = Locked<[ChangeSet]>([])
            let token = db.changeCenter.addObserver { changes in told.mutate { $0.append(changes) } }
            defer { db.changeCenter.removeObserver(token) }
            item.stock = 5
            try item.commit(in: db)  // an UPDATE that finds no row
            try item.remove()  // a DELETE that finds none
            XCTAssertEqual(told.value.map(\.tables), [], "\(source): no row was written")
        }
    }

    func testObjectsCommitAndRemoveThroughTheReturnedKeyAndTheIdentityMap() throws {
        let recorder = SQLRecorder()
        let db = try open(.recordedWrites, recorder)
        let item = RCItem()
        item.name = "bolt"
        try item.commit(in: db)
        XCTAssertEqual(item.id, 1)
        XCTAssertTrue(recorder.recorded.contains(#"INSERT INTO "rc_item" ("name", "stock") VALUES (?, ?) RETURNING "id""#),
                      "\(recorder.recorded)")
        XCTAssertTrue(try RCItem.find(1, in: db) === item, "one live object per row")

        let tag = RCTag()
        tag.id = "blue"
        tag.label = "Blue"
        try tag.commit(in: db)
        let tags = Locked<[RecordEvent]>([])
        let queue = DispatchQueue(label: "tags")
        let registration = try RCTag.eventHandler(in: db).register(queue: queue) { event in tags.mutate { $0.append(event) } }
        defer { registration.cancel() }
        try db.transaction { _ in
            tag.label = "Navy"
            try tag.commit(in: db)
            tag.label = "Sky"
            try tag.commit(in: db)
        }
        try tag.remove()
        queue.sync {}
        XCTAssertEqual(tags.value.map(\.operation), [.update, .delete], "a text key's writes coalesce by its key")
        XCTAssertEqual(tags.value.map(\.key), [.text("blue"), .text("blue")])
        XCTAssertEqual(tags.value.first?.changedColumns, ["label"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM rc_tag"), .integer(0))
    }

    func testRawSQLReachesSubscribersAsATableChangeAndRefreshesLiveObjects() throws {
        let db = try open(.recordedWrites)
        let item = RCItem()
        item.name = "bolt"
        try item.commit(in: db)
        let (inbox, registrations) = try observe(db, object: item)
        defer { registrations.forEach { $0.cancel() } }

        try db.execute("UPDATE rc_item SET stock = 7")
        inbox.settled()
        XCTAssertEqual(inbox.coalesced.value.map(Told.init).map(\.description), ["rc_item table - [] sql"])
        XCTAssertEqual(inbox.changeSets.value.last?.tablesWithoutRowDetail, ["rc_item"])
        XCTAssertEqual(item.stock, 7, "the live object reloads what raw SQL wrote")
        XCTAssertTrue(try RCItem.find(item.id, in: db) === item)

        // Rolled back, by ORMCore or by raw SQL: nothing told.
        try? db.transaction { _ in
            try db.execute("DELETE FROM rc_item")
            throw CancellationError()
        }
        try db.execute("BEGIN")
        try db.execute("INSERT INTO rc_item (name, stock) VALUES ('x', 1)")
        try db.execute("ROLLBACK")
        inbox.settled()
        XCTAssertEqual(inbox.changeSets.value.count, 1, "\(inbox.changeSets.value.map(\.tables))")

        // A raw transaction is told at its COMMIT; a script by the tables it writes.
        try db.execute("BEGIN")
        try db.execute("INSERT INTO rc_item (name, stock) VALUES ('x', 1)")
        XCTAssertEqual(inbox.settled().changeSets.value.count, 1, "nothing before the commit")
        try db.execute("COMMIT")
        try db.executeScript(
            "CREATE TABLE other (x bigint); INSERT INTO other VALUES (1); DELETE FROM \"rc_item\" WHERE name = 'x'")
        inbox.settled()
        XCTAssertEqual(inbox.changeSets.value.dropFirst().map(\.tables), [["rc_item"], ["other", "rc_item"]])
        try RCItem.query(in: db).where("name = 'bolt'").removeAll()
        inbox.settled()
        XCTAssertEqual(inbox.changeSets.value.last?.tables, ["rc_item"])
        XCTAssertNil(try RCItem.find(item.id, in: db))
        XCTAssertEqual(inbox.object.value.last?.operation, nil, "the object's observer hears its table changed")
    }

    func testDynamicTableEditsAreToldAsTheHooksTellThem() throws {
        func edits(_ source: Source) throws -> [Told] {
            let db = try open(source)
            // A key the database numbers: SQLite's rowid alias, PostgreSQL's identity column.
            try db.execute(
                isPostgres(db)
                    ? "CREATE TABLE note (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, body text)"
                    : "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
            try db.execute("INSERT INTO note (body) VALUES ('one'), ('two')")
            let table = try db.table("note")
            let told = Locked<[RecordEvent]>([])
            let queue = DispatchQueue(label: "notes")
            let registration = table.eventHandler().register(queue: queue, granularity: .everyRow) { event in
                told.mutate { $0.append(event) }
            }
            defer { registration.cancel() }
            let applied = try table.apply([
                .insert(values: ["body": .text("three")]),
                .update(key: [.integer(1)], original: ["id": .integer(1), "body": .text("one")], changes: ["body": .text("uno")]),
                .delete(key: [.integer(2)], original: ["id": .integer(2), "body": .text("two")]),
            ])
            XCTAssertEqual(applied.inserted, [3])
            queue.sync {}
            return told.value.map(Told.init)
        }
        let hooks = try edits(.hooks)
        XCTAssertEqual(try edits(.recordedWrites), hooks)
        XCTAssertEqual(hooks.map(\.description), ["note insert 3 [] sql", "note update 1 [] sql", "note delete 2 [] sql"])
    }

    func testBatchedResultSetsReadWhatWasWrittenAndAreToldToRefresh() throws {
        let db = try open(.recordedWrites)
        try db.transaction { _ in
            for index in 0..<250 {
                let item = RCItem()
                item.name = "item \(index)"
                item.stock = index
                try item.commit(in: db)
            }
        }
        let results = try RCItem.query(in: db).orderBy("stock", descending: true).batch(40).fetch()
        XCTAssertEqual(results.count, 250)
        XCTAssertEqual(results[0].stock, 249)
        XCTAssertEqual(results[200].name, "item 49")
        XCTAssertTrue(results[200] === (try RCItem.find(results[200].id, in: db)), "rows become the live objects")
        let told = Locked<[ChangeSet]>([])
        let registration = db.observeChanges(synchronously: true) { changes in told.mutate { $0.append(changes) } }
        defer { registration.cancel() }
        try RCItem.query(in: db).where("stock < 50").removeAll()
        XCTAssertEqual(told.value.map(\.tables), [["rc_item"]])
        let refreshed = try RCItem.query(in: db).orderBy("stock", descending: true).batch(40).fetch()
        XCTAssertEqual(refreshed.count, 200)
        XCTAssertEqual(refreshed[199].stock, 50)
    }

    func testRawSQLOnATableWithoutRowIDIsToldAsThisProcessesNotAnotherOnes() throws {
        // SQLite's hooks report no rows of a WITHOUT ROWID table: its change is table-level, and
        // was told as another process's (`.external`) for want of rows beside it. PostgreSQL's raw
        // SQL is always table-level: a table keyed by text there.
        for source in Source.allCases {
            let db = try open(source)
            try db.execute(
                isPostgres(db) ? "CREATE TABLE word (w text PRIMARY KEY)" : "CREATE TABLE word (w TEXT PRIMARY KEY) WITHOUT ROWID")
            let told = Locked<[RecordEvent]>([])
            let queue = DispatchQueue(label: "words")
            let registration = try db.table("word").eventHandler().register(queue: queue) { event in
                told.mutate { $0.append(event) }
            }
            defer { registration.cancel() }
            try db.execute("INSERT INTO word VALUES ('a'), ('b')")
            queue.sync {}
            XCTAssertEqual(told.value.map(Told.init).map(\.description), ["word table - [] sql"], "\(source)")
        }
    }

    func testEveryWriteOfAnInMemoryDatabaseIsToldFromEitherSource() throws {
        // SQLite's alone: an in-memory database, with and without SQLite's hooks.
        // In memory the writer does everything, the trial of staged edits too: rolled back, untold.
        for driver in [true, false] {
            var sqlite = SQLiteDriver(path: ":memory:", configuration: Configuration())
            sqlite.changeHooks = driver
            let db = try Database(driver: sqlite, path: ":memory:", configuration: Configuration())
            XCTAssertEqual(db.core.capabilities.changeSource, driver ? .connectionHooks : .recordedWrites)
            let told = Locked<[ChangeSet]>([])
            let registration = db.observeChanges(synchronously: true) { changes in told.mutate { $0.append(changes) } }
            defer { registration.cancel() }
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
            try db.execute("INSERT INTO t (v) VALUES (1)")
            let table = try db.table("t")
            let verdicts = try table.check([.update(key: [.integer(1)], original: ["id": .integer(1), "v": .integer(1)], changes: ["v": .integer(2)])])
            XCTAssertEqual(verdicts.count, 1)
            XCTAssertEqual(told.value.map(\.tables), [["t"]], "source \(driver ? "hooks" : "recorded")")
        }
    }

    /// On either database, the trial of staged edits (always rolled back) tells nothing; the writes
    /// before it are told.
    func testTheTrialOfStagedEditsIsNeverTold() throws {
        let db = try makeTestDatabase(self)
        let told = Locked<[ChangeSet]>([])
        let registration = db.observeChanges(synchronously: true) { changes in told.mutate { $0.append(changes) } }
        defer { registration.cancel() }
        try db.execute("CREATE TABLE t (id bigint PRIMARY KEY, v bigint)")
        try db.execute("INSERT INTO t (id, v) VALUES (1, 1)")
        let table = try db.table("t")
        let verdicts = try table.check([
            .update(key: [.integer(1)], original: ["id": .integer(1), "v": .integer(1)], changes: ["v": .integer(2)]),
            .insert(values: ["id": .integer(2), "v": .integer(5)]),
        ])
        XCTAssertEqual(verdicts.count, 2)
        XCTAssertEqual(told.value.map(\.tables), [["t"]], "the insert alone")
        XCTAssertEqual(try db.fetchAll("SELECT id, v FROM t"), [[1, 1]], "the trial left nothing")
    }
}
