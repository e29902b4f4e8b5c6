import Foundation
import ORMCore
import XCTest

// Real `@Model` classes, compiled by the real macro plugin and exercised against the runtime.

@Model(table: "macro_departments")
final class MacroDepartment {
    var title: String = ""
    var budget: Double = 0
}

enum MacroMood: String, Codable, Sendable {
    case happy, grumpy
}

@Model(table: "macro_people", formerNames: ["MacroPersons"], indexes: [Index("name", "age")])
final class MacroPerson {
    var name: String = ""
    @Column(formerNames: ["years"], indexed: true) var age: Int = 0
    var email: String?
    var department: MacroDepartment?
    var tags: [String] = []
    var mood: MacroMood = .happy
    @Transient var scratch: Int = 0
    let constant = 1
    static let label = "person"
    var doubleAge: Int { age * 2 }

    init(name: String) { self.name = name }
}

@Model
final class MacroCountry {
    @Key var code: String = ""
    @Column(name: "country_name", unique: true) var name: String = ""
}

struct MacroAddress: Codable, Equatable, Sendable {
    var street: String
    var zip: Int
}

@Model
final class MacroDocument {
    var id: UUID = UUID()
    var address: MacroAddress = MacroAddress(street: "", zip: 0)
    var history: [Int]?
    var mood: MacroMood?
}

@Model
final class MacroEmployee {
    var name: String = ""
    var manager: MacroEmployee?
}

@Model
class MacroNote {
    var text: String = ""
}

@Model
public final class MacroMarker {}

final class ModelMacroCompileTests: XCTestCase {
    /// A writer and a second handle on the same database (``makeTestDatabase(_:configuration:)``:
    /// SQLite or PostgreSQL) whose identity map starts empty, so reads through it decode rows
    /// instead of returning live objects.
    private func databases() throws -> (Database, Database) {
        let writer = try makeTestDatabase(self)
        return (writer, try openSameDatabase(writer))
    }

    func testSchemaFromDeclarations() {
        let schema = MacroPerson.modelSchema
        XCTAssertEqual(schema.table, "macro_people")
        XCTAssertEqual(schema.formerTableNames, ["MacroPersons"])
        XCTAssertEqual(schema.primaryKey, PrimaryKey(name: "id", type: .integer, strategy: .rowID))
        XCTAssertEqual(schema.columns.map(\.name), ["name", "age", "email", "department", "tags", "mood"])
        XCTAssertEqual(schema.columns[1].formerNames, ["years"])
        XCTAssertTrue(schema.columns[1].isIndexed)
        XCTAssertTrue(schema.columns[2].isNullable)
        XCTAssertEqual(schema.columns[3].reference, .init(table: "macro_departments", column: "id"))
        XCTAssertEqual(schema.columns[4].type, .text)
        XCTAssertEqual(schema.columns[5].defaultValue, .text("happy"))
        XCTAssertTrue(schema.indexes.contains(Index("name", "age")))

        let country = MacroCountry.modelSchema
        XCTAssertEqual(country.table, "MacroCountry")
        XCTAssertEqual(country.primaryKey, PrimaryKey(name: "code", type: .text, strategy: .provided))
        XCTAssertEqual(country.columns.map(\.name), ["country_name"])
        XCTAssertTrue(country.columns[0].isUnique)

        XCTAssertEqual(MacroDocument.modelSchema.primaryKey.strategy, .provided)
        XCTAssertEqual(MacroMarker.modelSchema.columns.count, 0)
    }

    func testValuesRoundTripThroughTheDatabase() throws {
        let (writer, reader) = try databases()
        let department = MacroDepartment()
        department.title = "R&D"
        department.budget = 12.5
        let ann = MacroPerson(name: "Ann")
        ann.age = 30
        ann.email = "ann@example.com"
        ann.department = department
        ann.tags = ["a", "b"]
        ann.mood = .grumpy
        ann.scratch = 9
        try ann.commit(in: writer)
        XCTAssertFalse(ann.isNew)
        XCTAssertNotEqual(ann.id, 0)
        XCTAssertFalse(department.isNew, "a new related object is committed first")

        let people = try MacroPerson.fetchAll(in: reader)
        XCTAssertEqual(people.count, 1)
        let loaded = try XCTUnwrap(people.first)
        XCTAssertFalse(loaded === ann)
        XCTAssertEqual(loaded.id, ann.id)
        XCTAssertEqual(loaded.name, "Ann")
        XCTAssertEqual(loaded.age, 30)
        XCTAssertEqual(loaded.email, "ann@example.com")
        XCTAssertEqual(loaded.tags, ["a", "b"])
        XCTAssertEqual(loaded.mood, .grumpy)
        XCTAssertEqual(loaded.scratch, 0, "transient properties are not persisted")
        XCTAssertEqual(loaded.constant, 1)
        XCTAssertEqual(loaded.doubleAge, 60)
        XCTAssertFalse(loaded.hasChanges)
    }

