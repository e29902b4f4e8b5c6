import Foundation
import ORMCore
import XCTest
@testable import Browser

/// The cell editor's text read by the column's declared type, and the staged-change bookkeeping.
final class CellValueParserTests: XCTestCase {
    /// On PostgreSQL a column's catalog type decides: integers, reals and bytea are read here, any
    /// other type is the text typed, for the server to read (an `interval` or an `integer[]` is
    /// not an integer, as SQLite's affinity rule of "INT" in the name would have it).
    func testPostgreSQLColumnsAreReadByTheirCatalogType() throws {
        func parse(_ text: String, _ type: String) throws -> SQLValue {
            try CellValueParser.parse(text, declaredType: type, on: .postgres)
        }
        XCTAssertEqual(try parse("42", "integer"), .integer(42))
        XCTAssertEqual(try parse("-7", "bigint"), .integer(-7))
        XCTAssertThrowsError(try parse("4x", "smallint"))
        XCTAssertEqual(try parse("2.5", "double precision"), .real(2.5))
        XCTAssertEqual(try parse("1 day 02:00", "interval"), .text("1 day 02:00"))
        XCTAssertEqual(try parse("{1,2}", "integer[]"), .text("{1,2}"))
        XCTAssertEqual(try parse("(1,2)", "point"), .text("(1,2)"))
        XCTAssertEqual(try parse("1234.50", "numeric(12,2)"), .text("1234.50"))
        XCTAssertEqual(try parse("true", "boolean"), .integer(1), "read by reef as the server reads it (BooleanCellTests)")
        XCTAssertEqual(try parse("", "text"), .text(""))
        XCTAssertEqual(try parse("\\xDEAD", "bytea"), .blob(Data([0xDE, 0xAD])))
        XCTAssertEqual(try parse("x'beef'", "bytea"), .blob(Data([0xBE, 0xEF])))
        XCTAssertThrowsError(try parse("\\xZZ", "bytea"))
    }

    /// INTEGER affinity takes integers only, also written with a zero fraction or an exponent.
    func testIntegerAffinity() throws {
        XCTAssertEqual(try CellValueParser.parse("42", declaredType: "INTEGER"), .integer(42))
        XCTAssertEqual(try CellValueParser.parse(" -7 ", declaredType: "bigint"), .integer(-7))
        XCTAssertEqual(try CellValueParser.parse("+3", declaredType: "INT"), .integer(3))
        XCTAssertEqual(try CellValueParser.parse("5.0", declaredType: "INTEGER"), .integer(5))
        XCTAssertEqual(try CellValueParser.parse("1e3", declaredType: "INTEGER"), .integer(1000))
        XCTAssertEqual(try CellValueParser.parse("-2.5E1", declaredType: "INTEGER"), .integer(-25))
        XCTAssertEqual(try CellValueParser.parse("9007199254740993.0", declaredType: "INTEGER"), .integer(9_007_199_254_740_993))
        XCTAssertEqual(try CellValueParser.parse("9.223372036854775807e18", declaredType: "INTEGER"), .integer(.max))
        XCTAssertEqual(try CellValueParser.parse("-9223372036854775808.00", declaredType: "INTEGER"), .integer(.min))
        XCTAssertEqual(try CellValueParser.parse(".5e1", declaredType: "INTEGER"), .integer(5))
        XCTAssertEqual(try CellValueParser.parse("5.", declaredType: "INTEGER"), .integer(5))
        XCTAssertEqual(try CellValueParser.parse("120e-1", declaredType: "INTEGER"), .integer(12))
        for text in ["1e19", "0x10", "inf", "nan", "1.5e0", ".", "9223372036854775808.0", "1e", "1e99999"] {
            XCTAssertThrowsError(try CellValueParser.parse(text, declaredType: "INTEGER"), text)
        }
        XCTAssertThrowsError(try CellValueParser.parse("4.5", declaredType: "INTEGER")) { error in
            XCTAssertEqual(UserMessage.describe(error), "not an integer: 4.5")
        }
        XCTAssertThrowsError(try CellValueParser.parse("abc", declaredType: "INTEGER"))
    }

