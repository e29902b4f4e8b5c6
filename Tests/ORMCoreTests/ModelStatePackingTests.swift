import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The bookkeeping packed into 32 bytes an object: the status, where the stored key is, how the object
/// is entered in the identity map and the last frame that recorded it share one word; the first 32
/// changed columns sit beside the lock; the database shares one reference with the box of extras.
/// Each packing keeps what the wider fields did.
final class ModelStatePackingTests: XCTestCase {
    /// Every field of the shared word reads back what was written, whatever the others hold, up to the
    /// largest frame serial.
    func testTheFieldsSharingAWordStayIndependent() {
        var fields = _ModelState.Fields()
        XCTAssertEqual(fields.meta.bits, 0, "a new object's word is all zero")
        let statuses: [_ModelState.Status] = [.new, .persisted, .fault, .deleted]
        let registrations: [_ModelState.Registration] = [.none, .ownClass, .other]
        let keys: [_ModelState.StoredKey] = [
            .null, .init(integer: -1, kind: .integer), .init(integer: .max, kind: .integer), .init(integer: 0, kind: .other),
        ]
        let serials: [UInt64] = [0, 1, 12_345, _ModelState.Meta.serialLimit - 1]
        for status in statuses {
            for registration in registrations {
                for key in keys {
                    for serial in serials {
                        fields.meta.status = status
                        fields.registration = registration
                        fields.meta.key = key
                        fields.meta.touchedBy = serial
                        XCTAssertEqual(fields.meta.status, status)
                        XCTAssertEqual(fields.registration, registration)
                        XCTAssertEqual(fields.meta.key.kind, key.kind)
                        XCTAssertEqual(fields.meta.key.integer, key.integer)
                        XCTAssertEqual(fields.meta.touchedBy, serial)
                    }
                }
            }
        }
    }

    /// Frame serials count up from 1, stay below the 58 bits an object keeps, and never give 0 (the
    /// serial of no frame) when they start again.
    func testFrameSerialsStayBelowTheLimitAndSkipZero() {
        let limit = _ModelState.Meta.serialLimit
        XCTAssertEqual(limit, 1 << 58)
        XCTAssertEqual(WriterRecordState.serial(after: 0), 1)
        XCTAssertEqual(WriterRecordState.serial(after: 41), 42)
        XCTAssertEqual(WriterRecordState.serial(after: limit - 2), limit - 1)
        XCTAssertEqual(WriterRecordState.serial(after: limit - 1), 1)
    }

    /// A rollback puts back the status, key and last frame, but leaves how the object is entered in
    /// the map (which follows the map) as it is now.
    func testARestoreLeavesTheRegistration() {
        var fields = _ModelState.Fields()
        fields.meta.status = .persisted
        fields.meta.key = .init(integer: 7, kind: .integer)
        fields.meta.touchedBy = 3
        fields.registration = .none
        let snapshot = fields.snapshot
        fields.meta.status = .deleted
        fields.meta.touchedBy = 9
        fields.registration = .ownClass
        fields.restore(snapshot)
        XCTAssertEqual(fields.meta.status, .persisted)
        XCTAssertEqual(fields.storedKey, .integer(7))
        XCTAssertEqual(fields.meta.touchedBy, 3)
        XCTAssertEqual(fields.registration, .ownClass)
    }

    /// Columns 33 to 64 (past the bits kept beside the lock, before the second word) are changed,
    /// written, rolled back and reverted like the first ones, on a new object and a persisted one.
    func testColumnsPastThe32ndAreTrackedCommittedAndRolledBack() throws {
        let db = try makeTestDatabase(self)
        let record = WideRecord()
        record.c1 = 1
        record.c40 = 40
        record.c63 = 63
        XCTAssertEqual(record.changedColumns, ["c1", "c40", "c63"])
        try record.commit(in: db)
        XCTAssertFalse(record.hasChanges)
        XCTAssertEqual(try db.fetchAll("SELECT c1, c40, c63 FROM wide"), [[.integer(1), .integer(40), .integer(63)]])

        record.c32 = 5
        XCTAssertEqual(record.changedColumns, ["c32"])
        record.c32 = 0
        XCTAssertFalse(record.hasChanges, "set back to the value it was written with")

        record.c33 = 5
        try? db.transaction { _ in
            record.c33 = 9
            record.c50 = 6
            try record.commit(in: db)
            throw CancellationError()
        }
        XCTAssertEqual(record.c33, 5)
        XCTAssertEqual(record.c50, 0)
        XCTAssertEqual(record.changedColumns, ["c33"])
        record.revert()
        XCTAssertEqual(record.c33, 0)
        XCTAssertFalse(record.hasChanges)
        record.c31 = 31
        record.c32 = 32
        XCTAssertTrue(try record.commit(in: db))
        XCTAssertEqual(try db.fetchAll("SELECT c31, c32, c33, c50 FROM wide"), [[.integer(31), .integer(32), .integer(0), .integer(0)]])
    }

