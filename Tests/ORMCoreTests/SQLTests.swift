import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

final class SQLTests: XCTestCase {
    func testInterpolationBindsValuesAndQuotesIdentifiers() {
        let minAge = 18
        let name: String? = nil
        let sql: SQL = "SELECT * FROM \(identifier: #"odd "table""#) WHERE age > \(minAge) AND name IS \(name)"
        XCTAssertEqual(sql.text, #"SELECT * FROM "odd ""table""" WHERE age > ? AND name IS ?"#)
        XCTAssertEqual(sql.arguments, [.integer(18), .null])
    }

    func testArraysAndSetsBecomeInLists() {
        let ids: [Int64] = [3, 1, 2]
        let sql: SQL = "SELECT * FROM t WHERE id IN \(ids)"
        XCTAssertEqual(sql.text, "SELECT * FROM t WHERE id IN (?,?,?)")
        XCTAssertEqual(sql.arguments, [3, 1, 2])
        let positional = SQL("SELECT * FROM t WHERE name IN ? AND age > ?", arguments: [["a", "b"], 4])
        XCTAssertEqual(positional.text, "SELECT * FROM t WHERE name IN (?,?) AND age > ?")
        XCTAssertEqual(positional.arguments, ["a", "b", 4])
    }

    func testQuestionMarksInsideLiteralsAreNotPlaceholders() {
        let sql = SQL("SELECT '?', \"?\" FROM t WHERE a = ?", arguments: [1])
        XCTAssertEqual(sql.text, "SELECT '?', \"?\" FROM t WHERE a = ?")
        XCTAssertEqual(sql.arguments, [1])
    }

    func testIdentifierQuotingDoublesEmbeddedQuotes() {
        XCTAssertEqual(quoteIdentifier("plain"), "\"plain\"")
        XCTAssertEqual(quoteIdentifier("a\"b"), "\"a\"\"b\"")
        XCTAssertEqual(quoteIdentifier("名前 with space"), "\"名前 with space\"")
    }

    /// SQLite's alone: one untyped column holds every kind of value (its dynamic typing);
    /// PostgreSQL's values are `PostgresDecodeTests`' and `PGValueTests`'.
    func testValuesRoundTripThroughTheDatabase() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE v(x)")
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let uuid = UUID()
        let values: [SQLValue] = [
            true.databaseValue, Int8(-8).databaseValue, UInt32.max.databaseValue, Int64.min.databaseValue,
            3.5.databaseValue, "zoë 漢字".databaseValue, Data([1, 2, 3]).databaseValue, date.databaseValue,
            uuid.databaseValue, URL(string: "https://example.com/a?b=c")?.databaseValue ?? .null,
            Decimal(string: "12345678901234567890.123")?.databaseValue ?? .null, Optional<Int>.none.databaseValue,
        ]
        for value in values { try db.execute("INSERT INTO v VALUES (?)", value) }
        let stored = try db.fetchAll("SELECT x FROM v ORDER BY rowid").map { $0[0] }
        XCTAssertEqual(stored, values)
        XCTAssertEqual(Bool.fromDatabaseValue(stored[0]), true)
        XCTAssertEqual(Int8.fromDatabaseValue(stored[1]), -8)
        XCTAssertEqual(UInt32.fromDatabaseValue(stored[2]), UInt32.max)
        XCTAssertNil(Int8.fromDatabaseValue(stored[2]), "out of range must not wrap")
        XCTAssertEqual(Date.fromDatabaseValue(stored[7]), date)
        XCTAssertEqual(UUID.fromDatabaseValue(stored[8]), uuid)
        XCTAssertEqual(Decimal.fromDatabaseValue(stored[10]), Decimal(string: "12345678901234567890.123"))
        XCTAssertEqual(Int?.fromDatabaseValue(.null), .some(nil))
        XCTAssertNil(Int.fromDatabaseValue(.text("abc")))
    }
}
