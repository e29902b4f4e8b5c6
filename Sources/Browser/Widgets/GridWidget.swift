/// Draws a table grid: header, row-number gutter, frozen columns, separators, cursor.
///
/// ```
///   │id▲│name      │note
///  1│  1│Ada       │∅
///  2│  2│漢字      │↵ line…
/// ```
///
/// Layout, left to right: row numbers right-aligned (after a column of row signs while any row
/// is marked, new or staged for deletion), `│`, then the frozen columns (always shown),
/// then the scrollable columns from `firstColumn`, each followed by `│`. The last column may be
/// cut by the edge: it is then drawn left-aligned and ends in `…`. Every row of the area is
/// painted completely, so wide characters never push a separator out of line.
enum GridWidget {
    /// The column separator.
    static let separator = "│"
    /// The header marks for ascending and descending sort.
    static let ascending = "▲", descending = "▼"

    /// Draws `viewport` into `area` of `buffer`.
    static func render(_ viewport: GridViewport, in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else {
            return
        }
        buffer.fill(area, style: theme[.background])
        let gutter = gutterWidth(for: viewport)
        let slots = self.slots(for: viewport, width: area.width)
        renderHeader(viewport, slots: slots, gutter: gutter, area: area, into: &buffer, theme: theme)
        for index in 0..<min(viewport.rows.count, area.height - 1) {
            renderRow(index, of: viewport, slots: slots, gutter: gutter, area: area, into: &buffer, theme: theme)
        }
    }

    /// The data rows that fit in an area `height` rows tall (one row is the header).
    static func visibleRowCount(height: Int) -> Int {
        max(0, height - 1)
    }

    /// The width of the row-number gutter, without its separator: the widest number, and one
    /// column more for row signs when the viewport has them.
    static func gutterWidth(for viewport: GridViewport) -> Int {
        var widest = TextWidth.of(String(viewport.totalRows ?? 0))
        for number in viewport.rowNumbers {
            widest = max(widest, TextWidth.of(String(number)))
        }
        return widest + (viewport.showsRowSigns ? 1 : 0)
    }

    /// The sign drawn before a row's number: `*` marked, `!` new but refused by SQLite as it is,
    /// `+` new, `-` staged for deletion, blank otherwise (the first that applies).
    static func sign(forRow row: Int, of viewport: GridViewport) -> String {
        if viewport.markedRows.contains(row) {
            return "*"
        }
        if viewport.refusedRows.contains(row) {
            return "!"
        }
        if viewport.insertedRows.contains(row) {
            return "+"
        }
        return viewport.deletedRows.contains(row) ? "-" : " "
    }

    /// Where each visible column is drawn in an area `width` columns wide.
    static func slots(for viewport: GridViewport, width: Int) -> [ColumnSlot] {
        let count = viewport.columns.count
        let frozen = min(max(0, viewport.frozenColumns), count)
        let order = (Array(0..<frozen) + Array(min(max(viewport.firstColumn, frozen), count)..<count))
            .filter { !viewport.hiddenColumns.contains($0) }
        var slots: [ColumnSlot] = []
        var x = gutterWidth(for: viewport) + 1
        for column in order {
            guard x < width else {
                break
            }
            let full = columnWidth(column, of: viewport)
            let drawn = min(full, width - x)
            slots.append(ColumnSlot(column: column, x: x, width: drawn, isClipped: drawn < full))
            x += drawn + 1
        }
        return slots
    }

