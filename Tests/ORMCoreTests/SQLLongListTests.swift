import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A long (or empty) list in ``SQL`` is a value each dialect writes from its values: SQLite
/// `IN (SELECT value FROM json_each(?))` with a JSON array, PostgreSQL `= ANY (?)` with an array
/// literal. Neither is made by rewriting the other's text.
final class SQLLongListTests: XCTestCase {
    private let long = Array(1...1_001)
    private var longJSON: SQLValue { .text("[" + long.map(String.init).joined(separator: ",") + "]") }
    private var longArray: SQLValue { .text("{" + long.map { "\"\($0)\"" }.joined(separator: ",") + "}") }

    func testEachDialectWritesInAndNotInFromTheValues() throws {
        let words = (1...1_001).map { "w\($0)" }
        let sql: SQL = "SELECT * FROM t WHERE a = \(1) AND id IN \(long) AND b NOT IN \(words) AND c = \(2)"
        XCTAssertEqual(sql.arguments.count, 4, "each long list is one value")

        let sqlite = sql.rendered(in: .sqlite)
        XCTAssertEqual(
            sqlite.text,
            "SELECT * FROM t WHERE a = ? AND id IN (SELECT value FROM json_each(?)) "
                + "AND b NOT IN (SELECT value FROM json_each(?)) AND c = ?")
        XCTAssertEqual(sqlite.text, sql.text, "the text spells a long list as SQLite reads it")
        XCTAssertEqual(sqlite.arguments[1], longJSON)
        XCTAssertEqual(sqlite.arguments, sql.arguments)

        let postgres = sql.rendered(in: .postgres)
        XCTAssertEqual(postgres.text, "SELECT * FROM t WHERE a = ? AND id = ANY (?) AND b <> ALL (?) AND c = ?")
        XCTAssertEqual(postgres.arguments[0], .integer(1))
        XCTAssertEqual(postgres.arguments[1], longArray)
        XCTAssertEqual(postgres.arguments[2], .text("{" + words.map { "\"\($0)\"" }.joined(separator: ",") + "}"))
        XCTAssertEqual(postgres.arguments[3], .integer(2))
        XCTAssertEqual(
            SQLDialect.postgres.preparedText(postgres.text).text,
            "SELECT * FROM t WHERE a = $1 AND id = ANY ($2) AND b <> ALL ($3) AND c = $4",
            "numbering the placeholders is all that is left to do when it is prepared")
        XCTAssertTrue(postgres.lists.isEmpty, "written once: rendering it again changes nothing")
        XCTAssertEqual(postgres.rendered(in: .postgres), postgres)
    }

    func testAnEmptyListIsALongListOnBoth() {
        let none: [Int] = []
        let sql: SQL = "x IN \(none) OR y NOT IN \(none)"
        XCTAssertEqual(sql.rendered(in: .sqlite).text, "x IN (SELECT value FROM json_each(?)) OR y NOT IN (SELECT value FROM json_each(?))")
        XCTAssertEqual(sql.rendered(in: .sqlite).arguments, [.text("[]"), .text("[]")])
        XCTAssertEqual(sql.rendered(in: .postgres).text, "x = ANY (?) OR y <> ALL (?)")
        XCTAssertEqual(sql.rendered(in: .postgres).arguments, [.text("{}"), .text("{}")])
    }

