import FoundationEssentials
import ORMCore
import TestSupport
import XCTest
@testable import Browser

/// The main screen, the frequency table and the column summary tested alone, as
/// ``GridScreenControllerTests`` does for the record view and query results: grids in memory (a
/// catalog and a summary on an in-memory database), and a host standing in for the `App` that
/// records what it is asked.
final class MainFrequencySummaryControllerTests: XCTestCase {
    /// Records what the screens ask of the app; answers the main screen from a catalog and a grid.
    private final class Host: MainHost, TableList {
        let catalog: Catalog
        var grid: GridModel?
        var asked: [String] = []
        var ran: [Command] = []
        var frequencies: [(grid: GridModel, column: Int?)] = []
        var filteredToValue = 0
        var narrowed = false

        init(catalog: Catalog, grid: GridModel?) {
            self.catalog = catalog
            self.grid = grid
        }

        var tableList: any TableList { self }
        var listedTables: [Int] { Array(catalog.names.indices) }
        var sidebarWidth: Int { 12 }
        var spinnerFrame: Int { 0 }
        var selectedTableGrid: GridModel? { grid }
        var visibleTableGrid: GridModel? { grid }

        func tableListTitle(listed: Int) -> String { "Tables" }

        func moveTableSelection(_ command: Command) {
            asked.append("move \(command)")
        }

        func retrySelectedTable() {
            asked.append("retry")
        }

        func browseElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome {
            asked.append("elsewhere")
            return .redraw
        }

        func saySchemaElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome {
            .redraw
        }

        func backOnMain() -> Outcome {
            asked.append("back")
            return .redraw
        }

        func cancelOnMain() -> Outcome {
            asked.append("cancel")
            return .redraw
        }

        func clearTableNarrowing() -> Bool {
            defer { narrowed = false }
            return narrowed
        }

        func openTableNarrowing() {
            asked.append("narrow")
        }

        func sayWhyNoGrid() -> Outcome {
            asked.append("no grid")
            return .redraw
        }

        func performOnGrid(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome {
            ran.append(command)
            return .redraw
        }

        func filterToFrequencyValue(in table: GridModel, origin: FrequencyOrigin) -> Outcome {
            filteredToValue += 1
            return .redraw
        }

        func openFrequency(of grid: GridModel, column index: Int?) {
            frequencies.append((grid, index))
        }
    }

    private let theme = Theme.builtinDefault
    private let area = Rect(x: 0, y: 0, width: 40, height: 5)
    private var database: Database!