    /// An object whose box of extras is made (its first change) keeps its database in the box: it
    /// commits there, a rollback keeps it there, and its entry leaves the map as it dies.
    func testAnObjectWithABoxKeepsItsDatabase() throws {
        let db = try makeTestDatabase(self)
        let type = ObjectIdentifier(SlimItem.self)
        weak var gone: SlimItem?
        do {
            let item = SlimItem()
            item.name = "a"
            try item.commit(in: db)
            let fetched = try XCTUnwrap(SlimItem.query(in: db).fetch().first)
            XCTAssertTrue(fetched === item)
            item.name = "b"  // a persisted object's change keeps the value it was read with: a box
            XCTAssertNotNil(item._$withStateFields { $0.extras }, "the change made the box")
            XCTAssertTrue(item.database === db)
            try? db.transaction { _ in
                item.score = 2
                try item.commit(in: db)
                throw CancellationError()
            }
            XCTAssertTrue(item.database === db, "the rollback keeps the database")
            XCTAssertEqual(item.score, 0)
            XCTAssertEqual(item.changedColumns, ["name"])
            XCTAssertTrue(try item.commit(in: db))
            XCTAssertEqual(try db.fetchAll("SELECT name FROM slim"), [[.text("b")]])
            XCTAssertTrue(try SlimItem.query(in: db).fetch().first === item)
            XCTAssertEqual(db.identityMap.entryCount(of: type), 1)
            gone = item
        }
        XCTAssertNil(gone)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 0, "the dead object's entry left with it")
        XCTAssertEqual(try SlimItem.query(in: db).fetch().map(\.name), ["b"])
    }

    /// An insert rolled back takes the database away again, also from an object with a box (a
    /// subclass's object entered under its model's type), which can then go to a second database.
    func testARolledBackInsertTakesTheDatabaseOutOfTheBox() throws {
        let first = try makeTestDatabase(self)
        let second = try makeTestDatabase(self)
        let bicycle: Vehicle = Bicycle()
        bicycle.wheels = 2
        try? first.transaction { _ in
            try bicycle.commit(in: first)
            XCTAssertTrue(bicycle.database === first)
            throw CancellationError()
        }
        XCTAssertNil(bicycle.database)
        XCTAssertTrue(bicycle.hasChanges)
        XCTAssertEqual(first.identityMap.entryCount(of: ObjectIdentifier(Vehicle.self)), 0)
        try bicycle.commit(in: second)
        XCTAssertTrue(bicycle.database === second)
        XCTAssertTrue(try Vehicle.query(in: second).fetch().first === bicycle)
        XCTAssertEqual(try Vehicle.query(in: first).fetch().count, 0, "the insert was rolled back")
    }

    /// An object holds its database: the database lives while the object does, with or without a
    /// box, and goes once the object does.
    func testAnObjectHoldsItsDatabaseUntilItDies() throws {
        weak var weakDatabase: Database?
        var item: SlimItem? = SlimItem()
        var boxed: SlimItem? = SlimItem()
        do {
            let db = try makeTestDatabase(self)
            weakDatabase = db
            try item?.commit(in: db)
            try boxed?.commit(in: db)
            boxed?.note = "changed"
        }
        XCTAssertNotNil(weakDatabase)
        item?.name = "written after its database's last other holder let go"
        XCTAssertEqual(try item?.commit(), true)
        item = nil
        XCTAssertNotNil(weakDatabase, "the object with a box holds it still")
        XCTAssertEqual(try boxed?.commit(), true)
        XCTAssertEqual(try weakDatabase?.fetchAll("SELECT count(*) FROM slim WHERE note IS NOT NULL"), [[.integer(1)]])
        boxed = nil
        XCTAssertNil(weakDatabase)
    }
}
