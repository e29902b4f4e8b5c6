import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The one home of SQL text: the tokenizer every scanner uses, literals, hex, JSON strings,
/// identifier quoting and the entry point for expressions users type.
final class SQLTextTests: XCTestCase {
    // MARK: - Tokens

    /// Each kind of token, cut where SQLite's tokenizer cuts it, covering the whole text.
    func testTokensFollowSQLitesTokenizer() {
        let text = #"a1 = 'it''s' -- why?"# + "\n" + #"/* x */"[b;c]" `d` [e f] X'0aF' ?7 :n @m $T #p 1.5e3 .5 0x1F ( ) ; || Zoë"#
        let tokens = SQLToken.tokens(in: text)
        XCTAssertEqual(tokens.map { text[$0.range] }.joined(), text, "the tokens cover the text")
        let meaningful = tokens.filter { $0.kind != .space }
        XCTAssertEqual(meaningful.map(\.kind), [
            .word, .operator, .string, .comment, .comment, .quotedName, .quotedName, .quotedName, .blob,
            .parameter, .parameter, .parameter, .parameter, .parameter, .number, .number, .number,
            .openParenthesis, .closeParenthesis, .semicolon, .operator, .operator, .word,
        ])
        XCTAssertEqual(meaningful.map { String(text[$0.range]) }, [
            "a1", "=", "'it''s'", "-- why?", "/* x */", "\"[b;c]\"", "`d`", "[e f]", "X'0aF'", "?7", ":n", "@m",
            "$T", "#p", "1.5e3", ".5", "0x1F", "(", ")", ";", "|", "|", "Zoë",
        ])
        XCTAssertTrue(tokens.allSatisfy(\.isClosed))
    }

    /// Strings, names and block comments the text ends inside of run to the end, marked open.
    func testUnclosedTokensRunToTheEnd() {
        for text in ["'open", "\"open", "[open", "/* open", "x'0A"] {
            let tokens = SQLToken.tokens(in: text)
            XCTAssertEqual(tokens.count, 1, text)
            XCTAssertEqual(tokens.first?.isClosed, false, text)
        }
        XCTAssertEqual(SQLToken.tokens(in: "-- to the end").first?.isClosed, true, "a line comment needs no end")
    }

    /// A quote followed by a combining mark is one Character but two tokens' worth of bytes.
    func testAQuoteFollowedByACombiningMarkStillQuotes() {
        let text = "'a'\u{301} = ?"
        let kinds = SQLToken.tokens(in: text).map(\.kind)
        XCTAssertEqual(kinds.first, .string)
        XCTAssertEqual(kinds.last, .parameter)
        XCTAssertEqual(SQLToken.tokens(in: "'it''s'").first?.unquoted(in: "'it''s'"), "it's")
        XCTAssertEqual(SQLToken.tokens(in: "[a\"b]").first?.unquoted(in: "[a\"b]"), "a\"b")
    }

    // MARK: - Placeholders

    /// Only a bare `?` outside strings, quoted names and comments takes an argument: a `?` in a
    /// comment took the list meant for the real placeholder.
    func testPlaceholdersSkipCommentsAndQuotedNames() {
        let sql = SQL("SELECT [a?] -- why?\nFROM t WHERE b IN ? AND c = '?'", arguments: [[1, 2]])
        XCTAssertEqual(sql.text, "SELECT [a?] -- why?\nFROM t WHERE b IN (?,?) AND c = '?'")
        XCTAssertEqual(sql.arguments, [1, 2])
    }

    /// `\(raw:)` splices program text; `\(sql:)` embeds SQL with its arguments.
    func testRawAndEmbeddedSQL() {
        let inner: SQL = "x = \(5)"
        let sql: SQL = "SELECT \(raw: "count(*)") FROM t WHERE \(sql: inner)"
        XCTAssertEqual(sql.text, "SELECT count(*) FROM t WHERE x = ?")
        XCTAssertEqual(sql.arguments, [5])
    }

