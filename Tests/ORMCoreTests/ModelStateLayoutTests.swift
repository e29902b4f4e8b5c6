import Foundation
import Observation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A model of the benchmark's shape: a key, two strings, a double and an integer.
@Model(table: "slim")
final class SlimItem {
    var name: String = ""
    var score: Double = 0
    var count: Int = 0
    var note: String?
}

/// A model with more columns than one word of changed-column bits holds (70).
@Model(table: "wide")
final class WideRecord {
    var c0: Int = 0
    var c1: Int = 0
    var c2: Int = 0
    var c3: Int = 0
    var c4: Int = 0
    var c5: Int = 0
    var c6: Int = 0
    var c7: Int = 0
    var c8: Int = 0
    var c9: Int = 0
    var c10: Int = 0
    var c11: Int = 0
    var c12: Int = 0
    var c13: Int = 0
    var c14: Int = 0
    var c15: Int = 0
    var c16: Int = 0
    var c17: Int = 0
    var c18: Int = 0
    var c19: Int = 0
    var c20: Int = 0
    var c21: Int = 0
    var c22: Int = 0
    var c23: Int = 0
    var c24: Int = 0
    var c25: Int = 0
    var c26: Int = 0
    var c27: Int = 0
    var c28: Int = 0
    var c29: Int = 0
    var c30: Int = 0
    var c31: Int = 0
    var c32: Int = 0
    var c33: Int = 0
    var c34: Int = 0
    var c35: Int = 0
    var c36: Int = 0
    var c37: Int = 0
    var c38: Int = 0
    var c39: Int = 0
    var c40: Int = 0
    var c41: Int = 0
    var c42: Int = 0
    var c43: Int = 0
    var c44: Int = 0
    var c45: Int = 0
    var c46: Int = 0
    var c47: Int = 0
    var c48: Int = 0
    var c49: Int = 0
    var c50: Int = 0
    var c51: Int = 0
    var c52: Int = 0
    var c53: Int = 0
    var c54: Int = 0
    var c55: Int = 0
    var c56: Int = 0
    var c57: Int = 0
    var c58: Int = 0
    var c59: Int = 0
    var c60: Int = 0
    var c61: Int = 0
    var c62: Int = 0
    var c63: Int = 0
    var c64: Int = 0
    var c65: Int = 0
    var c66: Int = 0
    var c67: Int = 0
    var c68: Int = 0
    var c69: Int = 0
}

/// ``SlimItem`` declared `Observable`: one word more, the registrar.
@Model(table: "slim_observed")
final class ObservedSlimItem: Observable {
    var name: String = ""
    var score: Double = 0
    var count: Int = 0
    var note: String?
}

/// A model whose key is text: the object keeps its stored key in a box of its own.
@Model(table: "coded")
final class CodedRecord {
    @Key var code: String = ""
    var label: String = ""
}

/// A model class with a subclass: an object of the subclass committed as the model is entered
/// under the model's type, not its own class.
@Model(table: "vehicle")
class Vehicle {
    var wheels: Int = 0
}

final class Bicycle: Vehicle, @unchecked Sendable {}

/// The bookkeeping an object carries beside its properties: small enough that an object of the
/// benchmark's model is one of glibc's 112-byte fast-bin blocks, with the rare parts (changed columns
/// past the 32nd, a key other than an integer, the type of an object entered under its superclass's model)
/// kept out of line and still working.
final class ModelStateLayoutTests: XCTestCase {
    /// The object of a five-column model takes at most 104 bytes of malloc (152, then 120 before: the
    /// lock and the bookkeeping were 80 bytes, then 48, now 32), one of glibc's 112-byte blocks.
    func testAnObjectOfTheBenchmarksShapeTakesAtMost104Bytes() throws {
        let db = try Database.inMemory()
        let item = SlimItem()
        item.name = "a"
        try item.commit(in: db)
        XCTAssertLessThanOrEqual(try mallocSize(item), 104)
        let fetched = try SlimItem.query(in: db).fetch()
        XCTAssertTrue(fetched.first === item)
    }

