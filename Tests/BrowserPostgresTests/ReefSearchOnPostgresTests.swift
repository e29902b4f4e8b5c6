import PostgresClient
import PostgresTestSupport
import Synchronization
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `/` on a PostgreSQL table is searched by the server (`strpos` on the lowered text), in the
/// view's own order and filter, as on SQLite: a miss, a wrap, a sorted and filtered view, a long
/// value, and a long search stopped between its statements.
final class ReefSearchOnPostgresTests: XCTestCase {
    /// The connection string of a fresh database holding `items`: 3,000 rows, `needle` in the
    /// names of rows 10 and 2,500, `qty` cycling through 0-99, a NULL note but in row 1,500 (a
    /// text of 2 MiB ending with `Tail`).
    private func makeItems() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_search", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE items (id bigint PRIMARY KEY, name text, qty integer, note text);
            INSERT INTO items SELECT n, CASE WHEN n IN (10, 2500) THEN 'a Needle ' || n ELSE 'item ' || n END,
              n * 37 % 100, CASE WHEN n = 1500 THEN repeat('x', 2097152) || 'Tail' END FROM generate_series(1, 3000) AS n;
            ANALYZE items;
            """)
        return conninfo
    }

    /// The screens `keys` dumps on `items` of `conninfo`, and the last.
    private func screens(_ conninfo: String, _ keys: String) throws -> [[String]] {
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "items")
        return HeadlessRunner(app: app, columns: 80, rows: 3).run(try KeyScript.parse(keys))
    }

    /// `items` as the grid reads it, sorted and filtered when asked.
    private func source(_ conninfo: String, sort: GridSort? = nil, filter: String? = nil) throws -> TableSource {
        try TableSource(table: try DatabaseOpener.open(conninfo, readOnly: false).table("items"), sort: sort, filter: filter)
    }

    /// A miss says so; from the last match `/` wraps to the first, `N` back to the last.
    func testAMissAndAWrapAroundTheEnds() throws {
        let items = try makeItems()
        let screens = try screens(items, "jj/zzq<Enter><dump>G/NEEDLE<Enter><dump>N")
        XCTAssertTrue(screens[0].last?.contains("not found: zzq") ?? false, screens[0].last ?? "")
        XCTAssertTrue(screens[0].last?.contains("items  3/3,000") ?? false, screens[0].last ?? "")
        XCTAssertTrue(screens[1].last?.contains("search hit BOTTOM, continuing at TOP") ?? false, screens[1].last ?? "")
        XCTAssertTrue(screens[1].last?.contains("items  10/3,000") ?? false, screens[1].last ?? "")
        XCTAssertTrue(screens[2].last?.contains("search hit TOP, continuing at BOTTOM") ?? false, screens[2].last ?? "")
        XCTAssertTrue(screens[2].last?.contains("items  2,500/3,000") ?? false, screens[2].last ?? "")
    }

    /// A sorted, filtered view is searched in its own order, only among the rows it shows.
    func testASortedFilteredViewIsSearchedInItsOrder() throws {
        let items = try makeItems()
        let view = try source(items, sort: GridSort(keys: [.init(column: 2, descending: true), .init(column: 0, descending: false)]),
                              filter: "id % 3 = 0")
        // Whether each row of the view, in its order, has a 7 in any column as the server writes it.
        let sevens = try PGConnection(items).execute("""
            SELECT strpos(id || '|' || name || '|' || qty || '|' || coalesce(note, ''), '7') > 0
            FROM items WHERE id % 3 = 0 ORDER BY qty DESC, id
            """).map { $0.text(at: 0) == "t" }
        XCTAssertEqual(try view.count(), sevens.count)
        let first = try XCTUnwrap(sevens.firstIndex(of: true))
        XCTAssertEqual(try view.find(GridSearch(text: "7"), in: 0..<Int.max, forward: true), first)
        XCTAssertEqual(try view.find(GridSearch(text: "7"), in: (first + 1)..<Int.max, forward: true),
                       sevens[(first + 1)...].firstIndex(of: true))
        XCTAssertEqual(try view.find(GridSearch(text: "7"), in: 0..<Int.max, forward: false), sevens.lastIndex(of: true))
        XCTAssertNil(try view.find(GridSearch(text: "needle"), in: 0..<Int.max, forward: true), "rows 10 and 2,500 are filtered out")
    }

    /// A long text is searched whole, past what the grid keeps of it.
    func testALongValueIsSearchedWhole() throws {
        let items = try makeItems()
        let view = try source(items, sort: GridSort(column: 0, descending: true))
        XCTAssertEqual(try view.find(GridSearch(text: "XTAIL"), in: 0..<Int.max, forward: true), 1500)
        XCTAssertNil(try view.find(GridSearch(text: "tailx"), in: 0..<Int.max, forward: true))
    }

    /// A search tells how many rows it has checked after each statement and stops there when
    /// asked to (what `Esc` does), in key order and in a sorted view.
    func testALongSearchTellsItsProgressAndStopsBetweenStatements() throws {
        let items = try makeItems()
        for view in [try source(items), try source(items, sort: GridSort(column: 1, descending: false))] {
            let told = Mutex<[Int]>([])
            let stop = StopFlag()
            XCTAssertThrowsError(try view.find(GridSearch(text: "zzq"), in: 0..<Int.max, forward: true, isCancelled: { stop.isRaised },
                                               progress: { checked in
                                                   told.withLock { $0.append(checked) }
                                                   stop.set()
                                               })) { error in
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
            let checked = told.withLock { $0 }
            XCTAssertEqual(checked.count, 1, "stopped after the first statement")
            XCTAssertGreaterThan(checked.first ?? 0, 0)
            XCTAssertLessThan(checked.first ?? .max, 3000)
        }
    }
}
