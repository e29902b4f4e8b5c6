import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

enum VBRGrade: String, Codable, Sendable { case low, high }
struct VBRNote: Codable, Sendable, Equatable { var text: String; var stars: Int }

@Model(table: "vbr_item")
final class VBRItem {
    var id: Int = 0
    var name: String = ""
    var score: Double? = nil
    var payload: Data = Data()
    var flag: Bool = false
    var grade: VBRGrade = .low
    var note: VBRNote = VBRNote(text: "", stars: 0)
    var maybeGrade: VBRGrade? = nil
    var when: Date = Date(timeIntervalSince1970: 0)
}

/// The generic path of the macro's contract: generated code binding to a driver's `_ValueBinder`
/// and decoding from its `_RowReader`, as a driver other than SQLite would use it, agreeing value
/// for value with SQLite's own path.
final class ValueBinderReaderTests: XCTestCase {
    /// A binder that keeps the values, as a driver that sends them with the execution does.
    final class RecordingBinder: _ValueBinder {
        var values: [Int32: SQLValue] = [:]
        func bindNull(at index: Int32) throws { values[index] = .null }
        func bindInt64(_ value: Int64, at index: Int32) throws { values[index] = .integer(value) }
        func bindDouble(_ value: Double, at index: Int32) throws { values[index] = .real(value) }
        func bindText(_ value: String, at index: Int32) throws { values[index] = .text(value) }
        func bindBlob(_ value: Data, at index: Int32) throws { values[index] = .blob(value) }
        func bind(_ value: SQLValue, at index: Int32) throws { values[index] = value }
    }

    /// One column of a row held as values.
    struct ValueColumn: _ValueReader {
        let value: SQLValue
        var isNull: Bool { value.isNull }
        var isInteger: Bool { if case .integer = value { true } else { false } }
        var isReal: Bool { if case .real = value { true } else { false } }
        var isText: Bool { if case .text = value { true } else { false } }
        var isBlob: Bool { if case .blob = value { true } else { false } }
        var int64: Int64 { if case .integer(let int) = value { int } else { 0 } }
        var double: Double { if case .real(let double) = value { double } else { 0 } }
        var text: String { if case .text(let text) = value { text } else { "" } }
        var blob: Data { if case .blob(let data) = value { data } else { Data() } }
    }

    struct ValueRowReader: _RowReader {
        let values: [SQLValue]
        var columnCount: Int32 { Int32(values.count) }
        func column(at index: Int32) -> any _ValueReader { ValueColumn(value: values[Int(index)]) }
    }

    private func sample() -> VBRItem {
        let item = VBRItem()
        item.id = 7
        item.name = "Zoë \"quoted\""
        item.score = 2.5
        item.payload = Data([0, 1, 255])
        item.flag = true
        item.grade = .high
        item.note = VBRNote(text: "ok", stars: 3)
        item.maybeGrade = nil
        item.when = Date(timeIntervalSince1970: 1_700_000_000.25)
        return item
    }

    func testTheGenericBindingBindsWhatSQLiteStores() throws {
        let db = try Database.inMemory()
        let item = sample()
        try item.commit(in: db)
        let stored = try db.fetchAll("SELECT * FROM vbr_item")
        XCTAssertEqual(stored.count, 1)

        let binder = RecordingBinder()
        try item._$bindColumns(VBRItem.modelSchema.allColumns, to: binder, startingAt: 1)
        let bound = (1...Int32(VBRItem.modelSchema.columns.count)).map { binder.values[$0] }
        XCTAssertEqual(bound, stored[0].dropFirst().map { Optional($0) }, "the key is column 0 of the row")
    }

    func testTheGenericDecodingReadsWhatSQLiteReads() throws {
        let db = try Database.inMemory()
        try sample().commit(in: db)
        let row = try db.fetchAll("SELECT * FROM vbr_item")[0]

        let decoded = try VBRItem(
            _$values: _ValueRow(reader: ValueRowReader(values: row), database: db, entity: "vbr_item"), key: row[0])
        XCTAssertEqual(decoded.id, 7)
        XCTAssertEqual(decoded.name, "Zoë \"quoted\"")
        XCTAssertEqual(decoded.score, 2.5)
        XCTAssertEqual(decoded.payload, Data([0, 1, 255]))
        XCTAssertEqual(decoded.flag, true)
        XCTAssertEqual(decoded.grade, .high)
        XCTAssertEqual(decoded.note, VBRNote(text: "ok", stars: 3))
        XCTAssertNil(decoded.maybeGrade)
        XCTAssertEqual(decoded.when, Date(timeIntervalSince1970: 1_700_000_000.25))
    }

    func testApplyThroughTheGenericPathKeepsTheColumnsAsked() throws {
        let db = try Database.inMemory()
        let item = sample()
        var values = try {
            try item.commit(in: db)
            return try db.fetchAll("SELECT * FROM vbr_item")[0]
        }()
        values[1] = .text("renamed")
        values[2] = .null
        let row = _ValueRow(reader: ValueRowReader(values: values), database: db, entity: "vbr_item")
        var keeping = _ColumnSet()
        keeping.insert(1)  // score
        XCTAssertEqual(item.score, 2.5)
        try item._$apply(row, keeping: keeping)
        XCTAssertEqual(item.name, "renamed")
        XCTAssertEqual(item.score, 2.5, "a kept column is not read")
    }

    func testAValueThatDoesNotFitNamesTheColumnAndWhatItHeld() throws {
        let db = try Database.inMemory()
        var values = Array(repeating: SQLValue.null, count: 10)
        values[0] = .integer(1)
        values[1] = .null
        let row = _ValueRow(reader: ValueRowReader(values: values), database: db, entity: "vbr_item")
        XCTAssertThrowsError(try VBRItem(_$values: row, key: .integer(1))) { error in
            guard case ORMError.valueMismatch(let entity, let column, _, let found) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([entity, column, found], ["vbr_item", "name", "NULL"])
        }
        let short = _ValueRow(reader: ValueRowReader(values: [.integer(1)]), database: db, entity: "vbr_item")
        XCTAssertThrowsError(try VBRItem(_$values: short, key: .integer(1))) { error in
            guard case ORMError.valueMismatch(_, "name", "a result column", "none") = error else {
                return XCTFail("\(error)")
            }
        }
    }
}
