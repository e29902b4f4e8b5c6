import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The text the builder writes for literals compared with typed columns and numbers used as
/// conditions, on each database (the answers are ORMCoreBehaviour's, on both).
final class PathResolverTypingTests: XCTestCase {
    private var entity: EntityDescription {
        var entity = EntityDescription(
            table: "t", keyColumns: ["id"], columns: ["id", "active", "stock", "code", "added"], relationships: [:],
            hasIntegerKey: true)
        entity.storedTypes = [.integer, .boolean, .integer, .text, .date]
        entity.storedTypesAreExact = true
        return entity
    }

    private func written(_ text: String, on dialect: SQLDialect) throws -> String {
        var resolver = PathResolver(root: entity, joined: [], qualifies: false, dialect: dialect)
        return try resolver.truth(of: text, rewritten: try resolver.rewrite(text))
    }

    func testPostgreSQLIsWrittenSQLitesMeaning() throws {
        let cases = [
            ("active = 'true'", "active = TRUE"),
            ("'OFF' <> active", "FALSE <> active"),
            ("1 = active", "TRUE = active"),
            ("active NOT IN (0, 1)", "active NOT IN (FALSE, TRUE)"),
            ("NOT stock", "NOT (stock <> 0)"),
            ("stock AND active OR 1", "(stock <> 0) AND active OR (1 <> 0)"),
            ("stock BETWEEN 1 AND 2 AND active", "stock BETWEEN 1 AND 2 AND active"),
            ("t.stock OR code = 7", "(\"t\".\"stock\" <> 0) OR code = '7'"),
            ("code IN (7, 8)", "code IN ('7', '8')"),
            ("added >= 1.5 AND 0 < added", "added >= to_timestamp(1.5) AND to_timestamp(0) < added"),
            ("stock", "(stock <> 0)"),
            ("abs(stock) AND active", "abs(stock) AND active"),
            ("active = 'true' -- 'yes'", "active = TRUE -- 'yes'"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try written(text, on: .postgres), expected, text)
        }
    }

    func testSQLiteKeepsItsTextButForTruthValuesWrittenAsText() throws {
        XCTAssertEqual(try written("active = 'Yes' OR active IN ('f')", on: .sqlite), "active = 1 OR active IN (0)")
        for text in ["NOT stock", "1 = active", "code = 7", "added > 0", "stock AND active"] {
            XCTAssertEqual(try written(text, on: .sqlite), text)
        }
    }

    func testMixesTheDatabasesCannotReadAlikeAreRefusedOnBoth() {
        for dialect in [SQLDialect.sqlite, .postgres] {
            for (text, detail) in [
                ("active = 2", "active is a Bool, compared with 2: compare it with TRUE or FALSE (1 or 0)"),
                ("active IN ('maybe')", "active is a Bool, compared with the text 'maybe'"),
                ("'2024-01-01' < added", "added is a Date, compared with the text '2024-01-01'"),
            ] {
                XCTAssertThrowsError(try written(text, on: dialect), text) { error in
                    guard case ORMError.invalidQuery(let message)? = error as? ORMError else { return XCTFail("\(error)") }
                    XCTAssertTrue(message.hasPrefix(detail), message)
                }
            }
        }
    }

    /// The arguments bound to `text`, converted by the columns they are compared with.
    private func bound(_ text: String, _ arguments: [any SQLExpressible], on dialect: SQLDialect) throws -> [SQLValue] {
        var resolver = PathResolver(root: entity, joined: [], qualifies: false, dialect: dialect)
        return try resolver.rewrite(condition: SQL(text, arguments: arguments)).arguments
    }

    func testBoundValuesAreConvertedOnceByTheColumnTheyAreComparedWith() throws {
        for dialect in [SQLDialect.sqlite, .postgres] {
            XCTAssertEqual(
                try bound("active = ? AND code = ? AND stock IN (?, ?) AND ? < added", ["yes", 7, "1", " 2.5 ", 10], on: dialect),
                [.integer(1), .text("7"), .integer(1), .real(2.5), .integer(10)], "\(dialect)")
            XCTAssertEqual(
                try bound("stock BETWEEN ? AND ? OR abs(stock) = ? OR code || ? = 'x'", ["1", "2", "3", "4"], on: dialect),
                [.text("1"), .text("2"), .text("3"), .text("4")], "\(dialect): no comparison with a column, as bound")
            for (text, value, detail) in [
                ("active = ?", SQLValue.integer(2), "active is a Bool, compared with the bound value 2"),
                ("active <> ?", .text("maybe"), "active is a Bool, compared with the bound text 'maybe'"),
                ("added > ?", .text("2024-01-01"), "added is a Date, compared with the bound text '2024-01-01'"),
                ("stock = ?", .text("one"), "stock stores numbers, compared with the bound text 'one'"),
            ] {
                XCTAssertThrowsError(try bound(text, [value], on: dialect), text) { error in
                    guard case ORMError.invalidQuery(let message)? = error as? ORMError else { return XCTFail("\(error)") }
                    XCTAssertTrue(message.hasPrefix(detail), message)
                }
            }
        }
    }