    /// REAL affinity takes any finite number.
    func testRealAffinity() throws {
        XCTAssertEqual(try CellValueParser.parse("12", declaredType: "REAL"), .real(12))
        XCTAssertEqual(try CellValueParser.parse("-0.25", declaredType: "DOUBLE"), .real(-0.25))
        XCTAssertEqual(try CellValueParser.parse("1e3", declaredType: "FLOAT"), .real(1000))
        XCTAssertThrowsError(try CellValueParser.parse("twelve", declaredType: "REAL")) { error in
            XCTAssertEqual(UserMessage.describe(error), "not a number: twelve")
        }
        XCTAssertThrowsError(try CellValueParser.parse("inf", declaredType: "REAL"))
    }

    /// TEXT, NUMERIC and undeclared columns take the text as typed.
    func testTextAndOtherTypesTakeTheTextAsIs() throws {
        XCTAssertEqual(try CellValueParser.parse(" a b ", declaredType: "TEXT"), .text(" a b "))
        XCTAssertEqual(try CellValueParser.parse("12", declaredType: "VARCHAR(10)"), .text("12"))
        XCTAssertEqual(try CellValueParser.parse("12", declaredType: "NUMERIC"), .text("12"))
        XCTAssertEqual(try CellValueParser.parse("x'00'", declaredType: ""), .text("x'00'"))
    }

    /// A column without a declared type converts nothing: a number written plainly is stored as a
    /// number, so an edited number still matches `= 42`; anything else stays text as typed.
    func testUndeclaredColumnsStorePlainNumbersAsNumbers() throws {
        let numbers: [(String, SQLValue)] = [
            ("42", .integer(42)), ("-7", .integer(-7)), (" 0 ", .integer(0)), ("-1.5", .real(-1.5)),
            ("2e3", .real(2000)), ("0.25", .real(0.25)), ("1.5E-2", .real(0.015)), ("9223372036854775807", .integer(.max)),
        ]
        for (typed, value) in numbers {
            XCTAssertEqual(try CellValueParser.parse(typed, declaredType: ""), value, typed)
            XCTAssertEqual(try CellValueParser.parse(typed, declaredType: "  "), value, typed)
        }
        for typed in ["007", "+5", "1.", ".5", "-", "1-2", "12abc", "nan", "inf", "0x10", "１２", "1e999", "4 2", "1e", "1.5.2",
                      "9223372036854775808"] {
            XCTAssertEqual(try CellValueParser.parse(typed, declaredType: ""), .text(typed), typed)
        }
    }

    /// BLOB columns take `x'..'` or bare hex.
    func testBlobAffinityTakesHex() throws {
        XCTAssertEqual(try CellValueParser.parse("x'00ff'", declaredType: "BLOB"), .blob(Data([0, 255])))
        XCTAssertEqual(try CellValueParser.parse("X'0A'", declaredType: "BLOB"), .blob(Data([10])))
        XCTAssertEqual(try CellValueParser.parse("DEADbeef", declaredType: "BLOB"), .blob(Data([0xDE, 0xAD, 0xBE, 0xEF])))
        XCTAssertEqual(try CellValueParser.parse("x''", declaredType: "BLOB"), .blob(Data()))
        XCTAssertThrowsError(try CellValueParser.parse("abc", declaredType: "BLOB"))
        XCTAssertThrowsError(try CellValueParser.parse("zz", declaredType: "BLOB"))
    }

    /// Empty input is empty text where text is stored, an empty BLOB in a BLOB column, and refused
    /// by INTEGER and REAL columns (with the key for NULL in the message).
    func testEmptyInputByType() throws {
        for type in ["TEXT", "VARCHAR(10)", "NUMERIC", ""] {
            XCTAssertEqual(try CellValueParser.parse("", declaredType: type), .text(""), type)
        }
        XCTAssertEqual(try CellValueParser.parse("", declaredType: "BLOB"), .blob(Data()))
        for type in ["INTEGER", "REAL", "DOUBLE"] {
            for typed in ["", "  "] {
                XCTAssertThrowsError(try CellValueParser.parse(typed, declaredType: type), type) { error in
                    XCTAssertTrue("\(error)".contains("x sets NULL"), "\(error)")
                }
            }
        }
    }

