import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A CSV file joined on PostgreSQL (`J` with a path): its rows in a session table of reef's writer
/// (`pg_temp.joined_1`), which every read of the view runs on, so sort, filter, `F`, edits through
/// the join and another session's commits all see it; leaving the join, or giving it up at its
/// prompts, drops the table; a
/// `--readonly` session refuses the file and leaves nothing on the server.
final class ReefJoinFileOnPostgresTests: XCTestCase {
    private var conninfo = ""
    private var folder = ""
    private var apps: [App] = []

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        conninfo = server.connectionString(database: try server.makeDatabase("reef_join_file", for: self))
        let setup = try PGConnection(conninfo)
        try setup.executeScript("""
            CREATE TABLE track (id int PRIMARY KEY, name text, genre_id int);
            INSERT INTO track VALUES (1, 'short', 1), (2, 'long', 2), (3, 'middle', 1), (4, 'odd', NULL);
            """)
        setup.close()
        let observer = try PGConnection(conninfo)
        try waitUntil("the setup's statistics are in") {
            try observer.execute("SELECT sum(n_tup_ins) FROM pg_stat_all_tables WHERE relname = 'track'").first?.int64(at: 0) == 4
        }
        folder = try TemporaryFolders.make("join-file-test")
        try "id,mood\n1,loud\n2,calm\n3,odd\n".write(toFile: folder + "/moods.csv", atomically: true, encoding: .utf8)
        addTeardownBlock { [weak self] in
            for app in self?.apps ?? [] { app.database.core.externalChanges.stop() }
            if let folder = self?.folder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    /// How many temporary tables named `joined_1` the server holds, any session's.
    private func sessionTables() throws -> Int64? {
        try PGConnection(conninfo).execute("SELECT count(*) FROM pg_class WHERE relname = 'joined_1' AND relpersistence = 't'")
            .first?.int64(at: 0)
    }

    private func open(readOnly: Bool) throws -> (App, HeadlessRunner) {
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: readOnly), theme: .builtinDefault, initialTable: "track")
        apps.append(app)
        return (app, HeadlessRunner(app: app, columns: 160, rows: 10))
    }

    func testAFileJoinsSortsFiltersCountsAndEditsThroughASessionTable() throws {
        let (app, runner) = try open(readOnly: false)
        _ = runner.run(try KeyScript.parse("$J\(folder)/moods.csv<Enter><C-u>genre_id = id<Enter>"))
        guard case .joinKind(let request, _) = app.prompt.current?.kind else {
            return XCTFail("the kind step: \(String(describing: app.prompt.current?.note))")
        }
        XCTAssertEqual(request.schema, "pg_temp")
        let lines = runner.run(try KeyScript.parse("<Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header), ["id", "name", "genre_id", "moods.id", "moods.mood"], lines.joined(separator: "\n"))
        XCTAssertEqual(try sessionTables(), 1, "the file's rows are on the server, in reef's session")
        XCTAssertTrue(lines.last?.contains("track's columns edit") ?? false, lines.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("$s"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[4] }, [.text("calm"), .text("loud"), .text("loud"), .null])
        _ = runner.run(try KeyScript.parse(#"f"moods.mood" = 'loud'<Enter>"#))
        XCTAssertEqual(try grid.source.count(), 2)
        _ = runner.run(try KeyScript.parse("F"))
        var screen = ""
        try waitUntil("the frequency table of the joined column shows") {
            screen = (runner.run(try KeyScript.parse("<wait:20>")).last ?? []).joined(separator: "\n")
            return screen.contains("FREQUENCY")
        }
        XCTAssertTrue(screen.contains("loud"), screen)
        _ = runner.run(try KeyScript.parse("q"))
        // The track's own cells edit through the join (the file's ids are unique).
        _ = runner.run(try KeyScript.parse("gg0li<C-u>shorter<Enter>w"))
        XCTAssertEqual(try PGConnection(conninfo).execute("SELECT name FROM track WHERE id = 1").map { $0.text(at: 0) }, ["shorter"])
        _ = runner.run(try KeyScript.parse("["))
        try waitUntil("leaving the join drops the table") { try sessionTables() == 0 }
        try waitUntil("reads go back to the readers") { app.database.core.sessionTableCount.load(ordering: .relaxed) == 0 }
        XCTAssertEqual(grid.source.columns.count, 3)
    }

    func testAnotherSessionsCommitRefreshesTheJoinedView() throws {
        _ = try TriggerInstallation.run(.install, on: try DatabaseOpener.open(conninfo, readOnly: false))
        let (app, runner) = try open(readOnly: false)
        _ = runner.run(try KeyScript.parse("$J\(folder)/moods.csv<Enter><C-u>genre_id = id<Enter>inner<Enter>"))
        XCTAssertEqual(try XCTUnwrap(app.currentGrid).source.count(), 3)
        try waitUntil("the watch looked") { (app.database.core.externalChanges.lookCount ?? 0) >= 1 }
        try PGConnection(conninfo).execute("UPDATE track SET name = 'renamed by psql', genre_id = 2 WHERE id = 3")
        var screen = ""
        try waitUntil("the joined view is refreshed") {
            screen = (runner.run(try KeyScript.parse("<wait:20>")).last ?? []).joined(separator: "\n")
            return screen.contains("renamed by psql")
        }
        XCTAssertTrue(screen.contains("calm"), screen)
    }

    func testAJoinGivenUpAtItsLastPromptDropsTheTable() throws {
        let (app, runner) = try open(readOnly: false)
        _ = runner.run(try KeyScript.parse("$J\(folder)/moods.csv<Enter><C-u>genre_id = id<Enter>"))
        XCTAssertEqual(try sessionTables(), 1)
        _ = runner.run(try KeyScript.parse("<Esc>"))
        XCTAssertNil(app.prompt.current)
        try waitUntil("the table no view joins is dropped") { try sessionTables() == 0 }
        try waitUntil("reads go back to the readers") { app.database.core.sessionTableCount.load(ordering: .relaxed) == 0 }
    }

    func testAReadOnlySessionRefusesTheFileAndWritesNothing() throws {
        let (app, runner) = try open(readOnly: true)
        let lines = runner.run(try KeyScript.parse("$J\(folder)/moods.csv<Enter>")).last ?? []
        XCTAssertEqual(app.prompt.current?.kind, .joinTable, lines.joined(separator: "\n"))
        XCTAssertTrue(app.prompt.current?.note?.contains("a --readonly session joins no file on PostgreSQL") ?? false,
                      String(describing: app.prompt.current?.note))
        XCTAssertEqual(try sessionTables(), 0)
        XCTAssertEqual(app.currentGrid?.source.columns.count, 3)
    }
}