    func testConditionsAndArithmeticTheDatabasesCannotReadAlikeAreRefusedOnBoth() {
        for dialect in [SQLDialect.sqlite, .postgres] {
            for (text, detail) in [
                ("code", "code stores text, used as a condition"),
                ("(added)", "added stores dates, used as a condition"),
                ("stock AND NOT code", "code stores text, used as a condition"),
                ("active = 1 + 0", "active stores truth values, compared with arithmetic"),
                ("code = stock * 2", "code stores text, compared with arithmetic"),
                ("2 - 1 < added", "added stores dates, compared with arithmetic"),
                ("stock = 'many'", "stock stores numbers, compared with the text 'many'"),
            ] {
                XCTAssertThrowsError(try written(text, on: dialect), text) { error in
                    guard case ORMError.invalidQuery(let message)? = error as? ORMError else { return XCTFail("\(error)") }
                    XCTAssertTrue(message.hasPrefix(detail), message)
                }
            }
            XCTAssertEqual(try written("stock = 1 + 1 AND code IS NOT NULL", on: dialect), "stock = 1 + 1 AND code IS NOT NULL")
        }
    }
}

extension PathResolverTypingTests {
    /// A table found at run time on SQLite has only its declared affinities, which its values may
    /// defy (text in an INTEGER column): its text is SQLite's to read, nothing refused or converted.
    func testASQLiteTableFoundAtRunTimeIsSQLitesToRead() throws {
        var entity = EntityDescription(
            table: "t", keyColumns: ["id"], columns: ["id", "stock", "code"], relationships: [:], hasIntegerKey: true)
        entity.storedTypes = [.integer, .integer, .text]
        var resolver = PathResolver(root: entity, joined: [], qualifies: false, dialect: .sqlite)
        for text in ["code", "NOT code AND stock", "code = stock + 1", "stock = 'many'"] {
            XCTAssertEqual(try resolver.truth(of: text, rewritten: try resolver.rewrite(text)), text)
        }
        XCTAssertEqual(try resolver.rewrite(condition: SQL("stock = ? OR code = ?", arguments: ["many", 7])).arguments, [.text("many"), .integer(7)])
    }
}

extension PathResolverTypingTests {
    /// SQLite keeps a `Decimal` as text: compared by size or sorted, it is read as a real there
    /// (a numeric text literal beside it as its number); PostgreSQL's `numeric` is left as written.
    func testADecimalColumnIsComparedAndSortedAsARealOnSQLite() throws {
        var entity = EntityDescription(
            table: "t", keyColumns: ["id"], columns: ["id", "amount"], relationships: [:], hasIntegerKey: true)
        entity.storedTypes = [.integer, .decimal]
        entity.storedTypesAreExact = true
        let text = "amount > 2 AND '10' >= amount AND amount = '1.50'"
        var sqlite = PathResolver(root: entity, joined: [], qualifies: false, dialect: .sqlite)
        XCTAssertEqual(
            try sqlite.rewrite(text), "CAST(amount AS REAL) > 2 AND 10 >= CAST(amount AS REAL) AND amount = '1.5'")
        XCTAssertEqual(sqlite.sortColumn("AMOUNT desc"), "CAST(\"amount\" AS REAL) desc")
        XCTAssertEqual(try sqlite.rewrite(condition: SQL("amount < ?", arguments: [Decimal(string: "9.5") ?? 0])).arguments, [.real(9.5)])
        var postgres = PathResolver(root: entity, joined: [], qualifies: false, dialect: .postgres)
        XCTAssertEqual(try postgres.rewrite(text), text)
        XCTAssertEqual(postgres.sortColumn("amount"), "\"amount\"")
    }
}
