import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// SQL text cut by PostgreSQL's lexical rules: what is a string, a name, a comment or a parameter
/// there, and `?` numbered as `$n`.
final class SQLTokenPostgresTests: XCTestCase {
    private func cut(_ text: String) -> [(SQLToken.Kind, String)] {
        let tokens = SQLToken.tokens(in: text, dialect: .postgres)
        XCTAssertEqual(tokens.map { text[$0.range] }.joined(), text, "the tokens cover the text")
        return tokens.filter { $0.kind != .space }.map { ($0.kind, String(text[$0.range])) }
    }

    private func assertCut(_ text: String, _ expected: [(SQLToken.Kind, String)], file: StaticString = #filePath, line: UInt = #line) {
        let actual = cut(text)
        XCTAssertEqual(actual.map(\.0), expected.map(\.0), "\(actual)", file: file, line: line)
        XCTAssertEqual(actual.map(\.1), expected.map(\.1), file: file, line: line)
    }

    func testDollarQuotedBodiesHoldSemicolonsQuotesAndOtherTags() {
        assertCut("SELECT $$it's; -- not a comment$$, $fn$ a $$ b; $fn$;", [
            (.word, "SELECT"), (.string, "$$it's; -- not a comment$$"), (.operator, ","),
            (.string, "$fn$ a $$ b; $fn$"), (.semicolon, ";"),
        ])
        let body = "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $body$ SELECT 1; SELECT 2 $body$; SELECT 3"
        XCTAssertEqual(SQLToken.tokens(in: body, dialect: .postgres).filter { $0.kind == .semicolon }.count, 1)
        XCTAssertEqual(SQLToken.tokens(in: body).filter { $0.kind == .semicolon }.count, 2, "SQLite's rules split the body")
        let open = SQLToken.tokens(in: "SELECT $x$ never closed", dialect: .postgres).last
        XCTAssertEqual(open?.kind, .string)
        XCTAssertEqual(open?.isClosed, false)
    }

    func testDollarSignsThatOpenNoQuote() {
        assertCut("SELECT $1, $12::int, a$b, $1x", [
            (.word, "SELECT"), (.parameter, "$1"), (.operator, ","), (.parameter, "$12"), (.operator, ":"), (.operator, ":"),
            (.word, "int"), (.operator, ","), (.word, "a$b"), (.operator, ","), (.parameter, "$1"), (.word, "x"),
        ])
        assertCut("$ 1", [(.operator, "$"), (.number, "1")])
        assertCut("$9tag$", [(.parameter, "$9"), (.word, "tag$")])
    }

    func testEscapeStringsUnicodeStringsAndBitStrings() {
        assertCut(#"E'it\'s \\' e'x''y' U&'d\0061t' U&"na""me" N'n' B'0101' X'1F' E"#, [
            (.string, #"E'it\'s \\'"#), (.string, "e'x''y'"), (.string, #"U&'d\0061t'"#), (.quotedName, #"U&"na""me""#),
            (.string, "N'n'"), (.string, "B'0101'"), (.string, "X'1F'"), (.word, "E"),
        ])
        assertCut(#"'a\' -- no escape here'"#, [(.string, #"'a\'"#), (.comment, "-- no escape here'")])
    }

    func testBlockCommentsNest() {
        assertCut("/* a /* b */ c */ x /* open /* */", [(.comment, "/* a /* b */ c */"), (.word, "x"), (.comment, "/* open /* */")])
        XCTAssertEqual(SQLToken.tokens(in: "/* open /* */", dialect: .postgres).last?.isClosed, false)
    }

    func testBracketsBackticksAndMarksAreOperators() {
        assertCut("a[1] `x` :n @m #p", [
            (.word, "a"), (.operator, "["), (.number, "1"), (.operator, "]"), (.operator, "`"), (.word, "x"), (.operator, "`"),
            (.operator, ":"), (.word, "n"), (.operator, "@"), (.word, "m"), (.operator, "#"), (.word, "p"),
        ])
    }

    func testQuestionMarksAreNumberedOutsideStringsNamesAndComments() {
        let (text, count) = SQLToken.numberingParameters(
            in: #"SELECT ? , '?' , "?" , $$?$$ , E'\'?' /* ? */ , ? -- ?"# + "\n" + "WHERE a = ?")
        XCTAssertEqual(text, #"SELECT $1 , '?' , "?" , $$?$$ , E'\'?' /* ? */ , $2 -- ?"# + "\n" + "WHERE a = $3")
        XCTAssertEqual(count, 3)
        XCTAssertEqual(SQLToken.numberingParameters(in: "SELECT $2, $1").count, 2, "numbered ones count by their highest")
        XCTAssertEqual(SQLToken.numberingParameters(in: "SELECT 1").count, 0)
    }

    func testOnlyQuestionMarksAreNumberedGeneratedTextStaysAsWritten() {
        // SQLite's long-list text is no longer read back and rewritten: on PostgreSQL it is just
        // text, whose `?` is numbered like any other (a long list is written `= ANY` from its values).
        XCTAssertEqual(
            SQLToken.numberingParameters(in: "x IN (SELECT value FROM json_each(?)) AND y NOT IN (SELECT value FROM json_each(?))").text,
            "x IN (SELECT value FROM json_each($1)) AND y NOT IN (SELECT value FROM json_each($2))")
        XCTAssertEqual(
            SQLDialect.postgres.preparedText("x IN (?,?) AND y = 'IN (SELECT value FROM json_each(?))'").text,
            "x IN ($1,$2) AND y = 'IN (SELECT value FROM json_each(?))'")
    }
}