    func testShortListsAndPositionalArgumentsAndTheTestsSpelling() {
        let short: SQL = "x IN \([1, 2])"
        XCTAssertEqual(short.rendered(in: .postgres).text, "x IN (?,?)", "a short list is a placeholder a value")
        XCTAssertEqual(short.rendered(in: .postgres).arguments, [.integer(1), .integer(2)])

        let positional = SQL("x  not\n in ? AND z = ?", arguments: [long, 3])
        XCTAssertEqual(positional.rendered(in: .postgres).text, "x  <> ALL (?) AND z = ?", "any case, blanks between")
        XCTAssertEqual(positional.rendered(in: .postgres).arguments, [longArray, .integer(3)])

        let origin = SQL("origin IN ?", arguments: [long])
        XCTAssertEqual(origin.rendered(in: .postgres).text, "origin = ANY (?)")
        let named: SQL = "SELECT origin\(long)"
        XCTAssertEqual(
            named.rendered(in: .postgres).text, "SELECT origin(SELECT unnest(CAST(? AS text[])))",
            "IN is a word of its own, not the end of a name")
        let alone: SQL = "SELECT count(*) FROM \(long)"
        XCTAssertEqual(alone.rendered(in: .sqlite).text, "SELECT count(*) FROM (SELECT value FROM json_each(?))")
    }

    func testListsKeepTheirPlaceAsTheStatementGrows() {
        var sql: SQL = "WHERE id IN \(long)"
        sql.text += " AND b = ?"
        sql.arguments.append(.integer(7))
        sql.text = "SELECT * FROM (SELECT * FROM t " + sql.text + ") AS u"
        var whole = SQL(stringLiteral: "WITH x AS (SELECT 1) ")
        whole.append(sql)
        let joined = SQL.joined([whole, "n NOT IN \([Int]())"], separator: " UNION ALL SELECT * FROM t WHERE ")
        XCTAssertEqual(
            joined.rendered(in: .postgres).text,
            "WITH x AS (SELECT 1) SELECT * FROM (SELECT * FROM t WHERE id = ANY (?) AND b = ?) AS u"
                + " UNION ALL SELECT * FROM t WHERE n <> ALL (?)")
        XCTAssertEqual(joined.rendered(in: .postgres).arguments, [longArray, .integer(7), .text("{}")])

        var trimmed: SQL = "SELECT x IN \(long)"
        trimmed.text = String(trimmed.text.dropFirst("SELECT ".count))
        XCTAssertEqual(trimmed.rendered(in: .postgres).text, "x = ANY (?)", "text taken from the front")
        var replaced: SQL = "x IN \(long)"
        replaced.text = "y IN (SELECT value FROM json_each(?))"
        XCTAssertEqual(
            replaced.rendered(in: .postgres).text, "y IN (SELECT value FROM json_each(?))",
            "text set wholesale is the caller's, as written")
        let mapped = SQL("$T.a IN ? AND $T.b = 1", arguments: [long]).mappingText { $0.replacingOccurrences(of: "$T", with: "\"t\"") }
        XCTAssertEqual(mapped.rendered(in: .postgres).text, #""t".a = ANY (?) AND "t".b = 1"#)
    }

    func testAListThatCannotBeOneValueBindsValueByValue() {
        let sql: SQL = "x IN \(Array(repeating: SQLValue.blob(Data([1])), count: 1_001))"
        XCTAssertEqual(sql.arguments.count, 1_001)
        XCTAssertTrue(sql.lists.isEmpty)
        XCTAssertEqual(sql.rendered(in: .postgres).text, sql.text)
    }

    func testAnArrayLiteralQuotesEveryElement() {
        let values: [SQLValue] = [
            .integer(-3), .real(2.5), .real(1e-7), .null, .text(#"a "q" \ b"#), .text("NULL"), .text("{x,y}"), .text("zoë ✓ 😀"),
            .text("tab\tnew\nline"),
        ]
        XCTAssertEqual(
            PostgresArrayLiteral(values: values)?.text,
            #"{"-3","2.5","1e-07",NULL,"a \"q\" \\ b","NULL","{x,y}","zoë ✓ 😀","tab"# + "\t" + #"new"# + "\n" + #"line"}"#)
        XCTAssertEqual(PostgresArrayLiteral(values: [])?.text, "{}")
        XCTAssertNil(PostgresArrayLiteral(values: [.blob(Data([1]))]))
        XCTAssertNil(PostgresArrayLiteral(values: [.real(.infinity)]))
    }
}