    override func setUpWithError() throws {
        database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE birds (name TEXT, wings INTEGER);
            CREATE TABLE fish (name TEXT);
            INSERT INTO birds VALUES ('owl', 2), ('emu', 2), ('kiwi', 2);
            """)
    }

    private func birds() -> GridModel {
        let columns = [GridColumn(name: "name", kind: .text, isKey: false), GridColumn(name: "wings", kind: .integer, isKey: false)]
        return GridModel(source: MaterializedSource(title: "birds", columns: columns,
                                                    rows: [[.text("owl"), .integer(2)], [.text("emu"), .integer(2)]]))
    }

    private func drawn(_ controller: any ScreenController, in area: Rect? = nil) -> [String] {
        let area = area ?? self.area
        var buffer = ScreenBuffer(width: area.width, height: area.height)
        _ = controller.prepare(in: area)
        controller.render(in: area, into: &buffer, theme: theme)
        return buffer.lines().map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    // MARK: - Main screen

    func testTheMainScreensListChoosesTablesAndHandsTheGridItsKeys() throws {
        let host = Host(catalog: try Catalog(database: database), grid: birds())
        let main = MainController()
        main.host = host
        XCTAssertEqual(main.mode, .tables)
        XCTAssertNil(main.grid, "the main screen's grid is the selected table's, asked of the host")
        let lines = drawn(main, in: Rect(x: 0, y: 0, width: 80, height: 5))
        XCTAssertTrue(lines.contains { $0.hasPrefix("birds") && $0.contains("owl") }, "the list beside the grid: \(lines)")
        XCTAssertEqual(main.perform(.down, in: area), .redraw)
        XCTAssertEqual(main.perform(.search, in: area), .redraw)
        XCTAssertEqual(main.perform(.left, in: area), .notAKey)
        XCTAssertEqual(main.perform(.back, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.asked, ["move down", "narrow", "back"])
        host.narrowed = true
        XCTAssertEqual(main.perform(.cancel, in: area), .say(.info("every table listed again")))
        XCTAssertEqual(main.perform(.cancel, in: area), .carriedOut(.redraw), "not narrowed: the app stops the counts")
        XCTAssertEqual(main.perform(.open, in: area), .redraw)
        XCTAssertEqual(main.focus, .grid, "Enter gives the grid the keys")
        XCTAssertEqual(main.mode, .browse)
        XCTAssertEqual(host.asked.suffix(2), ["cancel", "retry"])
    }

    func testTheMainScreensGridHandsItsCommandsToTheHost() throws {
        let host = Host(catalog: try Catalog(database: database), grid: birds())
        let main = MainController()
        main.host = host
        main.focus = .grid
        XCTAssertEqual(main.perform(.sort, in: area), .carriedOut(.redraw))
        XCTAssertEqual(main.perform(.down, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.ran, [.sort, .down])
        XCTAssertEqual(main.perform(.switchFocus, in: area), .redraw)
        XCTAssertEqual(main.focus, .tables, "Tab gives the list the keys again")
        XCTAssertEqual(main.perform(.sort, in: area), .carriedOut(.redraw), "a grid key in the list goes to the grid")
        XCTAssertEqual(main.focus, .grid)
        host.grid = nil
        XCTAssertEqual(main.perform(.sort, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.asked, ["no grid"], "no grid to take the key: the host says why")
        XCTAssertEqual(host.ran, [.sort, .down, .sort])
    }

    func testTheMainScreenWithoutItsHostDoesNothing() {
        let main = MainController()
        XCTAssertEqual(main.perform(.down, in: area), .redraw)
        XCTAssertNil(main.prepare(in: area))
    }

    // MARK: - Frequency table

    func testTheFrequencyTableFiltersByItsValueAndHandsTheRestToTheGrid() throws {
        let host = Host(catalog: try Catalog(database: database), grid: nil)
        let counted = birds()
        let query = try FrequencyQuery(relation: "\(identifier: "birds")", column: "wings", filter: nil)
        let columns = [GridColumn(name: "wings", kind: .integer, isKey: false), GridColumn(name: "count", kind: .integer, isKey: false)]
        let table = GridModel(source: MaterializedSource(title: "wings in birds", columns: columns, rows: [[.integer(2), .integer(3)]]))
        let frequency = FrequencyController(grid: table, origin: FrequencyOrigin(query: query, grid: counted), host: host)
        XCTAssertEqual(frequency.mode, .frequency)
        XCTAssertTrue(frequency.grid === table)
        XCTAssertNil(frequency.describedGrid, "a frequency table stays true when its grid is filtered by it")
        XCTAssertTrue(drawn(frequency).contains { $0.contains("2") && $0.contains("3") }, "\(drawn(frequency))")
        XCTAssertEqual(frequency.perform(.open, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.filteredToValue, 1)
        XCTAssertEqual(frequency.perform(.down, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.ran, [.down])
        XCTAssertEqual(frequency.perform(.switchFocus, in: area), .notAKey)
        XCTAssertEqual(frequency.perform(.back, in: area), .close)
        XCTAssertEqual(frequency.perform(.cancel, in: area), .close)
    }

    // MARK: - Summary

    func testTheSummaryGoesToItsColumnsAndClosesWithTheViewItDescribes() throws {
        let host = Host(catalog: try Catalog(database: database), grid: nil)
        let summarised = birds()
        let query = try SummaryQuery(relation: "\(identifier: "birds")", columns: ["name", "wings"], filter: nil)
        let source = SummarySource(database: database, query: query, declaredTypes: ["TEXT", "INTEGER"], title: "birds",
                                   wakeup: nil)
        let shown = GridModel(source: source)
        let summary = SummaryController(grid: shown, source: source, origin: SummaryOrigin(grid: summarised), host: host)
        XCTAssertEqual(summary.mode, .summary)
        XCTAssertTrue(summary.describedGrid === summarised, "filtering the grid summarised leaves the summary out of date")
        try waitUntil("the summary's statistics are in") { !source.task.isRunning }
        XCTAssertEqual(summary.status(spinnerFrame: 0), .info("Enter: go to the column  F: its values  q: back"))
        XCTAssertEqual(summary.perform(.down, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.ran, [.down], "moving is the grid's, asked of the host")
        try shown.moveCursor(toRow: 1)
        XCTAssertEqual(summary.perform(.frequency, in: area), .redraw)
        XCTAssertEqual(host.frequencies.count, 1)
        XCTAssertTrue(host.frequencies.first?.grid === summarised)
        XCTAssertEqual(host.frequencies.first?.column, 1, "the values of the column on the cursor row: wings")
        XCTAssertEqual(summary.perform(.open, in: area), .close)
        XCTAssertEqual(summarised.cursorColumn, 1, "Enter goes to the column in the grid summarised")
        XCTAssertEqual(summary.perform(.summary, in: area),
                       .say(.info("this is a summary already: I summarises a table, a view or query results")))
        XCTAssertEqual(summary.perform(.switchFocus, in: area), .notAKey)
        XCTAssertEqual(summary.perform(.back, in: area), .close)
    }
}
