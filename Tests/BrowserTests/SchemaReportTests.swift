import ORMCore
import XCTest
@testable import Browser

/// The schema view's text: the rowid, generated columns, triggers and every `CREATE` statement.
final class SchemaReportTests: XCTestCase {
    private func report(_ table: String, schema: String) throws -> [String] {
        let database = try Database.inMemory()
        try database.executeScript(SQL(stringLiteral: schema))
        return try SchemaReport.lines(for: table, in: database)
    }

    /// Only a column declared exactly `INTEGER PRIMARY KEY` (not `DESC`, not `INT`, not in a
    /// WITHOUT ROWID table) is the rowid, which is never NULL.
    func testTheRowIDAliasIsNamed() throws {
        let alias = try report("t", schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        XCTAssertTrue(alias.contains("  1 id   INTEGER NOT NULL         PK 1 (rowid)"), alias.joined(separator: "\n"))
        let constraint = try report("t", schema: "CREATE TABLE t (id INTEGER, v, PRIMARY KEY (id DESC))")
        XCTAssertTrue(constraint.contains { $0.hasSuffix("PK 1 (rowid)") }, constraint.joined(separator: "\n"))
        for schema in [
            "CREATE TABLE t (id INTEGER PRIMARY KEY DESC, v)", "CREATE TABLE t (id INT PRIMARY KEY, v)",
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v) WITHOUT ROWID",
        ] {
            let lines = try report("t", schema: schema)
            XCTAssertFalse(lines.contains { $0.contains("(rowid)") }, schema)
            XCTAssertTrue(lines.contains { $0.hasSuffix("PK 1") }, schema)
        }
    }

    /// Generated columns say how they are generated; the column is left out when none is.
    func testGeneratedColumnsAreMarked() throws {
        let lines = try report("g", schema: """
            CREATE TABLE g (a INT, b INT GENERATED ALWAYS AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED)
            """)
        XCTAssertTrue(lines.contains("  # name type null     default key generated"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("  2 b    INT  nullable             virtual"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("  3 c    INT  nullable             stored"), lines.joined(separator: "\n"))
        let plain = try report("t", schema: "CREATE TABLE t (a)")
        XCTAssertFalse(plain.contains { $0.contains("generated") })
    }

    /// Triggers on the table are listed, and every statement that builds it is shown, each ended
    /// by one `;`; triggers of other tables are not.
    func testTriggersAndEveryCreateStatement() throws {
        let lines = try report("t", schema: """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            CREATE TABLE log (v);
            CREATE INDEX t_v ON t (v);
            CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.v); END;
            CREATE TRIGGER log_insert AFTER INSERT ON log BEGIN SELECT 1; END;
            """)
        let triggers = try XCTUnwrap(lines.firstIndex(of: "Triggers"))
        XCTAssertEqual(Array(lines[triggers...].prefix(3)), ["Triggers", "  t_insert", ""])
        let statements = try XCTUnwrap(lines.firstIndex(of: "CREATE statements"))
        XCTAssertEqual(Array(lines[(statements + 1)...]), [
            "  CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);",
            "  CREATE INDEX t_v ON t (v);",
            "  CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.v); END;",
        ])
        let none = try report("log", schema: "CREATE TABLE log (v)")
        XCTAssertEqual(Array(none[try XCTUnwrap(none.firstIndex(of: "Triggers"))...].prefix(2)), ["Triggers", "  none"])
    }

    /// The foreign keys of other tables (and the table's own) that point into it are listed, with
    /// the columns on each side; a table nothing points to says so.
    func testTheForeignKeysPointingIntoTheTableAreListed() throws {
        let schema = """
            CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT, mentor INTEGER REFERENCES artist (id));
            CREATE TABLE album (id INTEGER PRIMARY KEY, artist_id INTEGER REFERENCES Artist (id) ON DELETE CASCADE);
            CREATE TABLE note (v);
            """
        let lines = try report("artist", schema: schema)
        let section = try XCTUnwrap(lines.firstIndex(of: "Referenced by"), lines.joined(separator: "\n"))
        XCTAssertEqual(Array(lines[section...].prefix(4)), [
            "Referenced by", "  album (artist_id) → (id)  ON DELETE CASCADE", "  artist (mentor) → (id)", "",
        ], "by table name; a name in another case is the same table on SQLite")
        let none = try report("note", schema: schema)
        let empty = try XCTUnwrap(none.firstIndex(of: "Referenced by"))
        XCTAssertEqual(none[empty + 1], "  none")
    }

    /// Tabs in DDL are spaces to the next stop of four, not `⇥` marks; `y` copies the statements as
    /// written, tabs and all.
    func testTabsInDDLAreShownAsSpacesAndYCopiesTheStatements() throws {
        let ddl = "CREATE TABLE t (\n\tid INTEGER PRIMARY KEY,\n\tv\tTEXT\n)"
        let lines = try report("t", schema: ddl)
        XCTAssertTrue(lines.contains("      id INTEGER PRIMARY KEY,"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("      v   TEXT"), lines.joined(separator: "\n"))
        XCTAssertEqual(SchemaReport.expandingTabs("ab\tc\t\td"), "ab  c       d")

        let database = try Database.inMemory()
        try database.executeScript(SQL(stringLiteral: ddl + "; CREATE INDEX t_v ON t (v)"))
        let runner = HeadlessRunner(app: try App(database: database, theme: .builtinDefault, initialTable: "t"), columns: 80, rows: 6)
        let screen = runner.run(try KeyScript.parse("Sy")).last ?? []
        XCTAssertEqual(runner.backend.clipboard, [ddl + ";\nCREATE INDEX t_v ON t (v);"])
        XCTAssertTrue(screen.last?.contains("copied the CREATE statements of t (") ?? false, screen.last ?? "")
        XCTAssertTrue(screen.last?.contains("SCHEMA") ?? false, "the schema stays open: \(screen.last ?? "")")
    }
}