    /// The `firstColumn` that shows `column` completely in an area `width` columns wide, changing
    /// the viewport's current value as little as possible; and no further right than it must be:
    /// columns scrolled off to the left come back while every column after them fits (after the
    /// area grew wider, say).
    static func firstColumn(revealing column: Int, in viewport: GridViewport, width: Int) -> Int {
        let frozen = max(0, viewport.frozenColumns)
        guard column >= frozen else {
            return viewport.firstColumn
        }
        var candidate = viewport
        candidate.firstColumn = min(max(viewport.firstColumn, frozen), column)
        while candidate.firstColumn < column {
            let slot = slots(for: candidate, width: width).first { $0.column == column }
            if let slot, !slot.isClipped {
                break
            }
            candidate.firstColumn += 1
        }
        while candidate.firstColumn > frozen {
            var wider = candidate
            wider.firstColumn -= 1
            let lastShown = viewport.columns.indices.last { !viewport.hiddenColumns.contains($0) }
            guard let last = slots(for: wider, width: width).last, last.column == lastShown,
                  !last.isClipped
            else {
                break
            }
            candidate = wider
        }
        return candidate.firstColumn
    }

    /// The header mark of a sorted column: its direction, and its place when the grid is sorted
    /// by several columns (`▲1`, `▼2`); nil for a column not sorted.
    static func sortMark(of column: Int, in sort: GridSort?) -> String? {
        guard let sort, let (place, key) = sort.key(of: column) else {
            return nil
        }
        let arrow = key.descending ? descending : ascending
        return sort.keys.count > 1 ? arrow + String(place) : arrow
    }

    // MARK: - Private

    /// The content width of `column` (10 when the viewport has none for it, at least 1).
    private static func columnWidth(_ column: Int, of viewport: GridViewport) -> Int {
        viewport.columnWidths.indices.contains(column) ? max(1, viewport.columnWidths[column]) : 10
    }

    /// Draws the header row: blank gutter, names, sort indicator.
    private static func renderHeader(_ viewport: GridViewport, slots: [ColumnSlot], gutter: Int, area: Rect,
                                     into buffer: inout ScreenBuffer, theme: Theme) {
        let y = area.y
        buffer.put(String(repeating: " ", count: gutter), x: area.x, y: y, style: theme[.header], maxWidth: area.width)
        buffer.put(separator, x: area.x + gutter, y: y, style: theme[.border], maxWidth: area.width - gutter)
        for slot in slots {
            let x = area.x + slot.x
            let full = columnWidth(slot.column, of: viewport)
            let name = Sanitizer.sanitize(viewport.columns[slot.column].header)
            let mark = sortMark(of: slot.column, in: viewport.sort)
            if let mark, !slot.isClipped {
                let markWidth = min(full, TextWidth.of(mark))
                let label = TextLayout.fit(name, toWidth: full - markWidth)
                buffer.put(label, x: x, y: y, style: theme[.header], maxWidth: slot.width)
                if full - markWidth < slot.width {
                    buffer.put(mark, x: x + full - markWidth, y: y, style: theme[.headerSort], maxWidth: markWidth)
                }
            } else {
                let label = name + (mark ?? "")
                drawText(label, alignment: .left, x: x, y: y, full: full, drawn: slot.width,
                         style: theme[.header], truncatedStyle: theme[.header], into: &buffer)
            }
            drawSeparator(after: slot, area: area, y: y, style: theme[.border], into: &buffer)
        }
    }

