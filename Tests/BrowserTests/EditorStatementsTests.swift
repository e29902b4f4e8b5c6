import ORMCore
import XCTest
@testable import Browser

/// Whether `Enter` in the SQL editor runs the text or goes on to a new line, and which statement
/// `Ctrl-O` runs, decided by each database's own tokenizer and script cutter.
final class EditorStatementsTests: XCTestCase {
    /// On SQLite: open quotes, comments and parentheses, a trigger's body, and a second statement
    /// without its `;` are unfinished; one statement, with or without `;`, is not.
    func testWhatIsUnfinishedOnSQLite() {
        let unfinished = [
            "SELECT 'it", "SELECT \"col", "SELECT 1 /* note", "SELECT (1", "SELECT count(*) FROM (SELECT 1",
            "SELECT 1; SELECT 2", "UPDATE t SET a = 1;\nSELECT a FROM t",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u VALUES (1);",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u VALUES (1)",
            "SELECT region,", "SELECT a FROM", "SELECT a FROM t WHERE", "SELECT a FROM t WHERE b = 1 and",
            "SELECT a FROM t ORDER BY", "SELECT a + ", "SELECT * FROM main.", "SELECT a FROM t -- then\n  WHERE a =",
            "SELECT a *", "SELECT 2 * ",
        ]
        for text in unfinished {
            XCTAssertTrue(EditorStatements.isUnfinished(text, dialect: .sqlite), text)
        }
        let finished = [
            "", "SELECT 1", "INSERT INTO t DEFAULT VALUES", "SELECT a FROM t ORDER BY a DESC", "SELECT count(*)", "SELECT 1;", "SELECT 'a;b'", "SELECT 1 -- no ; here", "SELECT CASE WHEN 1 THEN 2 END", "SELECT 1; SELECT 2;", "SELECT 1 -- a comment",
            "SELECT (1)", "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u VALUES (1); END;",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u VALUES (1); END",
            "INSERT INTO t VALUES (1) RETURNING *", "DELETE FROM t RETURNING t.*", "UPDATE t SET a = 1 RETURNING a, *",
        ]
        for text in finished {
            XCTAssertFalse(EditorStatements.isUnfinished(text, dialect: .sqlite), text)
        }
    }

    /// On PostgreSQL: an open dollar quote and a `BEGIN ATOMIC` body not yet ended are unfinished;
    /// the `;` inside a dollar-quoted body ends nothing.
    func testWhatIsUnfinishedOnPostgres() {
        let unfinished = [
            "DO $$ BEGIN PERFORM 1;", "CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1;",
            "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1;",
            "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC",
            "SELECT 1; SELECT 2", "SELECT 'it", "SELECT amount::", "SELECT a FROM t WHERE a ILIKE",
        ]
        for text in unfinished {
            XCTAssertTrue(EditorStatements.isUnfinished(text, dialect: .postgres), text)
        }
        let finished = [
            "DO $$ BEGIN PERFORM 1; END $$", "DO $$ BEGIN PERFORM 1; END $$;",
            "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END;",
            "SELECT 1; SELECT 2;", "SELECT 'a;b'", "SELECT CASE WHEN true THEN 1 END", "BEGIN", "SELECT 1 -- x",
            "SET enable_seqscan TO on", "SELECT amount::numeric",
        ]
        for text in finished {
            XCTAssertFalse(EditorStatements.isUnfinished(text, dialect: .postgres), text)
        }
    }

    /// The statement under the cursor: the one it is in, the last before it when it is between
    /// statements, the first before them all; each with where it starts.
    func testTheStatementUnderTheCursor() {
        let text = "  SELECT 1;\nSELECT 'a;b';\n\nSELECT 3"
        XCTAssertEqual(EditorStatements.ranges(in: text, dialect: .sqlite), [2..<10, 12..<24, 27..<35])
        XCTAssertEqual(EditorStatements.statement(at: 0, in: text, dialect: .sqlite)?.text, "SELECT 1")
        XCTAssertEqual(EditorStatements.statement(at: 5, in: text, dialect: .sqlite)?.text, "SELECT 1")
        XCTAssertEqual(EditorStatements.statement(at: 11, in: text, dialect: .sqlite)?.text, "SELECT 1")
        XCTAssertEqual(EditorStatements.statement(at: 20, in: text, dialect: .sqlite)?.text, "SELECT 'a;b'")
        XCTAssertEqual(EditorStatements.statement(at: 20, in: text, dialect: .sqlite)?.start, 12)
        XCTAssertEqual(EditorStatements.statement(at: 35, in: text, dialect: .sqlite)?.text, "SELECT 3")
        XCTAssertNil(EditorStatements.statement(at: 0, in: " -- nothing\n", dialect: .sqlite))
        let body = "DO $$ BEGIN PERFORM 1; END $$;\nSELECT 2;"
        XCTAssertEqual(EditorStatements.statement(at: 12, in: body, dialect: .postgres)?.text, "DO $$ BEGIN PERFORM 1; END $$")
        XCTAssertEqual(EditorStatements.statement(at: 33, in: body, dialect: .postgres)?.text, "SELECT 2")
    }
}