    func testAStoredValueNoCaseHasFailsByColumn() throws {
        let database = try makeTestDatabase(self)
        let bob = MacroPerson(name: "Bob")
        try bob.commit(in: database)
        try MacroPerson.execute("UPDATE $T SET mood = ? WHERE $PK = ?", "sleepy", bob.id, in: database)
        XCTAssertThrowsError(try MacroPerson.fetch(sql: "SELECT * FROM $T", in: database)) { error in
            XCTAssertEqual(
                error as? ORMError,
                .valueMismatch(entity: "macro_people", column: "mood", expected: "MacroMood", found: "text"))
        }
        try MacroPerson.execute("UPDATE $T SET mood = ? WHERE $PK = ?", "grumpy", bob.id, in: database)
        XCTAssertEqual(try MacroPerson.fetchAll(in: database).map(\.mood), [.grumpy])
    }

    func testIdentityMapReturnsTheLiveInstance() throws {
        let database = try makeTestDatabase(self)
        let bob = MacroPerson(name: "Bob")
        try bob.commit(in: database)
        let found = try XCTUnwrap(try MacroPerson.find(bob.id, in: database))
        XCTAssertTrue(found === bob)
        let all = try MacroPerson.fetchAll(in: database)
        XCTAssertTrue(all.first === bob)
    }

    func testChangeTracking() throws {
        let (writer, reader) = try databases()
        let person = MacroPerson(name: "Cy")
        XCTAssertTrue(person.hasChanges)
        try person.commit(in: writer)
        XCTAssertFalse(person.hasChanges)
        XCTAssertEqual(person.changedColumns, [])

        person.age = 41
        person.email = "cy@example.com"
        person.scratch = 5
        XCTAssertTrue(person.hasChanges)
        XCTAssertEqual(person.changedColumns, ["age", "email"])
        try person.commit(in: writer)
        XCTAssertFalse(person.hasChanges)

        let loaded = try XCTUnwrap(try MacroPerson.find(person.id, in: reader))
        XCTAssertEqual(loaded.age, 41)
        XCTAssertEqual(loaded.email, "cy@example.com")
    }

    func testRelationshipIsTheLiveInstanceOrAFault() throws {
        let (writer, reader) = try databases()
        let department = MacroDepartment()
        department.title = "Ops"
        let person = MacroPerson(name: "Dee")
        person.department = department
        try person.commit(in: writer)

        let live = try XCTUnwrap(try MacroPerson.find(person.id, in: writer))
        XCTAssertTrue(live.department === department)

        let loaded = try XCTUnwrap(try MacroPerson.find(person.id, in: reader))
        let fault = try XCTUnwrap(loaded.department)
        XCTAssertTrue(fault.isFault)
        XCTAssertEqual(fault.id, department.id)
        XCTAssertEqual(fault.title, "Ops")
        XCTAssertFalse(fault.isFault || fault.isNew || fault.isDeleted, "loaded: persisted")
        XCTAssertTrue(try MacroDepartment.find(department.id, in: reader) === fault)
        XCTAssertEqual(loaded._$relatedObjects.count, 1)
    }

    func testSelfReferencingRelationship() throws {
        let (writer, reader) = try databases()
        let boss = MacroEmployee()
        boss.name = "Boss"
        let worker = MacroEmployee()
        worker.name = "Worker"
        worker.manager = boss
        try worker.commit(in: writer)
        XCTAssertEqual(MacroEmployee.modelSchema.columns[1].reference?.table, "MacroEmployee")

        let loaded = try XCTUnwrap(try MacroEmployee.find(worker.id, in: reader))
        XCTAssertEqual(loaded.manager?.name, "Boss")
        XCTAssertNil(loaded.manager?.manager)
    }

    func testStringKey() throws {
        let (writer, reader) = try databases()
        let france = MacroCountry()
        france.code = "FR"
        france.name = "France"
        try france.commit(in: writer)
        let loaded = try XCTUnwrap(try MacroCountry.find("FR", in: reader))
        XCTAssertEqual(loaded.code, "FR")
        XCTAssertEqual(loaded.name, "France")
        XCTAssertNil(try MacroCountry.find("DE", in: reader))
    }

    func testCodableColumnsAndUUIDKey() throws {
        let (writer, reader) = try databases()
        let document = MacroDocument()
        document.address = MacroAddress(street: "Main", zip: 12345)
        document.history = [1, 2, 3]
        try document.commit(in: writer)
        let empty = MacroDocument()
        try empty.commit(in: writer)

        let loaded = try XCTUnwrap(try MacroDocument.find(document.id, in: reader))
        XCTAssertEqual(loaded.address, MacroAddress(street: "Main", zip: 12345))
        XCTAssertEqual(loaded.history, [1, 2, 3])
        XCTAssertNil(loaded.mood)
        let loadedEmpty = try XCTUnwrap(try MacroDocument.find(empty.id, in: reader))
        XCTAssertNil(loadedEmpty.history)
    }

    func testNonFinalClassAndModelWithoutColumns() throws {
        let database = try makeTestDatabase(self)
        let note = MacroNote()
        note.text = "hello"
        try note.commit(in: database)
        XCTAssertTrue(try MacroNote.find(note.id, in: database) === note)

        let marker = MacroMarker()
        try marker.commit(in: database)
        XCTAssertEqual(try MacroMarker.fetchAll(in: database).map(\.id), [marker.id])
    }
}
