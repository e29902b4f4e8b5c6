import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A `Codable` value that is not `Equatable`: compared by its JSON text.
struct GadgetSpec: Codable, Sendable {
    var sizes: [Int]
}

@Model(table: "gadget")
final class Gadget {
    var name: String = ""
    var note: String?
    var weight: Double = 0
    var spec: GadgetSpec = GadgetSpec(sizes: [])
    var maker: Team?
}

/// A model that is also `Equatable`: a relationship to it still compares by identity (and the
/// setter's comparison compiles without ambiguity).
@Model(table: "ct_label")
final class CTLabel: Equatable {
    var text: String = ""
    static func == (first: CTLabel, second: CTLabel) -> Bool { first.text == second.text }
}

/// A type stored in one column that is not `Equatable`: compared by the value it stores.
struct CTCents: DatabaseValueConvertible {
    var cents: Int64
    static var columnType: ColumnType { .integer }
    var databaseValue: SQLValue { .integer(cents) }
    static func fromDatabaseValue(_ value: SQLValue) -> CTCents? {
        if case .integer(let cents) = value { return CTCents(cents: cents) }
        return nil
    }
}

@Model(table: "ct_box")
final class CTBox {
    var label: CTLabel?
    var price: CTCents = CTCents(cents: 0)
}

/// Change tracking: what marks a property changed, and `revert()` / `refresh()`.
final class ChangeTrackingTests: XCTestCase {
    private func committedGadget(in db: Database) throws -> Gadget {
        let maker = Team()
        maker.name = "Acme"
        let gadget = Gadget()
        gadget.name = "café"
        gadget.weight = 1.5
        gadget.spec = GadgetSpec(sizes: [1, 2])
        gadget.maker = maker
        try gadget.commit(in: db)
        return gadget
    }

    /// Assigning the value a property holds (nil to nil included) marks nothing changed: the next
    /// commit writes nothing and delivers no event. It used to run an UPDATE and deliver an update.
    func testAssigningTheValueAPropertyHoldsChangesNothing() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        let gadget = try committedGadget(in: db)
        let queue = DispatchQueue(label: "events")
        let events = Locked<[RecordEvent]>([])
        let registration = try Gadget.eventHandler(in: db).register(queue: queue) { event in
            events.mutate { $0.append(event) }
        }
        defer { registration.cancel() }
        recorder.reset()

        gadget.name = "café"
        gadget.note = nil
        gadget.weight = 1.5
        gadget.spec = GadgetSpec(sizes: [1, 2])
        gadget.maker = gadget.maker
        XCTAssertFalse(gadget.hasChanges)
        XCTAssertEqual(gadget.changedColumns, [])
        XCTAssertFalse(try gadget.commit(in: db))

