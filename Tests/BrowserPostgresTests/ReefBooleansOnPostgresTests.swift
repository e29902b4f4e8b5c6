import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// PostgreSQL's `boolean` in reef as a PostgreSQL user reads and types it: `true` and `false` in
/// the grid, the record view, query results, exports (JSON's `true`/`false`) and copies, never
/// ORMCore's 1 and 0; a cell takes the server's own input forms and refuses others in the
/// server's words before anything is staged.
final class ReefBooleansOnPostgresTests: XCTestCase {
    /// A database holding `flags` (two booleans, one NULL).
    private func makeFlags() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_booleans", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE flags (id bigint PRIMARY KEY, name text NOT NULL, active boolean NOT NULL, checked boolean);
            INSERT INTO flags VALUES (1, 'one', true, false), (2, 'two', false, NULL), (3, 'three', true, true);
            """)
        return conninfo
    }

    private func session(_ conninfo: String, columns: Int = 80, rows: Int = 8) throws -> HeadlessRunner {
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: nil)
        return HeadlessRunner(app: app, columns: columns, rows: rows)
    }

    private func play(_ runner: HeadlessRunner, _ keys: String) throws -> [String] {
        runner.run(try KeyScript.parse(keys)).last ?? []
    }

    private func rows(_ conninfo: String, _ sql: String) throws -> [[String]] {
        let result = try PGConnection(conninfo).execute(sql)
        return result.map { row in (0..<result.columnCount).map { row.text(at: $0) ?? "NULL" } }
    }

    func testTheGridTheRecordViewAndQueryResultsShowTrueAndFalse() throws {
        let flags = try makeFlags()
        let reef = try session(flags)
        let grid = try play(reef, "<Enter>")
        XCTAssertEqual(Array(grid[0...3]), [
            "public (1)  │ │id │name │active │checked │",
            "flags      3│1│  1│one  │true   │false   │",
            "            │2│  2│two  │false  │∅       │",
            "            │3│  3│three│true   │true    │",
        ])
        let record = try play(reef, "<Enter>")
        XCTAssertTrue(record.contains { $0.contains("active  │ true") }, record.joined(separator: "\n"))
        XCTAssertTrue(record.contains { $0.contains("checked │ false") }, record.joined(separator: "\n"))

        let query = try play(try session(flags), "eSELECT name, active, NOT active AS flipped, 1 AS one FROM flags ORDER BY id<Enter>")
        XCTAssertEqual(query[1], "1│one  │true   │false   │   1│")
        XCTAssertEqual(query[2], "2│two  │false  │true    │   1│")
    }

    func testExportsAndCopiesWriteTrueAndFalse() throws {
        let flags = try makeFlags()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("reef-pg-booleans-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("flags.csv").path
        let json = folder.appendingPathComponent("flags.json").path
        let reef = try session(flags, columns: 120)
        _ = try play(reef, "<Enter>X\(csv)<Enter>")
        XCTAssertEqual(try String(contentsOfFile: csv, encoding: .utf8),
                       "id,name,active,checked\r\n1,one,true,false\r\n2,two,false,\r\n3,three,true,true\r\n")
        // Hidden columns and JSON: the shown ones, as JSON's booleans.
        _ = try play(reef, "l-X\(json)<Enter>")
        XCTAssertEqual(try String(contentsOfFile: json, encoding: .utf8), """
            [
            {"id":1,"active":true,"checked":false},
            {"id":2,"active":false,"checked":null},
            {"id":3,"active":true,"checked":true}
            ]

            """)
        let cell = try play(try session(flags, columns: 120), "<Enter>lly")
        XCTAssertTrue(cell.last?.contains("copied active: true") ?? false, cell.last ?? "")
    }

    func testACellTakesPostgreSQLsBooleanFormsAndRefusesOthersInItsWords() throws {
        let flags = try makeFlags()
        let reef = try session(flags, columns: 100)
        // The editor starts from the word shown.
        let editing = try play(reef, "<Enter>llc")
        XCTAssertTrue(editing.last?.contains("true") ?? false, editing.last ?? "")
        let refused = try play(reef, "<C-u>maybe<Enter>")
        XCTAssertTrue(refused.last?.contains(#"invalid input syntax for type boolean: "maybe""#) ?? false, refused.last ?? "")
        XCTAssertFalse(refused.last?.contains("pending") ?? true, refused.last ?? "")

        let staged = try play(reef, "c<C-u>off<Enter>jc<C-u>Y<Enter>")
        XCTAssertTrue(staged.last?.contains("2 pending") ?? false, staged.last ?? "")
        XCTAssertTrue(staged.last?.contains("staged: active = true") ?? false, staged.last ?? "")
        // The pending SQL is PostgreSQL's: 1 and 0 are integers it refuses for a boolean.
        let pending = try play(reef, "p")
        XCTAssertTrue(pending.contains(#"UPDATE "flags" SET "active" = 'false' WHERE "id" = 1;"#), pending.joined(separator: "\n"))
        XCTAssertTrue(pending.contains(#"UPDATE "flags" SET "active" = 'true' WHERE "id" = 2;"#), pending.joined(separator: "\n"))
        _ = try play(reef, "p")
        XCTAssertEqual(staged[1], "flags      3│1│  1│one  │false  │false   │", "staged, shown as the word")
        XCTAssertEqual(staged[2], "            │2│  2│two  │true   │∅       │")
        XCTAssertEqual(try rows(flags, "SELECT active FROM flags ORDER BY id"), [["t"], ["f"], ["t"]], "nothing written before w")
        let committed = try play(reef, "w")
        XCTAssertTrue(committed.last?.contains("committed 2 changes") ?? false, committed.last ?? "")
        XCTAssertEqual(try rows(flags, "SELECT active FROM flags ORDER BY id"), [["f"], ["t"], ["t"]])
    }

    func testAFrequencyTableCountsTrueAndFalseAndEnterOpensTheirRows() throws {
        let flags = try makeFlags()
        let reef = try session(flags)
        let counted = try play(reef, "<Enter>llF")
        XCTAssertEqual(counted[1], "1│true   │     2│   66.67│████████████████████│")
        XCTAssertEqual(counted[2], "2│false  │     1│   33.33│██████████          │")
        let filtered = try play(reef, "j<Enter>")
        XCTAssertTrue(filtered.last?.contains("flags where active = false  1/1") ?? false, filtered.last ?? "")
        XCTAssertEqual(filtered[1], "1│  2│two  │false  │∅       │", "the rows of false, over the frequency table")
        let back = try play(reef, "q")
        XCTAssertTrue(back.last?.hasPrefix(" FREQUENCY ") ?? false, back.last ?? "")
    }
}