    /// Draws the visible row at `index` of `viewport.rows`.
    private static func renderRow(_ index: Int, of viewport: GridViewport, slots: [ColumnSlot], gutter: Int,
                                  area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let y = area.y + 1 + index
        let dataRow = viewport.firstRow + index
        var rowOverlay = Style.plain
        if viewport.insertedRows.contains(dataRow) {
            rowOverlay = rowOverlay.patched(with: theme[.inserted])
        }
        if viewport.deletedRows.contains(dataRow) {
            rowOverlay = rowOverlay.patched(with: theme[.deleted])
        }
        if viewport.markedRows.contains(dataRow) {
            rowOverlay = rowOverlay.patched(with: theme[.selection])
        }
        let isCursorRow = dataRow == viewport.cursorRow
        let lineOverlay = isCursorRow ? theme[.cursorRow] : .plain
        if isCursorRow {
            buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: theme[.background].patched(with: lineOverlay))
        }
        let number = viewport.rowNumbers.indices.contains(index) ? String(viewport.rowNumbers[index]) : ""
        var gutterText = TextLayout.padLeft(number, toWidth: gutter - (viewport.showsRowSigns ? 1 : 0))
        if viewport.showsRowSigns {
            gutterText = sign(forRow: dataRow, of: viewport) + gutterText
        }
        buffer.put(gutterText, x: area.x, y: y, style: theme[.rowNumber].patched(with: rowOverlay).patched(with: lineOverlay),
                   maxWidth: area.width)
        buffer.put(separator, x: area.x + gutter, y: y, style: theme[.border].patched(with: lineOverlay),
                   maxWidth: area.width - gutter)
        let row = viewport.rows[index]
        for slot in slots {
            let column = viewport.columns[slot.column]
            let value = row.indices.contains(slot.column) ? row[slot.column] : .null
            let formatted = CellFormatter.format(value, in: column)
            var overlay = rowOverlay
            if viewport.edited.contains(CellAddress(row: dataRow, column: slot.column)) {
                overlay = overlay.patched(with: theme[.edited])
            }
            overlay = overlay.patched(with: lineOverlay)
            if isCursorRow && slot.column == viewport.cursorColumn {
                overlay = overlay.patched(with: theme[.cursorCell])
            }
            var base = theme[formatted.element]
            if column.isKey && (formatted.element == .text || formatted.element == .number) {
                base = base.patched(with: theme[.keyColumn])
            }
            drawText(formatted.text, alignment: formatted.alignment, x: area.x + slot.x, y: y,
                     full: columnWidth(slot.column, of: viewport), drawn: slot.width,
                     style: base.patched(with: overlay), truncatedStyle: theme[.truncated].patched(with: overlay),
                     into: &buffer)
            drawSeparator(after: slot, area: area, y: y, style: theme[.border].patched(with: lineOverlay), into: &buffer)
        }
    }

    /// Draws `text` aligned in a column `full` wide of which `drawn` columns are visible; text
    /// too long gets `…` in `truncatedStyle` in its last column.
    ///
    /// A column cut by the edge (`drawn < full`) is drawn as if it were only `drawn` wide and
    /// left-aligned, so its start shows and `…` marks the rest: cutting a right-aligned `12.0` at
    /// its left would show a misleading `  1`.
    private static func drawText(_ text: String, alignment: TextAlignment, x: Int, y: Int, full: Int, drawn: Int,
                                 style: Style, truncatedStyle: Style, into buffer: inout ScreenBuffer) {
        guard full > 0, drawn > 0 else {
            return
        }
        if drawn < full {
            drawText(text, alignment: .left, x: x, y: y, full: drawn, drawn: drawn, style: style,
                     truncatedStyle: truncatedStyle, into: &buffer)
            return
        }
        if TextWidth.of(text) <= full {
            buffer.put(TextLayout.fit(text, toWidth: full, alignment: alignment), x: x, y: y, style: style, maxWidth: drawn)
            return
        }
        let body = TextLayout.padRight(String(TextLayout.prefix(text, fittingWidth: full - 1).text), toWidth: full - 1)
        buffer.put(body, x: x, y: y, style: style, maxWidth: min(drawn, full - 1))
        if full - 1 < drawn {
            buffer.put(TextLayout.ellipsis, x: x + full - 1, y: y, style: truncatedStyle, maxWidth: 1)
        }
    }

    /// Draws the separator right of `slot` when it is inside the area.
    private static func drawSeparator(after slot: ColumnSlot, area: Rect, y: Int, style: Style,
                                      into buffer: inout ScreenBuffer) {
        let x = slot.x + slot.width
        if !slot.isClipped && x < area.width {
            buffer.put(separator, x: area.x + x, y: y, style: style, maxWidth: 1)
        }
    }
}
