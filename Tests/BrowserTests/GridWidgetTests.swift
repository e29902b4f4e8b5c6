import XCTest
@testable import Browser

/// The grid widget against golden screens, styles and wide-character alignment.
final class GridWidgetTests: XCTestCase {
    /// The theme the golden tests render with.
    private let theme = Theme.builtinDefault

    /// Four columns of every kind and three rows with NULL, empty text, a newline and BLOBs.
    private func sampleViewport() -> GridViewport {
        let columns = [
            GridColumn(name: "id", kind: .integer, isKey: true),
            GridColumn(name: "name", kind: .text),
            GridColumn(name: "score", kind: .real),
            GridColumn(name: "data", kind: .blob),
        ]
        let rows: [[GridValue]] = [
            [.integer(1), .text("Ada Lovelace"), .real(9.5), .blob(byteCount: 12, prefix: [0x89, 0x50, 0x4E, 0x47])],
            [.integer(2), .text(""), .null, .null],
            [.integer(3), .text("line1\nline2"), .real(0.1 + 0.2), .blob(byteCount: 0, prefix: [])],
        ]
        var viewport = GridViewport(columns: columns, rows: rows, totalRows: 3)
        viewport.columnWidths = ColumnWidths.fit(columns: columns, rows: rows, maximum: 10)
        return viewport
    }

