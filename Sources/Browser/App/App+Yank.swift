extension App {
    /// Copies the cursor cell, as plain text, to the terminal's clipboard.
    func yankCell(of grid: GridModel) throws {
        let columns = grid.source.columns
        guard let values = try cursorValues(of: grid), values.indices.contains(grid.cursorColumn),
              columns.indices.contains(grid.cursorColumn) else {
            state.message = .info("no cell to copy")
            return
        }
        let name = columns[grid.cursorColumn].name
        guard let text = values[grid.cursorColumn].plainText else {
            state.message = .error("\(name): a BLOB over \(GridValue.keptBlobBytes) bytes cannot be copied")
            return
        }
        pendingClipboard = text
        let preview = TextLayout.truncate(Sanitizer.sanitize(text), toWidth: 30)
        state.message = .info(text.isEmpty ? "copied \(name): (empty)" : "copied \(name): \(preview)")
    }

    /// Copies the cursor row to the terminal's clipboard: values separated by tabs, with tabs and
    /// line breaks inside values turned into spaces so the row stays one line.
    func yankRow(of grid: GridModel) throws {
        guard let values = try cursorValues(of: grid) else {
            state.message = .info("no row to copy")
            return
        }
        let fields = values.map { value in
            String((value.plainText ?? "").map { $0.isNewline || $0 == "\t" ? " " : $0 })
        }
        pendingClipboard = fields.joined(separator: "\t")
        let skipped = values.contains { $0.plainText == nil } ? " (long BLOBs left empty)" : ""
        state.message = .info("copied row \(ListWidget.formatCount(grid.cursorRow + 1)): \(fields.count) values\(skipped)")
    }

    /// The values of the cursor row as shown (staged values included), nil when there is none.
    private func cursorValues(of grid: GridModel) throws -> [GridValue]? {
        try grid.shownValues(at: grid.cursorRow)
    }
}