    /// An object of the same model declared `Observable` holds its registrar, one word more: it
    /// takes the next glibc block (120 bytes); the registrar's own storage is allocated apart.
    func testAnObservableObjectOfTheBenchmarksShapeTakesAtMost120Bytes() throws {
        let db = try Database.inMemory()
        let item = ObservedSlimItem()
        item.name = "a"
        try item.commit(in: db)
        XCTAssertLessThanOrEqual(try mallocSize(item), 120)
        XCTAssertGreaterThan(try mallocSize(item), try mallocSize(SlimItem()), "the registrar's word")
    }

    /// The bytes malloc reserved for `object` (glibc's `malloc_usable_size`, which Swift's Glibc
    /// module leaves out).
    private func mallocSize(_ object: AnyObject) throws -> Int {
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        let symbol = try XCTUnwrap(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size"))
        return unsafeBitCast(symbol, to: UsableSize.self)(Unmanaged.passUnretained(object).toOpaque())
    }

    /// Columns past the 64th are changed, written, rolled back and reverted like the first ones.
    func testColumnsPastThe64thAreTrackedCommittedAndRolledBack() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        let record = WideRecord()
        try record.commit(in: db)
        record.c2 = 2
        record.c68 = 68
        XCTAssertEqual(record.changedColumns, ["c2", "c68"])
        recorder.reset()
        XCTAssertTrue(try record.commit(in: db))
        XCTAssertEqual(recorder.recorded.filter { $0.hasPrefix("UPDATE") }.count, 1)
        XCTAssertEqual(
            try db.fetchAll("SELECT c2, c68 FROM wide"), [[.integer(2), .integer(68)]])
        XCTAssertFalse(record.hasChanges)

        // Set back to the value it was written with: unchanged again.
        record.c69 = 1
        XCTAssertEqual(record.changedColumns, ["c69"])
        record.c69 = 0
        XCTAssertFalse(record.hasChanges)

        // A change made before the transaction is what the rollback goes back to.
        record.c67 = 5
        try? db.transaction { _ in
            record.c67 = 9
            record.c66 = 6
            try record.commit(in: db)
            throw CancellationError()
        }
        XCTAssertEqual(record.c67, 5)
        XCTAssertEqual(record.c66, 0)
        XCTAssertEqual(record.changedColumns, ["c67"])
        record.revert()
        XCTAssertEqual(record.c67, 0)
        XCTAssertFalse(record.hasChanges)
        XCTAssertEqual(try db.fetchAll("SELECT c66, c67 FROM wide"), [[.integer(0), .integer(0)]])
    }

    /// A text key is stored out of line: the identity map and a rollback still hold, and a dead
    /// object's entry leaves the map.
    func testATextKeyIsEnteredRolledBackAndForgotten() throws {
        let db = try makeTestDatabase(self)
        let record = CodedRecord()
        record.code = "a"
        try record.commit(in: db)
        XCTAssertTrue(try CodedRecord.query(in: db).fetch().first === record)
        XCTAssertTrue(try db.object(CodedRecord.self, key: .text("a")) === record)

        try? db.transaction { _ in
            record.label = "changed"
            try record.commit(in: db)
            throw CancellationError()
        }
        XCTAssertEqual(record.label, "")
        XCTAssertFalse(record.hasChanges)
        XCTAssertTrue(try db.object(CodedRecord.self, key: .text("a")) === record)

        let type = ObjectIdentifier(CodedRecord.self)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1)
        weak var gone: CodedRecord?
        do {
            let other = CodedRecord()
            other.code = "z"
            try other.commit(in: db)
            gone = other
        }
        XCTAssertNil(gone)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1, "the dead object's entry left with it")
    }

    /// An object of a subclass committed as its superclass's model is entered under that model's type,
    /// found again under it, and leaves the map as it dies.
    func testASubclassObjectEnteredUnderItsModelLeavesTheMapAsItDies() throws {
        let db = try makeTestDatabase(self)
        let type = ObjectIdentifier(Vehicle.self)
        weak var gone: Vehicle?
        do {
            let bicycle: Vehicle = Bicycle()
            bicycle.wheels = 2
            try bicycle.commit(in: db)
            XCTAssertEqual(db.identityMap.entryCount(of: type), 1)
            XCTAssertTrue(try db.object(Vehicle.self, key: .integer(bicycle.id)) === bicycle)
            gone = bicycle
        }
        XCTAssertNil(gone)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 0)
        let fetched = try Vehicle.query(in: db).fetch()
        XCTAssertEqual(fetched.map(\.wheels), [2])
    }
}