    /// Renders into a fresh buffer of the given size.
    private func render(_ viewport: GridViewport, width: Int = 40, height: Int = 10) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        GridWidget.render(viewport, in: buffer.area, into: &buffer, theme: theme)
        return buffer
    }

    func testGoldenGrid40x10() {
        var viewport = sampleViewport()
        viewport.sort = GridSort(column: 1, descending: false)
        XCTAssertEqual(viewport.columnWidths, [3, 10, 6, 10])
        let buffer = render(viewport)
        assertLines(buffer, [
            " │id │name     ▲│score │data      │     ",
            "1│  1│Ada Lovel…│   9.5│<12 B> 89…│     ",
            "2│  2│          │     ∅│∅         │     ",
            "3│  3│line1↵lin…│   0.3│<0 B>     │     ",
            "                                        ",
            "                                        ",
            "                                        ",
            "                                        ",
            "                                        ",
            "                                        ",
        ])
        assertEveryLineFillsWidth(buffer)
    }

    func testStylesOfHeaderValuesAndMarkers() {
        var viewport = sampleViewport()
        viewport.sort = GridSort(column: 1, descending: true)
        viewport.cursorRow = 2
        let buffer = render(viewport)
        XCTAssertEqual(buffer.cell(x: 6, y: 0)?.style, theme[.header])
        XCTAssertEqual(buffer.cell(x: 15, y: 0)?.symbol, "▼")
        XCTAssertEqual(buffer.cell(x: 15, y: 0)?.style, theme[.headerSort])
        XCTAssertEqual(buffer.cell(x: 1, y: 1)?.style, theme[.border])
        XCTAssertEqual(buffer.cell(x: 0, y: 1)?.style, theme[.rowNumber])
        XCTAssertEqual(buffer.cell(x: 4, y: 1)?.style, theme[.number].patched(with: theme[.keyColumn]), "key column")
        XCTAssertEqual(buffer.cell(x: 6, y: 1)?.style, theme[.text])
        XCTAssertEqual(buffer.cell(x: 15, y: 1)?.symbol, "…")
        XCTAssertEqual(buffer.cell(x: 15, y: 1)?.style, theme[.truncated])
        XCTAssertEqual(buffer.cell(x: 22, y: 2)?.style, theme[.null])
        XCTAssertEqual(buffer.cell(x: 24, y: 1)?.style, theme[.blob])
        XCTAssertEqual(buffer.cell(x: 21, y: 1)?.style, theme[.number])
    }

    func testCursorCellAndRowHighlight() {
        var viewport = sampleViewport()
        viewport.cursorRow = 1
        viewport.cursorColumn = 2
        let buffer = render(viewport)
        let row = theme[.cursorRow]
        XCTAssertEqual(buffer.cell(x: 22, y: 2)?.style, theme[.null].patched(with: row).patched(with: theme[.cursorCell]))
        XCTAssertEqual(buffer.cell(x: 6, y: 2)?.style, theme[.text].patched(with: row), "rest of the row")
        XCTAssertEqual(buffer.cell(x: 0, y: 2)?.style, theme[.rowNumber].patched(with: row))
        XCTAssertEqual(buffer.cell(x: 39, y: 2)?.style, theme[.background].patched(with: row), "band reaches the edge")
        XCTAssertEqual(buffer.cell(x: 6, y: 1)?.style, theme[.text], "other rows untouched")
        XCTAssertNotEqual(buffer.cell(x: 22, y: 2)?.style, buffer.cell(x: 6, y: 2)?.style)
    }

    func testEditedInsertedAndDeletedStyles() {
        var viewport = sampleViewport()
        viewport.cursorRow = -1
        viewport.edited = [CellAddress(row: 0, column: 1)]
        viewport.insertedRows = [2]
        viewport.deletedRows = [1]
        let buffer = render(viewport)
        XCTAssertEqual(buffer.cell(x: 6, y: 1)?.style, theme[.text].patched(with: theme[.edited]))
        XCTAssertEqual(buffer.cell(x: 21, y: 1)?.style, theme[.number], "only the edited cell")
        XCTAssertEqual(buffer.cell(x: 22, y: 2)?.style, theme[.null].patched(with: theme[.deleted]))
        XCTAssertEqual(buffer.cell(x: 6, y: 3)?.style, theme[.text].patched(with: theme[.inserted]))
    }

    func testFrozenKeyColumnStaysWhileScrollingRight() {
        var viewport = sampleViewport()
        viewport.frozenColumns = 1
        viewport.firstColumn = 2
        let buffer = render(viewport, width: 30, height: 4)
        assertLines(buffer, [
            " │id │score │data      │      ",
            "1│  1│   9.5│<12 B> 89…│      ",
            "2│  2│     ∅│∅         │      ",
            "3│  3│   0.3│<0 B>     │      ",
        ])
    }

    /// A right-aligned number cut by the edge is drawn left-aligned with `…`, never as a
    /// misleading cut (`12.0` showing `  1`); a sorted header keeps its mark in the cut column.
    func testClippedNumberColumnIsLeftAlignedWithEllipsis() {
        var viewport = sampleViewport()
        viewport.frozenColumns = 1
        viewport.firstColumn = 2
        viewport.rows[0][2] = .real(12)
        viewport.sort = GridSort(column: 2, descending: true)
        let buffer = render(viewport, width: 9, height: 4)
        assertLines(buffer, [
            " │id │sc…",
            "1│  1│12…",
            "2│  2│∅  ",
            "3│  3│0.3",
        ])
        let wider = render(viewport, width: 11, height: 2)
        assertLines(wider, [
            " │id │scor…",
            "1│  1│12.0 ",
        ])
    }

    func testLastColumnIsClippedAtTheEdge() {
        let buffer = render(sampleViewport(), width: 14, height: 3)
        assertLines(buffer, [
            " │id │name    ",
            "1│  1│Ada Lov…",
            "2│  2│        ",
        ])
        XCTAssertEqual(GridWidget.slots(for: sampleViewport(), width: 14).last,
                       ColumnSlot(column: 1, x: 6, width: 8, isClipped: true))
    }

    func testWideCharactersNeverBreakTheGrid() {
        let columns = [GridColumn(name: "名前", kind: .text), GridColumn(name: "emoji", kind: .text), GridColumn(name: "n", kind: .integer)]
        let rows: [[GridValue]] = [
            [.text("漢字テスト漢字テスト"), .text("😀😀😀😀"), .integer(1)],
            [.text("a漢b字c"), .text("👨\u{200D}👩\u{200D}👧 family"), .integer(22)],
            [.text("한국어"), .text("x😀"), .integer(333)],
            [.text("ＡＢＣ"), .text("e\u{301}\u{301}"), .null],
        ]
        for widths in [[7, 5, 3], [6, 6, 4], [9, 4, 3], [8, 7, 2]] {
            for areaWidth in [17, 20, 23, 26, 40] {
                var viewport = GridViewport(columns: columns, rows: rows)
                viewport.columnWidths = widths
                viewport.cursorRow = 1
                let buffer = render(viewport, width: areaWidth, height: 6)
                assertEveryLineFillsWidth(buffer)
                let lines = buffer.lines()
                let separators = displayColumns(of: "│", in: lines[0])
                XCTAssertFalse(separators.isEmpty)
                for line in lines.prefix(rows.count + 1) {
                    XCTAssertEqual(displayColumns(of: "│", in: line), separators, "widths \(widths) in \(areaWidth): |\(line)|")
                }
            }
        }
    }

    func testGoldenWithWideCharacters() {
        let columns = [GridColumn(name: "名前", kind: .text), GridColumn(name: "n", kind: .integer)]
        var viewport = GridViewport(columns: columns, rows: [
            [.text("漢字テスト"), .integer(1)],
            [.text("😀x"), .integer(22)],
        ])
        viewport.columnWidths = [6, 3]
        let buffer = render(viewport, width: 14, height: 3)
        assertLines(buffer, [
            " │名前  │n  │ ",
            "1│漢字 …│  1│ ",
            "2│😀x   │ 22│ ",
        ])
    }

    func testAreaInsideALargerBufferIsRespected() {
        var buffer = ScreenBuffer(width: 20, height: 4)
        buffer.fill(buffer.area, style: Style(background: .ansi(1)))
        let area = Rect(x: 2, y: 1, width: 12, height: 2)
        GridWidget.render(sampleViewport(), in: area, into: &buffer, theme: theme)
        assertLines(buffer, [
            "                    ",
            "   │id │name        ",
            "  1│  1│Ada L…      ",
            "                    ",
        ])
        XCTAssertEqual(buffer.cell(x: 1, y: 1)?.style, Style(background: .ansi(1)))
        XCTAssertEqual(buffer.cell(x: 14, y: 2)?.style, Style(background: .ansi(1)))
    }

    func testEmptyResultShowsTheHeaderOnly() {
        let columns = [GridColumn(name: "a"), GridColumn(name: "b")]
        var viewport = GridViewport(columns: columns, rows: [], totalRows: 0)
        viewport.columnWidths = ColumnWidths.fit(columns: columns, rows: [])
        let buffer = render(viewport, width: 12, height: 2)
        assertLines(buffer, [" │a  │b  │  ", "            "])
    }

    func testGutterWidthFollowsTheLargestNumber() {
        var viewport = sampleViewport()
        viewport.totalRows = 12_345
        viewport.firstRow = 99
        viewport.rowNumbers = [100, 101, 102]
        XCTAssertEqual(GridWidget.gutterWidth(for: viewport), 5)
        let lines = render(viewport, width: 20, height: 2).lines()
        XCTAssertEqual(lines[1], "  100│  1│Ada Lovel…")
    }

    func testFirstColumnRevealingAColumn() {
        var viewport = sampleViewport()
        viewport.frozenColumns = 1
        viewport.firstColumn = 1
        // Width 24: gutter 2, id 4, name 11: "score" (7) ends at column 24, data does not fit.
        XCTAssertEqual(GridWidget.firstColumn(revealing: 2, in: viewport, width: 24), 1)
        XCTAssertEqual(GridWidget.firstColumn(revealing: 3, in: viewport, width: 24), 2)
        XCTAssertEqual(GridWidget.firstColumn(revealing: 0, in: viewport, width: 24), 1, "frozen columns are always visible")
        viewport.firstColumn = 3
        XCTAssertEqual(GridWidget.firstColumn(revealing: 1, in: viewport, width: 24), 1)
        XCTAssertEqual(GridWidget.visibleRowCount(height: 10), 9)
    }

    /// Scrolled right in a narrow area, then given room for every column: the columns scrolled off
    /// come back, with the cursor where it was; with room for only some of them, as many as fit.
    func testColumnsScrolledOffComeBackWhenTheAreaWidens() {
        var viewport = sampleViewport()
        viewport.firstColumn = GridWidget.firstColumn(revealing: 3, in: viewport, width: 16)
        XCTAssertGreaterThan(viewport.firstColumn, 0)
        XCTAssertEqual(GridWidget.firstColumn(revealing: 3, in: viewport, width: 200), 0)
        var fromStart = viewport
        fromStart.firstColumn = 0
        let all = GridWidget.slots(for: fromStart, width: 1_000)
        let allButFirst = (all.last.map { $0.x + $0.width } ?? 0) - (all[0].width + 1)
        XCTAssertEqual(GridWidget.firstColumn(revealing: 3, in: viewport, width: allButFirst), 1)
        XCTAssertEqual(GridWidget.firstColumn(revealing: 3, in: viewport, width: allButFirst + all[0].width + 1), 0)
    }
}
