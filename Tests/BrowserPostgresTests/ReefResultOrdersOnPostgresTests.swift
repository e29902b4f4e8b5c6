import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A statement's `numeric`, `money`, `interval`, `inet`, `xid` and `pg_lsn` columns on PostgreSQL,
/// in reef's SQLite copy of its results: kept as the text the server sent (`49.90`,
/// `1 day 02:00:00`), yet sorted, filtered and counted by value, as the server would (SQLite alone
/// sorts `229.00` before `4.99` and `10 days` before `2 days`, and keeps every text above `20`);
/// and a float's NaN kept apart from NULL.
final class ReefResultOrdersOnPostgresTests: XCTestCase {
    private func makeResults(_ keys: String) throws -> (App, HeadlessRunner, [String]) {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_decimals", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE item (id int PRIMARY KEY, name text, price numeric(10,2), stock int);
            INSERT INTO item VALUES (1, 'keyboard', 49.90, 12), (2, 'mouse', 19.50, 40), (3, 'monitor', 229.00, 3),
              (4, 'cable', 4.99, 500), (5, 'bowl', 12.00, 7), (6, 'refund', -3.50, 1), (7, 'lamp', 19.50, 2), (8, 'gift', NULL, 0);
            """)
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "item")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 14)
        let lines = runner.run(try KeyScript.parse("eSELECT name, price, price * stock AS worth FROM item ORDER BY id<Enter>" + keys)).last ?? []
        return (app, runner, lines)
    }

    private func column(_ index: Int, of app: App) throws -> [SQLValue] {
        let source = try XCTUnwrap(app.currentGrid?.source)
        return try source.rows(0..<source.count()).map { $0.values[index].sqlValue ?? .null }
    }

    func testASortOrdersTheExactTextsByValue() throws {
        let (app, runner, lines) = try makeResults("ls")
        // NULL last, as the server places it ascending.
        XCTAssertEqual(try column(1, of: app), [.text("-3.50"), .text("4.99"), .text("12.00"), .text("19.50"), .text("19.50"),
                                                 .text("49.90"), .text("229.00"), .null], lines.joined(separator: "\n"))
        // `s` twice on the next column: descending (NULL first, as the server places it).
        let descending = runner.run(try KeyScript.parse("lss")).last ?? []
        XCTAssertEqual(try column(2, of: app), [.null, .text("2495.00"), .text("780.00"), .text("687.00"), .text("598.80"), .text("84.00"),
                                                 .text("39.00"), .text("-3.50")], descending.joined(separator: "\n"))
    }

    func testAFilterComparesTheExactTextsByValue() throws {
        let (app, runner, lines) = try makeResults("fprice > 20<Enter>")
        XCTAssertEqual(try column(0, of: app), [.text("keyboard"), .text("monitor")], lines.joined(separator: "\n"))
        for (filter, names) in [("price BETWEEN 4.99 AND 19.5", ["mouse", "cable", "bowl", "lamp"]),
                                ("price = 19.5", ["mouse", "lamp"]),
                                ("20 > price", ["mouse", "cable", "bowl", "refund", "lamp"]),
                                ("worth < price * 40", ["keyboard", "monitor", "bowl", "lamp"]),
                                ("price < 0", ["refund"])] {
            let shown = runner.run(try KeyScript.parse("f<C-u>\(filter)<Enter>")).last ?? []
            XCTAssertEqual(try column(0, of: app), names.map { .text($0) }, "\(filter)\n" + shown.joined(separator: "\n"))
        }
        // The values themselves are the server's text, scale kept.
        XCTAssertEqual(try column(1, of: app), [.text("-3.50")])
    }

    func testEqualCountsAreListedByValueAndEnterOpensTheirRows() throws {
        let (app, runner, lines) = try makeResults("lF")
        XCTAssertEqual(try column(0, of: app), [.text("19.50"), .null, .text("-3.50"), .text("4.99"), .text("12.00"), .text("49.90"),
                                                 .text("229.00")], lines.joined(separator: "\n"))
        let opened = runner.run(try KeyScript.parse("<Enter>")).last ?? []
        XCTAssertEqual(try column(0, of: app), [.text("mouse"), .text("lamp")], opened.joined(separator: "\n"))
    }

    func testIntervalsSortAndFilterByLength() throws {
        let (app, runner, lines) = try makeResults("<Esc>eSELECT id, span FROM (VALUES (1, interval '10 days'), (2, interval '2 days'), "
                                                   + "(3, interval '10:00:00'), (4, interval '1 day 02:00:00'), (5, interval '-00:05:00'), "
                                                   + "(6, interval '1 mon')) AS t (id, span)<Enter>ls")
        XCTAssertEqual(try column(1, of: app), [.text("-00:05:00"), .text("10:00:00"), .text("1 day 02:00:00"), .text("2 days"),
                                                 .text("10 days"), .text("1 mon")], lines.joined(separator: "\n"))
        let filtered = runner.run(try KeyScript.parse("fspan > '1 day' AND span < '1 week'<Enter>")).last ?? []
        XCTAssertEqual(try column(0, of: app), [.integer(4), .integer(2)], filtered.joined(separator: "\n"))
    }

    func testAddressesSortAndFilterAsTheServerOrdersThem() throws {
        let (app, runner, lines) = try makeResults("<Esc>eSELECT id, host FROM (VALUES (1, inet '10.0.0.10'), (2, inet '10.0.0.2'), "
                                                   + "(3, inet '::1'), (4, inet '9.1.2.3'), (5, inet '10.0.0.0/8')) AS t (id, host)<Enter>ls")
        XCTAssertEqual(try column(1, of: app), [.text("9.1.2.3"), .text("10.0.0.0/8"), .text("10.0.0.2"), .text("10.0.0.10"), .text("::1")],
                       lines.joined(separator: "\n"))
        let filtered = runner.run(try KeyScript.parse("fhost > '10.0.0.3' AND host < '11.0.0.0'<Enter>")).last ?? []
        XCTAssertEqual(try column(0, of: app), [.integer(1)], filtered.joined(separator: "\n"))
    }

    func testAmountsOfMoneySortAndFilterByAmount() throws {
        let (app, runner, lines) = try makeResults("<Esc>eSELECT id, cost FROM (VALUES (1, 1300::money), (2, 20::money), "
                                                   + "(3, (-5)::money), (4, 0.5::money), (5, 4.99::money)) AS t (id, cost)<Enter>ls")
        XCTAssertEqual(try column(1, of: app), [.text("-$5.00"), .text("$0.50"), .text("$4.99"), .text("$20.00"), .text("$1,300.00")],
                       lines.joined(separator: "\n"))
        let filtered = runner.run(try KeyScript.parse("fcost > 4.99 AND cost <= '$1,300'<Enter>")).last ?? []
        XCTAssertEqual(try column(0, of: app), [.integer(2), .integer(1)], filtered.joined(separator: "\n"))
    }

    /// A float's NaN (which SQLite would store as NULL) is kept as `NaN`: shown, sorted above
    /// every number as the server places it, counted apart from NULL.
    func testAFloatsNaNIsKeptApartFromNull() throws {
        let (app, runner, lines) = try makeResults("<Esc>eSELECT id, x FROM (VALUES (1, 'NaN'::float8), (2, 1.5), (3, NULL), "
                                                   + "(4, 'Infinity')) AS t (id, x)<Enter>ls")
        XCTAssertEqual(try column(1, of: app), [.real(1.5), .real(.infinity), .text("NaN"), .null], lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("│NaN│") }, lines.joined(separator: "\n"))
        let counted = runner.run(try KeyScript.parse("F")).last ?? []
        XCTAssertEqual(try column(1, of: app), [.integer(1), .integer(1), .integer(1), .integer(1)], counted.joined(separator: "\n"))
    }

    /// Transaction ids (which the server cannot order) by number; log positions by position.
    func testTransactionIdsAndLogPositionsSortByValue() throws {
        let (app, runner, lines) = try makeResults("<Esc>eSELECT id, tx, lsn FROM (VALUES (1, '999'::xid, '0/9'::pg_lsn), "
                                                   + "(2, '1000'::xid, '0/10'::pg_lsn), (3, '20'::xid, '1/0'::pg_lsn)) AS t (id, tx, lsn)<Enter>ls")
        XCTAssertEqual(try column(1, of: app), [.text("20"), .text("999"), .text("1000")], lines.joined(separator: "\n"))
        let byPosition = runner.run(try KeyScript.parse("ls")).last ?? []
        XCTAssertEqual(try column(2, of: app), [.text("0/9"), .text("0/10"), .text("1/0")], byPosition.joined(separator: "\n"))
        let filtered = runner.run(try KeyScript.parse("flsn > '0/9'<Enter>")).last ?? []
        XCTAssertEqual(try column(0, of: app), [.integer(2), .integer(3)], filtered.joined(separator: "\n"))
    }

    /// An enum by the order its type declares, not the alphabet's: in a sort, a filter and `F`.
    func testAnEnumSortsAndFiltersInItsTypesOrder() throws {
        let (app, runner, _) = try makeResults("<Esc>")
        try app.database.execute("CREATE TYPE stage AS ENUM ('new', 'paid', 'shipped', 'returned')")
        let lines = runner.run(try KeyScript.parse("eSELECT id, s FROM (VALUES (1, 'shipped'::stage), (2, 'new'), (3, 'returned'), "
                                                   + "(4, 'paid')) AS t (id, s)<Enter>ls")).last ?? []
        XCTAssertEqual(try column(1, of: app), ["new", "paid", "shipped", "returned"].map { .text($0) }, lines.joined(separator: "\n"))
        let filtered = runner.run(try KeyScript.parse("fs > 'new' AND s < 'returned'<Enter>")).last ?? []
        XCTAssertEqual(try column(0, of: app), [.integer(4), .integer(1)], filtered.joined(separator: "\n"))
    }
}
