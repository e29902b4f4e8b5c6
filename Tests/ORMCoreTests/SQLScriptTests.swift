import ORMCore
import XCTest

/// Splitting SQL text into statements where SQLite sees a statement end.
final class SQLScriptTests: XCTestCase {
    func testSplitsAtSemicolonsOutsideStringsIdentifiersAndComments() {
        let text = """
            UPDATE "a;b" SET note = 'x; y' WHERE id = 1; -- a comment; still a comment
            /* block; comment */ SELECT 1;
            INSERT INTO t VALUES (';')
            """
        XCTAssertEqual(SQLScript.statements(in: text), [
            #"UPDATE "a;b" SET note = 'x; y' WHERE id = 1"#,
            "-- a comment; still a comment\n/* block; comment */ SELECT 1",
            "INSERT INTO t VALUES (';')",
        ])
    }

    func testATriggerBodyIsOneStatement() {
        let trigger = "CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE b SET n = n + 1; DELETE FROM c; END"
        XCTAssertEqual(SQLScript.statements(in: trigger + "; SELECT 2;"), [trigger, "SELECT 2"])
    }

    func testEmptyPiecesAndTrailingCommentsAreLeftOut() {
        XCTAssertEqual(SQLScript.statements(in: " ;; SELECT 1 ;;\n -- done\n"), ["SELECT 1"])
        XCTAssertEqual(SQLScript.statements(in: "-- nothing\n/* at all */ ;"), [])
        XCTAssertEqual(SQLScript.statements(in: ""), [])
    }

    func testAnUnfinishedLastStatementIsKeptForSQLiteToJudge() {
        XCTAssertEqual(SQLScript.statements(in: "SELECT 1; SELECT 'open"), ["SELECT 1", "SELECT 'open"])
    }

    func testWideCharactersSurviveTheSplit() {
        XCTAssertEqual(SQLScript.statements(in: "SELECT '漢字;😀'; SELECT 'é'"), ["SELECT '漢字;😀'", "SELECT 'é'"])
    }

    func testLeadingKeywordSkipsBlanksAndComments() {
        XCTAssertEqual(SQLScript.leadingKeyword(of: "  select 1"), "SELECT")
        XCTAssertEqual(SQLScript.leadingKeyword(of: "-- why\n/* how */\tWith x AS (SELECT 1) SELECT * FROM x"), "WITH")
        XCTAssertEqual(SQLScript.leadingKeyword(of: "(SELECT 1)"), "")
        XCTAssertEqual(SQLScript.leadingKeyword(of: "/* never closed SELECT"), "")
        XCTAssertFalse(SQLScript.hasTokens(" -- only\n /* comments */ ; "))
        XCTAssertTrue(SQLScript.hasTokens("/**/x"))
    }

    func testEveryStatementSplitOffRunsAsTyped() throws {
        let database = try Database.inMemory()
        let script = "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('a;b'); -- note\nINSERT INTO t VALUES ('c')"
        for statement in SQLScript.statements(in: script) {
            try database.execute(SQL(stringLiteral: statement))
        }
        XCTAssertEqual(try database.fetchAll("SELECT v FROM t ORDER BY v"), [[.text("a;b")], [.text("c")]])
    }
}
