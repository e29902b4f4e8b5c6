import ORMCore

/// Copying the cursor cell (`y`) or row (`Y`) to the terminal's clipboard.
extension GridCommands {
    /// Copies the cursor cell, as plain text, to the terminal's clipboard: the outcome carries the
    /// text (``Effect/copy(_:)``).
    func yankCell() throws -> Outcome {
        let columns = grid.source.columns
        guard let values = try cursorValues(), values.indices.contains(grid.cursorColumn),
              columns.indices.contains(grid.cursorColumn) else {
            app.say(.info("no cell to copy"))
            return .redraw
        }
        let name = columns[grid.cursorColumn].name
        guard !grid.source.isPending(row: grid.cursorRow, column: grid.cursorColumn) else {
            app.say(.info("\(Sanitizer.sanitize(name)) is not computed yet: nothing copied"))
            return .redraw
        }
        guard let text = try wholeText(of: values[grid.cursorColumn], column: grid.cursorColumn) else {
            app.say(.error("\(name): the value is gone or too long to copy (over "
                + "\(CellFormatter.formatByteCount(Exports.clipboardLimit)) for the terminal's clipboard); E opens it"))
            return .redraw
        }
        let preview = TextLayout.truncate(Sanitizer.sanitize(text), toWidth: 30)
        app.say(.info(text.isEmpty ? "copied \(name): (empty)" : "copied \(name): \(preview)"))
        return Outcome.redraw.with(.copy(text))
    }

    /// Copies the cursor row to the terminal's clipboard: the values of the columns shown (hidden
    /// columns are left out) separated by tabs, with tabs and line breaks inside values turned into
    /// spaces so the row stays one line. The outcome carries the text (``Effect/copy(_:)``).
    func yankRow() throws -> Outcome {
        guard let values = try cursorValues() else {
            app.say(.info("no row to copy"))
            return .redraw
        }
        let shown = grid.shownIndexes.filter(values.indices.contains)
        let pending = shown.filter { grid.source.isPending(row: grid.cursorRow, column: $0) }
        let texts = try shown.map { pending.contains($0) ? "" : try wholeText(of: values[$0], column: $0) }
        let fields = texts.map { text in
            String((text ?? "").map { $0.isNewline || $0 == "\t" ? " " : $0 })
        }
        var skipped = texts.contains(nil) ? " (values too long for the clipboard left empty)" : ""
        if !pending.isEmpty {
            skipped += " (\(pending.count) not computed yet left empty)"
        }
        app.say(.info("copied row \(ListWidget.formatCount(grid.cursorRow + 1)): \(fields.count) values\(skipped)"))
        return Outcome.redraw.with(.copy(fields.joined(separator: "\t")))
    }

    /// The whole value of a cell as plain text: as the grid keeps it, or, for a value it keeps the
    /// start of, the staged value or the value read again by the row's key. Nil when the row is
    /// gone or the text is longer than ``Exports/clipboardLimit`` (a value the grid knows to be
    /// longer is not read at all).
    private func wholeText(of value: GridValue, column: Int) throws -> String? {
        let columns = grid.source.columns
        if columns.indices.contains(column), columns[column].kind == .boolean, case .integer(let integer) = value {
            return CellFormatter.booleanText(integer)
        }
        if let text = value.plainText {
            return text
        }
        guard let table = grid.source.keyedTable, case .stored(let row)? = try grid.row(at: grid.cursorRow),
              let key = row.key, table.columns.indices.contains(column) else {
            return nil
        }
        let staged = app.editing.staging.edits[table.title]?.value(key: key, column: table.columns[column].name)
        // What the grid knows of the value's size: one too long for the clipboard is not read.
        let knownSize = switch value {
        case .longText(_, let byteCount): byteCount
        case .blob(let byteCount, _): byteCount * 2
        default: 0
        }
        if staged == nil && knownSize > Exports.clipboardLimit {
            return nil
        }
        guard let whole = try staged ?? table.wholeValue(ofColumn: column, key: key) else {
            return nil
        }
        let size = switch whole {
        case .text(let text): text.utf8.count
        case .blob(let data): data.count * 2
        default: 0
        }
        return size > Exports.clipboardLimit ? nil : GridValue(whole, textLimit: Int.max).plainText ?? hexText(whole)
    }

    /// A blob's bytes in hexadecimal, as SQLite's `hex()` writes them in lower case.
    private func hexText(_ value: SQLValue) -> String? {
        guard case .blob(let data) = value else {
            return nil
        }
        return data.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// The values of the cursor row as shown (staged values included), nil when there is none.
    private func cursorValues() throws -> [GridValue]? {
        try grid.shownValues(at: grid.cursorRow)
    }
}