    /// A statement followed by a comment is one statement (it was "more than one statement").
    func testATrailingCommentIsNotASecondStatement() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (a); -- the table")
        XCTAssertEqual(try db.fetchAll("SELECT count(*) FROM t /* none yet */;"), [[.integer(0)]])
        XCTAssertThrowsError(try db.execute("SELECT 1; SELECT 2"))
    }

    // MARK: - Quoting and literals

    /// A quote followed by a combining mark is doubled too: it was left single, ending the name
    /// or the text early (and letting the rest run as SQL).
    func testQuotesBeforeCombiningMarksAreDoubled() throws {
        let name = "a\"\u{301}b"
        XCTAssertEqual(quoteIdentifier(name), "\"a\"\"\u{301}b\"")
        let text = "x'\u{301}); DROP TABLE t; --"
        XCTAssertEqual(SQLLiteral.value(.text(text)), "'x''\u{301}); DROP TABLE t; --'")
        let db = try Database.inMemory()
        try db.execute(SQL(stringLiteral: "CREATE TABLE \(quoteIdentifier(name)) (v)"))
        try db.execute(SQL(stringLiteral: "INSERT INTO \(quoteIdentifier(name)) VALUES (\(SQLLiteral.value(.text(text))))"))
        XCTAssertEqual(try db.fetchAll(SQL(stringLiteral: "SELECT v FROM \(quoteIdentifier(name))")), [[.text(text)]])
    }

    /// Every kind of value as a literal.
    func testLiterals() {
        XCTAssertEqual(SQLLiteral.value(.null), "NULL")
        XCTAssertEqual(SQLLiteral.value(.integer(.min)), "-9223372036854775808")
        XCTAssertEqual(SQLLiteral.value(.text("it's")), "'it''s'")
        XCTAssertEqual(SQLLiteral.value(.text("a\r\nb")), "(CAST(X'610D0A62' AS TEXT))")
        XCTAssertEqual(SQLLiteral.value(.text("nul\u{0}")), "(CAST(X'6E756C00' AS TEXT))")
        XCTAssertEqual(SQLLiteral.text(utf8: [0x61, 0xFF]), "(CAST(X'61FF' AS TEXT))")
        XCTAssertEqual(SQLLiteral.value(.blob(Data())), "X''")
        XCTAssertEqual(SQLLiteral.value(.blob(Data([0x00, 0xAB]))), "X'00AB'")
        XCTAssertEqual(SQLLiteral.value(.real(2)), "2.0")
        XCTAssertEqual(SQLLiteral.value(.real(-0.0)), "-0.0")
        XCTAssertEqual(SQLLiteral.value(.real(0.1)), "0.1")
        XCTAssertEqual(SQLLiteral.value(.real(.infinity)), "1e999")
        XCTAssertEqual(SQLLiteral.value(.real(-.infinity)), "-1e999")
        XCTAssertEqual(SQLLiteral.value(.real(.nan)), "NULL")
        XCTAssertEqual(SQLLiteral.exactQuotient(0.1), "(CAST(3602879701896397 AS REAL) / 36028797018963968)")
        XCTAssertEqual(SQLLiteral.exactQuotient(-3 * 0x1p70), "(CAST(-3 AS REAL) * 4611686018427387904 * 256)")
    }

    /// Every literal reads back as exactly its value in SQLite: text bytes as they were, and every
    /// double bit for bit, including those SQLite reads a bit off from their shortest decimal
    /// (8.229164544094 was one), subnormals and the extremes.
    func testLiteralsReadBackExactly() throws {
        let db = try Database.inMemory()
        var generator = SplitMix(seed: 25)
        var reals: [Double] = [8.229164544094, 2.91e-11, 3.607867947716311e+166, .leastNonzeroMagnitude, 2.2250738585072014e-308,
                               .greatestFiniteMagnitude, -.leastNormalMagnitude, 0x1p53 + 2, 1.0 / 3, -0.0, .infinity]
        while reals.count < 3_000 {
            let real = Double(bitPattern: generator.next())
            if real.isFinite {
                reals.append(real)
            }
        }
        var misread = 0
        for real in reals {
            let read = try db.scalar(SQL(stringLiteral: "SELECT " + SQLLiteral.real(real)))
            guard case .real(let value)? = read, value.bitPattern == real.bitPattern else {
                misread += 1
                continue
            }
        }
        XCTAssertEqual(misread, 0)
        let texts: [[UInt8]] = [Array("cr\r\nlf".utf8), [0x61, 0x00, 0x62], [0xC3, 0x28, 0xFF], [], Array("漢字😀".utf8)]
        for bytes in texts {
            let hex = try db.scalar(SQL(stringLiteral: "SELECT hex(" + SQLLiteral.text(utf8: bytes) + ")"))
            XCTAssertEqual(hex, .text(Hex.encode(bytes, uppercase: true)))
        }
    }

    // MARK: - Hex and JSON strings

    /// Hex both ways, in either case, with a separator.
    func testHex() {
        XCTAssertEqual(Hex.encode([0x0A, 0xFF, 0x00]), "0aff00")
        XCTAssertEqual(Hex.encode([0x0A, 0xFF], uppercase: true, separator: " "), "0A FF")
        XCTAssertEqual(Hex.encode([]), "")
        XCTAssertEqual(Hex.decode("0aFF"), [0x0A, 0xFF])
        XCTAssertEqual(Hex.decode(""), [])
        XCTAssertNil(Hex.decode("abc"))
        XCTAssertNil(Hex.decode("zz"))
    }

    /// JSON strings escape quotes, backslashes and control characters, nothing else.
    func testJSONStrings() throws {
        let text = "a\"b\\c\nd\t\u{1B}\u{0}é😀\u{7F}"
        let quoted = JSONText.quoted(text)
        XCTAssertEqual(quoted, #""a\"b\\c\nd\t\u001b\u0000é😀\u007f""#)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String, text)
    }

    // MARK: - Typed expressions

    /// A typed expression may end with a comment; it was pasted into `WHERE (…)`, where the
    /// comment swallowed the closing parenthesis ("incomplete input").
    func testAUserExpressionKeepsItsComment() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (id INTEGER)")
        try db.execute("INSERT INTO t VALUES (1), (2), (3)")
        let filter = try SQL.userExpression("id >= 2 -- the later ones")
        XCTAssertEqual(filter.text, "(id >= 2 -- the later ones\n)")
        var sql: SQL = "SELECT count(*) FROM t WHERE "
        sql.append(filter)
        XCTAssertEqual(try db.scalar(sql), .integer(2))
        XCTAssertEqual(try SQL.userExpression("(a) = (b) /* fine */").text, "((a) = (b) /* fine */\n)")
        XCTAssertEqual(try SQL.userExpression("x IN (SELECT y FROM z WHERE w = ')')").text, "(x IN (SELECT y FROM z WHERE w = ')')\n)")
    }

    /// Text that is not exactly one expression is refused with its reason; `1) OR (1` was accepted
    /// and widened the WHERE clause it went into.
    func testTextThatIsNotOneExpressionIsRefused() {
        let cases: [(String, String)] = [
            ("1) OR (1", "`)` at character 2 closes a parenthesis never opened: one expression only"),
            ("(a = 1", "`(` at character 1 is never closed"),
            ("a = 1; DROP TABLE t", "`;` at character 6 ends a statement: one expression only"),
            ("a = 'open", "the string at character 5 ('open) is never closed"),
            ("a = 1 /* open", "the comment at character 7 (/* open) is never closed"),
            ("\"open = 1", "the quoted name at character 1 (\"open = 1) is never closed"),
            ("a = ?", "the parameter `?` at character 5 has no value here: write the value itself"),
            ("a = :name", "the parameter `:name` at character 5 has no value here: write the value itself"),
            (" -- only a comment", "no expression: only blanks and comments"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try SQL.userExpression(text), text) { error in
                XCTAssertEqual((error as? UserSQLError)?.reason, reason, text)
            }
        }
    }

    /// On PostgreSQL typed text is read by PostgreSQL's lexical rules: `::` is a cast and `$$…$$`
    /// a string (SQLite's rules took `::text` for a parameter and refused the filter); `$1` is
    /// still a parameter, refused.
    func testAUserExpressionOnPostgreSQLReadsCastsAndDollarQuotes() throws {
        XCTAssertEqual(try SQL.userExpression("quantity::text = '3'", in: .postgres).text, "(quantity::text = '3'\n)")
        XCTAssertEqual(try SQL.userQuery("SELECT $$a;b)$$::text AS t", in: .postgres).text, "(SELECT $$a;b)$$::text AS t\n)")
        XCTAssertThrowsError(try SQL.userExpression("id = $1", in: .postgres)) { error in
            XCTAssertEqual((error as? UserSQLError)?.reason, "the parameter `$1` at character 6 has no value here: write the value itself")
        }
        XCTAssertThrowsError(try SQL.userExpression("quantity::text = '3'"), "SQLite has no :: cast")
    }

    /// A typed query becomes a subquery; a final `;` and comments at the end stay out.
    func testAUserQuery() throws {
        XCTAssertEqual(try SQL.userQuery("SELECT 1 -- one\n; -- done").text, "(SELECT 1\n)")
        XCTAssertThrowsError(try SQL.userQuery("SELECT 1; SELECT 2"))
        XCTAssertThrowsError(try SQL.userQuery("SELECT ? AS x"))
    }
}