        gadget.name = "tea"
        gadget.name = "café"
        XCTAssertFalse(gadget.hasChanges, "changed back to the value it was read with")
        XCTAssertFalse(try gadget.commit(in: db))
        queue.sync {}
        XCTAssertEqual(recorder.recorded, [], "nothing was written")
        XCTAssertEqual(events.value, [], "and no event delivered")
    }

    /// "The same" is stored the same: canonically equivalent text with other bytes, -0.0 for 0.0, an
    /// equal but other related object, other JSON, are changes.
    func testAValueStoredDifferentlyIsAChange() throws {
        let db = try makeTestDatabase(self)
        let gadget = try committedGadget(in: db)
        gadget.name = "cafe\u{301}"
        XCTAssertEqual(gadget.changedColumns, ["name"], "the same text to Swift, other bytes to SQLite")
        gadget.weight = 0
        try gadget.commit(in: db)
        gadget.weight = -0.0
        gadget.spec = GadgetSpec(sizes: [2, 1])
        gadget.maker = Team()
        gadget.note = ""
        XCTAssertEqual(gadget.changedColumns, ["note", "weight", "spec", "maker"])
        try gadget.commit(in: db)
        // The stored bytes of the name, in each database's own words; the JSON as each stores it
        // (PostgreSQL's jsonb writes it again, spaced).
        let (nameBytes, json): (SQL, String) =
            switch TestDatabaseKind.current {
            case .sqlite: ("SELECT hex(name), note, spec FROM gadget", #"{"sizes":[2,1]}"#)
            case .postgres:
                ("SELECT upper(encode(convert_to(name, 'UTF8'), 'hex')), note, spec FROM gadget", #"{"sizes": [2, 1]}"#)
            }
        XCTAssertEqual(try db.fetchAll(nameBytes).first, [.text("63616665CC81"), .text(""), .text(json)])
        XCTAssertEqual(gadget.spec.sizes, [2, 1])
        XCTAssertTrue(_ColumnCoding.isSame(Double.nan, Double.nan), "NaN is stored as NaN is")
    }

    /// A related object equal by `==` but another object is another row: a change.
    func testAnEqualButOtherRelatedObjectIsAChange() throws {
        let db = try makeTestDatabase(self)
        let box = CTBox()
        box.label = CTLabel()
        try box.commit(in: db)
        box.label = CTLabel()
        XCTAssertEqual(box.changedColumns, ["label"])
        box.price = CTCents(cents: 0)
        XCTAssertEqual(box.changedColumns, ["label"], "a value stored the same")
        box.price = CTCents(cents: 5)
        XCTAssertEqual(box.changedColumns, ["label", "price"])
    }

    /// `revert()` drops the unsaved changes without reading the database.
    func testRevertDropsUnsavedChangesWithoutReading() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        let gadget = try committedGadget(in: db)
        let maker = gadget.maker
        gadget.name = "kettle"
        gadget.note = "dented"
        gadget.maker = nil
        gadget.name = "pot"
        recorder.reset()
        gadget.revert()
        XCTAssertEqual(recorder.recorded, [], "no read")
        XCTAssertEqual(gadget.name, "café")
        XCTAssertNil(gadget.note)
        XCTAssertTrue(gadget.maker === maker)
        XCTAssertFalse(gadget.hasChanges)
        XCTAssertFalse(try gadget.commit(in: db))

        gadget.note = "after the revert"
        XCTAssertEqual(gadget.changedColumns, ["note"], "changes are tracked again from the values put back")
        try gadget.commit(in: db)
        gadget.note = nil
        gadget.revert()
        XCTAssertEqual(gadget.note, "after the revert", "a committed value is what a revert goes back to")

        let fresh = Gadget()
        fresh.name = "unsaved"
        fresh.revert()
        XCTAssertEqual(fresh.name, "unsaved", "a new object has nothing stored to go back to")
        XCTAssertTrue(fresh.isNew)
    }

    /// `refresh()` reads the row again, dropping unsaved changes; a row gone marks the object deleted.
    func testRefreshReadsTheRowAgainDroppingUnsavedChanges() throws {
        let db = try makeTestDatabase(self)
        let gadget = try committedGadget(in: db)
        let elsewhere = try openSameDatabase(db)
        try elsewhere.execute("UPDATE gadget SET note = 'from elsewhere', weight = 2.5")
        gadget.name = "unsaved"
        try gadget.refresh()
        XCTAssertEqual(gadget.name, "café")
        XCTAssertEqual(gadget.note, "from elsewhere")
        XCTAssertEqual(gadget.weight, 2.5)
        XCTAssertFalse(gadget.hasChanges)

        try elsewhere.execute("DELETE FROM gadget")
        XCTAssertThrowsError(try gadget.refresh()) { error in
            XCTAssertEqual(error as? ORMError, .recordNotFound(entity: "gadget", key: .integer(gadget.id)))
        }
        XCTAssertTrue(gadget.isDeleted)
        XCTAssertThrowsError(try Gadget().refresh()) { error in
            guard case .recordNotFound? = error as? ORMError else { return XCTFail("\(error)") }
        }
    }
}
