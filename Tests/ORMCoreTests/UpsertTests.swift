import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "up_tag")
final class UpTag {
    @Column(unique: true) var name: String = ""
    var uses: Int = 0
    static let onConflict = InsertConflictPolicy.update
    static let log = Lock<[String]>([])

    func willInsert() -> Bool {
        Self.log.withLock { $0.append("willInsert \(name)") }
        return true
    }
    func willUpdate() -> Bool {
        Self.log.withLock { $0.append("willUpdate \(name)") }
        return true
    }
    func didInsert() { Self.log.withLock { $0.append("didInsert \(name)") } }
    func didUpdate() { Self.log.withLock { $0.append("didUpdate \(name)") } }
}

@Model(table: "up_seat", indexes: [Index("row", "number", unique: true)])
final class UpSeat {
    var row: String = ""
    var number: Int = 0
    var holder: String?
}

@Model(table: "up_country")
final class UpCountry {
    @Key var code: String = ""
    var name: String = ""
}

/// Committing a new object whose unique column clashes with a stored row: fail (the default), or
/// update that row (`onConflict: .update`, per model or per call).
final class UpsertTests: XCTestCase {
    /// Per model: the stored row is updated with the object's values, the object takes its key,
    /// and events and hooks see an update.
    func testAModelThatUpsertsUpdatesTheStoredRow() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        try db.prepare(UpTag.self)
        try db.execute("INSERT INTO up_tag(id, name, uses) VALUES (7, 'swift', 1)")
        let queue = DispatchQueue(label: "events")
        let events = Locked<[RecordEvent]>([])
        let registration = try UpTag.eventHandler(in: db).register(queue: queue) { event in
            events.mutate { $0.append(event) }
        }
        defer { registration.cancel() }
        UpTag.log.withLock { $0.removeAll() }
        _ = try db.scalar("SELECT count(*) FROM up_tag")  // a reader opened (and its setup traced) before the trace
        recorder.reset()

        let tag = UpTag()
        tag.name = "swift"
        tag.uses = 5
        XCTAssertTrue(try tag.commit(in: db))
        XCTAssertEqual(tag.id, 7)
        XCTAssertFalse(tag.isNew)
        XCTAssertFalse(tag.hasChanges)
        XCTAssertEqual(try db.fetchAll("SELECT id, name, uses FROM up_tag"), [[.integer(7), .text("swift"), .integer(5)]])
        XCTAssertTrue(try UpTag.find(7, in: db) === tag, "the object is the row's object")
        queue.sync {}
        XCTAssertEqual(events.value.map(\.operation), [.update])
        XCTAssertEqual(events.value.first?.key, .integer(7))
        XCTAssertEqual(events.value.first?.origin, .object)
        XCTAssertEqual(UpTag.log.withLock { $0 }, ["willInsert swift", "willUpdate swift", "didUpdate swift"])
        // Each database's own words: PostgreSQL's insert reads its key back, and runs in a savepoint
        // (a failed statement aborts the transaction there until one is rolled back).
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(
                recorder.recorded.filter { !$0.hasPrefix("SELECT") },
                [
                    "BEGIN IMMEDIATE", #"INSERT INTO "up_tag" ("name", "uses") VALUES (?, ?)"#,
                    #"UPDATE "up_tag" SET "name" = ?, "uses" = ? WHERE "id" = ?"#, "COMMIT",
                ])
        case .postgres:
            XCTAssertEqual(
                recorder.recorded.filter { !$0.hasPrefix("SELECT") },
                [
                    TestDatabaseKind.postgresBegin, #"SAVEPOINT "orm_savepoint_1""#,
                    #"INSERT INTO "up_tag" ("name", "uses") VALUES (?, ?) RETURNING "id""#,
                    #"ROLLBACK TO SAVEPOINT "orm_savepoint_1""#, #"RELEASE SAVEPOINT "orm_savepoint_1""#,
                    #"UPDATE "up_tag" SET "name" = ?, "uses" = ? WHERE "id" = ?"#, "COMMIT",
                ])
        }

        let other = UpTag()
        other.name = "rust"
        try other.commit(in: db)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM up_tag"), .integer(2), "no clash: an insert")
    }

    /// Per call; and the default fails with the database's unique-violation error, changing nothing.
    func testPerCallUpsertAndTheDefaultFailure() throws {
        let db = try makeTestDatabase(self)
        let first = UpSeat()
        first.row = "A"
        first.number = 1
        first.holder = "ann"
        try first.commit(in: db)
        let clash = UpSeat()
        clash.row = "A"
        clash.number = 1
        clash.holder = "bob"
        XCTAssertThrowsError(try clash.commit(in: db)) { error in
            switch TestDatabaseKind.current {
            case .sqlite: XCTAssertEqual((error as? SQLiteError)?.extendedCode.rawValue, 2067, "\(error)")
            case .postgres: XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "23505", "\(error)")
            }
        }
        XCTAssertTrue(clash.isNew)
        XCTAssertEqual(clash.id, 0)

        XCTAssertTrue(try clash.commit(in: db, options: CommitOptions(onConflict: .update)))
        XCTAssertEqual(clash.id, first.id, "a unique index over two columns")
        XCTAssertEqual(try db.fetchAll("SELECT holder FROM up_seat"), [[.text("bob")]])
        XCTAssertTrue(try UpSeat.find(first.id, in: db) === clash, "the upserted object is the row's object now")
        XCTAssertEqual(first.holder, "bob", "the object that held the row reads it again")
        XCTAssertFalse(first.hasChanges)
    }

    /// A key the object provides clashes like a unique column.
    func testAProvidedKeyClash() throws {
        let db = try makeTestDatabase(self)
        let france = UpCountry()
        france.code = "FR"
        france.name = "France"
        try france.commit(in: db)
        let again = UpCountry()
        again.code = "FR"
        again.name = "République française"
        XCTAssertThrowsError(try again.commit(in: db))
        try again.commit(in: db, options: CommitOptions(onConflict: .update))
        XCTAssertEqual(try db.fetchAll("SELECT code, name FROM up_country"), [[.text("FR"), .text("République française")]])
    }

    /// The live object that held the row keeps its unsaved changes; a rollback puts everything back:
    /// the upserted object is new again, the other one the row's object again.
    func testTheLiveObjectOfTheRowAndARollback() throws {
        let db = try makeTestDatabase(self)
        let stored = UpTag()
        stored.name = "swift"
        stored.uses = 1
        try stored.commit(in: db)
        let id = stored.id

        let tag = UpTag()
        tag.name = "swift"
        tag.uses = 9
        try? db.transaction { _ in
            try tag.commit(in: db)
            XCTAssertTrue(try UpTag.find(id, in: db) === tag)
            throw CancellationError()
        }
        XCTAssertTrue(tag.isNew)
        XCTAssertEqual(tag.id, 0)
        XCTAssertTrue(try UpTag.find(id, in: db) === stored, "the row's object again")
        XCTAssertEqual(stored.uses, 1)
        XCTAssertEqual(try db.scalar("SELECT uses FROM up_tag"), .integer(1))

        stored.uses = 2  // unsaved
        try tag.commit(in: db)
        XCTAssertEqual(stored.uses, 2, "its unsaved change is kept")
        XCTAssertEqual(stored.changedColumns, ["uses"])
        XCTAssertEqual(tag.uses, 9)
    }
}
