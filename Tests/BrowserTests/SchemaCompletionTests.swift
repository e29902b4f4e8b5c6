import XCTest
@testable import Browser

/// `Tab` after `schema.`: the tables and views of that schema where a table goes, beside the
/// columns an alias or a table gives after its `.`.
final class SchemaCompletionTests: XCTestCase {
    /// The browsed schema's `albums` and `artists`, and a schema `audit` of two tables and a view.
    private var schema: CompletionSchema {
        var schema = CompletionSchema(
            tables: [("albums", false), ("artists", false)], functions: ["count"], currentTable: nil,
            columns: { table in
                switch table {
                case "albums": ["id", "title"]
                case "artists": ["id", "name"]
                default: nil
                }
            })
        schema.schemaTables = { name in
            name == "audit" ? [("log", false), ("logins", false), ("log view", true)] : nil
        }
        schema.schemaColumns = { schema, table in
            schema == "audit" && table == "log" ? ["at", "what"] : nil
        }
        return schema
    }

    /// The candidates' names at the end of `text`.
    private func names(_ text: String) -> [String] {
        (try? SQLCompletion.complete(text, cursor: text.count, schema: schema).get()).map { $0.candidates.map(\.name) } ?? ["refused"]
    }

    func testASchemaGivesItsTablesWhereATableGoes() {
        XCTAssertEqual(names("SELECT * FROM audit."), ["log", "log view", "logins"])
        XCTAssertEqual(names("SELECT * FROM audit.logi"), ["logins"])
        XCTAssertEqual(names("SELECT * FROM albums JOIN audit.l"), ["log", "log view", "logins"])
        let quoted = try? SQLCompletion.complete("SELECT * FROM audit.log", cursor: 23, schema: schema).get()
        XCTAssertEqual(quoted?.candidates.first { $0.name == "log view" }?.insertion, "\"log view\"", "quoted when it must be")
    }

    func testASchemaGivesItsTablesInAnExpressionToo() {
        XCTAssertEqual(names("SELECT audit."), ["log", "log view", "logins"])
        XCTAssertEqual(names("SELECT nowhere."), [], "neither a table, an alias nor a schema")
    }

    /// A table of another schema gives its columns after its alias, and among the statement's.
    func testATableOfAnotherSchemaGivesItsColumns() {
        XCTAssertEqual(names("SELECT * FROM audit.log l WHERE l."), ["at", "what"])
        XCTAssertEqual(names("SELECT * FROM audit.LOG AS l WHERE l.w"), ["what"])
        let listed = try? SQLCompletion.complete("SELECT wh FROM audit.log", cursor: 9, schema: schema).get()
        XCTAssertEqual(listed?.candidates.first?.name, "what")
        XCTAssertEqual(listed?.candidates.first?.source, "audit.log")
    }

    /// `schema.table.` gives that table's columns, wherever it is written.
    func testASchemaQualifiedTableGivesItsColumns() {
        XCTAssertEqual(names("SELECT audit.log."), ["at", "what"])
        XCTAssertEqual(names("SELECT audit.LOG.w"), ["what"], "the table matched ignoring case")
        XCTAssertEqual(names("SELECT nowhere.log."), [], "no such schema")
    }

    func testAliasesAndTablesStillGiveTheirColumns() {
        XCTAssertEqual(names("SELECT a.id FROM albums a WHERE a."), ["id", "title"])
        XCTAssertEqual(names("SELECT * FROM artists r JOIN albums a ON r."), ["id", "name"])
        XCTAssertEqual(names("SELECT artists."), ["id", "name"])
    }

    /// On SQLite `main.` gives the file's tables, read with the name bound; a name that is no
    /// schema gives nothing.
    func testMainGivesTheFilesTablesOnSQLite() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: nil)
        let runner = HeadlessRunner(app: app, columns: 80, rows: 10)
        _ = runner.run(try KeyScript.parse("eSELECT * FROM main.ar<Tab>"))
        XCTAssertEqual(app.prompt.current?.text, "SELECT * FROM main.artists")
        _ = runner.run(try KeyScript.parse("<C-u>SELECT * FROM main.<Tab>"))
        XCTAssertEqual(app.prompt.current?.completions?.completion.candidates.map(\.name),
                       ["album_titles", "albums", "artists", "my \"odd\" table", "pairs"])
        _ = runner.run(try KeyScript.parse("<Esc><C-u>SELECT * FROM nowhere.<Tab>"))
        XCTAssertEqual(app.prompt.current?.note, "no completions")
    }
}
