import XCTest

@testable import ORMCore

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

    func testLongListsBecomeOneArrayParameter() {
        let sql: SQL = "SELECT * FROM t WHERE a = \(1) AND id IN \(Array(1...1_001)) AND b NOT IN \(Array(1...1_001).map(String.init)) AND c = \(2)"
        let prepared = SQLToken.postgresText(for: sql.text)
        XCTAssertEqual(prepared.text, "SELECT * FROM t WHERE a = $1 AND id = ANY ($2) AND b <> ALL ($3) AND c = $4")
        XCTAssertEqual(prepared.parameterCount, 4)
        XCTAssertEqual(prepared.listParameters, [2, 3])
        XCTAssertEqual(sql.arguments.count, 4, "each long list is one value")

        let spaced = SQLToken.postgresText(for: "x not  in /* c */ ( select VALUE from JSON_EACH( ? ) )")
        XCTAssertEqual(spaced.text, "x <> ALL ($1)", "case, blanks and comments aside")
        let short = SQLToken.postgresText(for: "x IN (?,?) AND y = 'IN (SELECT value FROM json_each(?))'")
        XCTAssertEqual(short.text, "x IN ($1,$2) AND y = 'IN (SELECT value FROM json_each(?))'")
        XCTAssertEqual(short.listParameters, [], "a short list and text in a string stay as they are")
        let other = SQLToken.postgresText(for: "SELECT value FROM json_each(?)")
        XCTAssertEqual(other.text, "SELECT value FROM json_each($1)", "json_each outside IN is the user's own")
    }

    func testAListsJSONBecomesAnArrayLiteralEveryElementQuoted() throws {
        let values: [SQLValue] = [.integer(-3), .real(2.5), .real(1e-7), .null, .text(#"a "q" \ b"#), .text("NULL"), .text("{x,y}"), .text("zoë ✓ 😀"), .text("tab\tnew\nline")]
        let json = try XCTUnwrap(SQL.jsonArray(values))
        let literal = try XCTUnwrap(PostgresArrayLiteral(json: json))
        XCTAssertEqual(literal.text, #"{"-3","2.5","1e-07",NULL,"a \"q\" \\ b","NULL","{x,y}","zoë ✓ 😀","tab"# + "\t" + #"new"# + "\n" + #"line"}"#)
        XCTAssertEqual(PostgresArrayLiteral(json: "[]")?.text, "{}")
        XCTAssertEqual(PostgresArrayLiteral(json: #"["\ud83d\ude00", "\u00e9"]"#)?.text, #"{"😀","é"}"#, "escapes, surrogate pairs included")
        for broken in ["", "[", "[1,", "[1 2]", #"["open]"#, "[true]", #"{"a":1}"#, "[[1]]", "[1] x", #"["\ud83d"]"#] {
            XCTAssertNil(PostgresArrayLiteral(json: broken), broken)
        }
    }
}
