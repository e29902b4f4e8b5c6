import XCTest

@testable import ORMCore

/// The text the builder writes for literals compared with typed columns and numbers used as
/// conditions, on each database (the answers are ORMCoreBehaviour's, on both).
final class PathResolverTypingTests: XCTestCase {
    private var entity: EntityDescription {
        var entity = EntityDescription(
            table: "t", keyColumns: ["id"], columns: ["id", "active", "stock", "code", "added"], relationships: [:],
            hasIntegerKey: true)
        entity.storedTypes = [.integer, .boolean, .integer, .text, .date]
        return entity
    }

    private func written(_ text: String, on dialect: SQLDialect) throws -> String {
        var resolver = PathResolver(root: entity, joined: [], qualifies: false, dialect: dialect)
        return resolver.truth(of: text, rewritten: try resolver.rewrite(text))
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
}
