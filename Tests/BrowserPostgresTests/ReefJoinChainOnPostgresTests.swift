import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Joins beyond one on PostgreSQL: a join on a joined view (track, album, then artist on
/// `album.artist_id`), `[` leaving one at a time, a table of another schema named `schema.table`
/// at the table step, and another session's commit to a joined table refreshing the view, also
/// to one of another schema than the browsed one.
final class ReefJoinChainOnPostgresTests: XCTestCase {
    private var conninfo = ""
    private var apps: [App] = []

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        conninfo = server.connectionString(database: try server.makeDatabase("reef_join_chain", for: self))
        let setup = try PGConnection(conninfo)
        try setup.executeScript("""
            CREATE TABLE artist (id int PRIMARY KEY, name text);
            INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Miles Davis');
            CREATE TABLE album (id int PRIMARY KEY, title text, artist_id int REFERENCES artist (id));
            INSERT INTO album VALUES (10, 'Back in Black', 1), (20, 'Kind of Blue', 2);
            CREATE TABLE track (id int PRIMARY KEY, name text, album_id int REFERENCES album (id));
            INSERT INTO track VALUES (1, 'Shoot to Thrill', 10), (2, 'So What', 20), (3, 'Hells Bells', 10);
            CREATE SCHEMA sales;
            CREATE TABLE sales.royalty (album int PRIMARY KEY, percent int);
            INSERT INTO sales.royalty VALUES (10, 12), (20, 9);
            """)
        // A session that ends reports its statistics: the setup's rows are counted before reef
        // looks, so they do not arrive later as another session's change.
        setup.close()
        let observer = try PGConnection(conninfo)
        try waitUntil("the setup's statistics are in") {
            try observer.execute("SELECT sum(n_tup_ins) FROM pg_stat_all_tables WHERE relname IN ('artist', 'album', 'track')")
                .first?.int64(at: 0) == 7
        }
        addTeardownBlock { [weak self] in
            for app in self?.apps ?? [] { app.database.core.externalChanges.stop() }
        }
    }

    /// An app on track, joined with album on its foreign key.
    private func openJoinedWithAlbum() throws -> (App, HeadlessRunner) {
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "track")
        apps.append(app)
        let runner = HeadlessRunner(app: app, columns: 160, rows: 8)
        _ = runner.run(try KeyScript.parse("$Jalbum<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "album_id = id")
        _ = runner.run(try KeyScript.parse("<Enter><Enter>"))
        return (app, runner)
    }

    func testASecondJoinOnTheJoinedTablesKeyThenBackOneAtATime() throws {
        let (app, runner) = try openJoinedWithAlbum()
        _ = runner.run(try KeyScript.parse("Jartist<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "album.artist_id = id")
        let lines = runner.run(try KeyScript.parse("<Enter><Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header).suffix(2), ["artist.id", "artist.name"], lines.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("$s"))
        XCTAssertEqual(try grid.source.rows(0..<3).map { $0.values[7] }, [.text("AC/DC"), .text("AC/DC"), .text("Miles Davis")])
        _ = runner.run(try KeyScript.parse("gg0li<C-u>Thunderstruck<Enter>w"))
        XCTAssertEqual(try PGConnection(conninfo).execute("SELECT name FROM track WHERE id = 1").map { $0.text(at: 0) }, ["Thunderstruck"],
                       "the track's cells edit through both joins")
        _ = runner.run(try KeyScript.parse("["))
        XCTAssertEqual(grid.source.columns.count, 6)
        _ = runner.run(try KeyScript.parse("["))
        XCTAssertEqual(grid.source.columns.count, 3)
    }

    func testATableOfAnotherSchemaJoinsByItsQualifiedName() throws {
        let (app, runner) = try openJoinedWithAlbum()
        _ = runner.run(try KeyScript.parse("Jsales.ro<Tab>"))
        XCTAssertEqual(app.prompt.current?.text, "sales.royalty", "Tab completes another schema's table")
        _ = runner.run(try KeyScript.parse("<Enter><C-u>album_id = album<Enter>inner<Enter>"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header).suffix(2), ["royalty.album", "royalty.percent"])
        XCTAssertEqual(try grid.source.rows(0..<3).map { $0.values[7] }, [.integer(12), .integer(9), .integer(12)])
        let lines = runner.run(try KeyScript.parse("0li")).last ?? []
        XCTAssertEqual(app.prompt.current?.kind.mode, .edit, "royalty's album is its key: tracks still edit \(lines.joined(separator: "\n"))")
    }

    func testAnotherSessionsCommitToAJoinedTableRefreshesTheView() throws {
        _ = try TriggerInstallation.run(.install, on: try DatabaseOpener.open(conninfo, readOnly: false))
        let (app, runner) = try openJoinedWithAlbum()
        try waitUntil("the watch looked") { (app.database.core.externalChanges.lookCount ?? 0) >= 1 }
        try PGConnection(conninfo).execute("UPDATE album SET title = 'Renamed by psql' WHERE id = 20")
        var screen = ""
        try waitUntil("the joined view is refreshed") {
            screen = (runner.run(try KeyScript.parse("<wait:20>")).last ?? []).joined(separator: "\n")
            return screen.contains("Renamed by psql")
        }
        let titles = try XCTUnwrap(app.currentGrid).source.rows(0..<3).map { $0.values[4] }
        XCTAssertEqual(titles.filter { $0 == .text("Renamed by psql") }.count, 1, screen)
    }

    func testAnotherSessionsCommitToAJoinedTableOfAnotherSchemaRefreshesTheView() throws {
        let (app, runner) = try joinedWithRoyalty()
        // `psql -c`: the session ends at once, so only the statistics of sales.royalty can name it.
        try briefly("UPDATE sales.royalty SET percent = 77 WHERE album = 20")
        try waitUntilRefreshed(app, runner, percent: 77)
    }

    func testWithTheTriggersOnTheOtherSchemaItsCommitRefreshesTheView() throws {
        try PGNotifyTriggers.install(on: [PGQualifiedName(schema: "sales", name: "royalty")], using: try PGConnection(conninfo))
        let (app, runner) = try joinedWithRoyalty()
        try briefly("UPDATE sales.royalty SET percent = 55 WHERE album = 20")
        try waitUntilRefreshed(app, runner, percent: 55)
    }

    /// An app on track joined with album, then with sales.royalty on the album, once the watch
    /// has taken the other schema's table (a look after the join).
    private func joinedWithRoyalty() throws -> (App, HeadlessRunner) {
        let (app, runner) = try openJoinedWithAlbum()
        _ = runner.run(try KeyScript.parse("Jsales.royalty<Enter><C-u>album_id = album<Enter>inner<Enter>"))
        XCTAssertEqual(try XCTUnwrap(app.currentGrid).source.columns.map(\.header).last, "royalty.percent")
        XCTAssertEqual(app.live.otherSchemaTables, [QualifiedTableName(schema: "sales", name: "royalty")])
        let looks = app.database.core.externalChanges.lookCount ?? 0
        try waitUntil("the watch took the joined table") { (app.database.core.externalChanges.lookCount ?? 0) >= looks + 2 }
        return (app, runner)
    }

    /// Runs `sql` on a session that then ends, as `psql -c` does, and waits until it has gone.
    private func briefly(_ sql: String) throws {
        let brief = try PGConnection(conninfo, applicationName: "brief")
        try brief.execute(sql)
        brief.close()
        // Asked from another database, so that no other session of this one is busy.
        let server = try TestPostgresServer.shared()
        let observer = try PGConnection(server.connectionString(database: try server.makeDatabase("reef_join_observer", for: self)))
        try waitUntil("the brief session has ended") {
            try observer.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'brief'").first?.int64(at: 0) == 0
        }
        observer.close()
    }

    /// Waits until the screen shows royalty's `percent` on Kind of Blue's track, and checks the
    /// view's rows say so too.
    private func waitUntilRefreshed(_ app: App, _ runner: HeadlessRunner, percent: Int64) throws {
        try waitUntil("the joined view is refreshed on screen") {
            let lines = runner.run(try KeyScript.parse("<wait:20>")).last ?? []
            return lines.contains { $0.contains("So What") && $0.hasSuffix(" \(percent)│") }
        }
        let percents = try XCTUnwrap(app.currentGrid).source.rows(0..<3).map { $0.values[7] }
        XCTAssertEqual(percents, [.integer(12), .integer(percent), .integer(12)])
    }
}