    /// The editor starts from text that parses back to the same value.
    func testEditTextRoundTrips() throws {
        XCTAssertEqual(CellValueParser.editText(for: .null), "")
        XCTAssertEqual(CellValueParser.editText(for: .blob(Data([0, 255]))), "x'00ff'")
        let cases: [(SQLValue, String)] = [(.integer(-5), "INTEGER"), (.real(9.5), "REAL"), (.text("héllo"), "TEXT"),
                                           (.blob(Data([1, 2, 3])), "BLOB")]
        for (value, type) in cases {
            XCTAssertEqual(try CellValueParser.parse(CellValueParser.editText(for: value), declaredType: type), value)
        }
    }

    /// Cell changes of one row merge into one update that remembers the row as first read; a
    /// deletion replaces them; undo takes back the last change.
    func testStagedEditsMergePerRowAndUndo() {
        let one = RowKey(values: [.integer(1)])
        let two = RowKey(values: [.integer(2)])
        let first: [String: SQLValue] = ["id": .integer(1), "name": .text("Ada")]
        var staged = StagedEdits()
        staged.stage(.cell(key: one, column: "name", value: .text("Bo"), original: first))
        staged.stage(.cell(key: two, column: "name", value: .null, original: ["id": .integer(2)]))
        staged.stage(.cell(key: one, column: "name", value: .text("Cy"), original: ["name": .text("Bo")]))
        staged.stage(.cell(key: one, column: "country", value: .text("SE"), original: first))
        XCTAssertEqual(staged.value(key: one, column: "name"), .text("Cy"))
        XCTAssertEqual(staged.rowEdits, [
            .update(key: [.integer(1)], original: first, changes: ["name": .text("Cy"), "country": .text("SE")]),
            .update(key: [.integer(2)], original: ["id": .integer(2)], changes: ["name": .null]),
        ])
        staged.stage(.delete(key: two, original: ["id": .integer(2)]))
        XCTAssertTrue(staged.isDeleted(two))
        XCTAssertEqual(staged.rowEdits.last, .delete(key: [.integer(2)], original: ["id": .integer(2)]))
        XCTAssertEqual(staged.undo(), .delete(key: two, original: ["id": .integer(2)]))
        XCTAssertFalse(staged.isDeleted(two))
        // Two rows to write (four cell changes, merged per row): what the pending count shows.
        XCTAssertEqual(staged.count, 2)
        XCTAssertEqual(staged.revert(), 2)
        XCTAssertTrue(staged.isEmpty)
        XCTAssertNil(staged.undo())
    }

    /// Arguments are written in as literals; a `?` inside quotes is left alone.
    func testSQLPreviewInlinesArguments() {
        let sql = SQL("UPDATE \"a?b\" SET \"x\" = ?, y = ? WHERE note = 'why?' AND id = ?",
                      arguments: [SQLValue.text("it's"), SQLValue.null, SQLValue.integer(3)])
        XCTAssertEqual(SQLPreview.inline(sql), "UPDATE \"a?b\" SET \"x\" = 'it''s', y = NULL WHERE note = 'why?' AND id = 3")
    }

    /// Ctrl-W deletes the word before the cursor and the blanks after it.
    func testControlWDeletesTheWordBeforeTheCursor() {
        var prompt = PromptState(kind: .search, text: "one two  ")
        XCTAssertEqual(prompt.handle(.control("w")), .edited)
        XCTAssertEqual(prompt.text, "one ")
        _ = prompt.handle(.home)
        _ = prompt.handle(.control("w"))
        XCTAssertEqual(prompt.text, "one ")
        _ = prompt.handle(.end)
        _ = prompt.handle(.control("w"))
        _ = prompt.handle(.control("w"))
        XCTAssertEqual(prompt.text, "")
    }
}
