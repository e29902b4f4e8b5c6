import XCTest
@testable import Browser

/// The table list: counts, spinner, selection, scrolling.
final class ListWidgetTests: XCTestCase {
    /// The theme the golden tests render with.
    private let theme = Theme.builtinDefault

    /// Renders into a fresh buffer of the given size.
    private func render(_ list: ListWidget, width: Int, height: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        list.render(in: buffer.area, into: &buffer, theme: theme)
        return buffer
    }

    /// Tables with known, large, unknown (spinner) and CJK entries.
    private let items = [
        ListItem(title: "albums", count: 347),
        ListItem(title: "invoice_items", count: 2240),
        ListItem(title: "tracks", count: nil),
        ListItem(title: "漢字表", count: 5),
    ]

    func testTitlesLeftCountsRightSpinnerWhileCounting() {
        let buffer = render(ListWidget(items: items, selected: 1, spinnerFrame: 2), width: 16, height: 5)
        assertLines(buffer, [
            "albums       347",
            "invoice_i… 2,240",
            "tracks         ⠹",
            "漢字表         5",
            "                ",
        ])
        XCTAssertEqual(buffer.cell(x: 0, y: 1)?.style, theme[.sidebar].patched(with: theme[.sidebarSelected]))
        XCTAssertEqual(buffer.cell(x: 15, y: 1)?.style, theme[.sidebarCount].patched(with: theme[.sidebarSelected]))
        XCTAssertEqual(buffer.cell(x: 15, y: 0)?.style, theme[.sidebarCount])
        XCTAssertEqual(buffer.cell(x: 0, y: 0)?.style, theme[.sidebar])
    }

    func testAViewCutToFitKeepsItsMarkAndAMaterializedViewHasItsOwn() {
        let marked = [
            ListItem(title: "customers_by_country_and_year", mark: CatalogEntry.Kind.view.mark, count: 12),
            ListItem(title: "sales_summary", mark: CatalogEntry.Kind.materializedView.mark, count: 3),
            ListItem(title: "v", mark: CatalogEntry.Kind.view.mark, count: 1),
        ]
        assertLines(render(ListWidget(items: marked), width: 20, height: 3), [
            "customers_by_c… ◇ 12",
            "sales_summary ◆    3",
            "v ◇                1",
        ])
        // Too narrow for a letter and the mark: the name goes first.
        XCTAssertEqual(render(ListWidget(items: [marked[0]]), width: 2, height: 1).lines()[0], "c…")
        XCTAssertEqual(CatalogEntry.Kind(.materializedView), .materializedView)
        XCTAssertEqual(CatalogEntry.Kind(.partitionedTable), .table)
        XCTAssertEqual(CatalogEntry.Kind.table.mark, "")
    }

    func testSpinnerFramesCycle() {
        let list = [ListItem(title: "t")]
        let frames = (0..<11).map { frame in
            render(ListWidget(items: list, spinnerFrame: frame), width: 3, height: 1).lines()[0]
        }
        XCTAssertEqual(frames[0], "t ⠋")
        XCTAssertEqual(frames[1], "t ⠙")
        XCTAssertEqual(frames[10], frames[0])
        XCTAssertEqual(render(ListWidget(items: list, spinnerFrame: -1), width: 3, height: 1).lines()[0], "t ⠏")
    }

    func testScrolledList() {
        let buffer = render(ListWidget(items: items, firstVisible: 2), width: 10, height: 2)
        assertLines(buffer, ["tracks   ⠋", "漢字表   5"])
    }

    func testFirstVisibleKeepsTheSelectionInView() {
        XCTAssertEqual(ListWidget.firstVisible(keeping: 5, visibleFrom: 0, height: 4, count: 10), 2)
        XCTAssertEqual(ListWidget.firstVisible(keeping: 1, visibleFrom: 3, height: 4, count: 10), 1)
        XCTAssertEqual(ListWidget.firstVisible(keeping: 4, visibleFrom: 2, height: 4, count: 10), 2)
        // Grown taller: the rows hidden above come back rather than blank rows below the last.
        XCTAssertEqual(ListWidget.firstVisible(keeping: 9, visibleFrom: 6, height: 8, count: 10), 2)
        XCTAssertEqual(ListWidget.firstVisible(keeping: 9, visibleFrom: 6, height: 20, count: 10), 0)
    }

    func testCountFormatting() {
        XCTAssertEqual(ListWidget.formatCount(0), "0")
        XCTAssertEqual(ListWidget.formatCount(999), "999")
        XCTAssertEqual(ListWidget.formatCount(1000), "1,000")
        XCTAssertEqual(ListWidget.formatCount(1_234_567), "1,234,567")
        XCTAssertEqual(ListWidget.formatCount(-4200), "-4,200")
    }
}
