/// `gy` and `gY`: a grid's column or view copied to the clipboard, read in the background; `X`:
/// its view exported to a file.
extension GridCommands {
    /// `gy` (the cursor `column`) and `gY` (the view): asks the format (Enter alone: TSV).
    func openCopyPrompt(column: Bool) {
        if app.waits.waitsForLastRow(of: grid, then: { openCopyPrompt(column: column) }) {
            return
        }
        let source = grid.source
        guard source.rowsToExport() != nil else {
            app.say(.error("these results cannot be copied whole; run them as a SELECT"))
            app.prompts.holdTextAfterRefusal()
            return
        }
        guard !column || source.columns.indices.contains(grid.cursorColumn) else {
            app.say(.info("no column to copy"))
            return
        }
        app.openPrompt(.copyAs(column: column ? source.columns[grid.cursorColumn].name : nil))
    }

    /// Copies the grid's view (its filter and order; the columns shown, or only `column`) to the
    /// clipboard as `format` (csv, tsv, json, jsonl), read in the background while the browser
    /// stays usable: the status bar counts the rows read, Esc stops it (``Exports/stopClipboardCopy()``).
    /// Only the columns copied are read. Text over ``Exports/clipboardLimit`` is not sent at all: the
    /// status bar says how big it is.
    func copyView(format name: String, column: String?) {
        let typed = name.trimmedWhitespace.lowercased()
        guard let format = Exports.copyFormats[typed.isEmpty ? "tsv" : typed] else {
            app.say(.error("copy as csv, tsv, json or jsonl, not \(Sanitizer.sanitize(name))"))
            return
        }
        let source = grid.source
        guard var rows = source.rowsToExport() else {
            app.say(.error("these results cannot be copied whole; run them as a SELECT"))
            return
        }
        rows = BooleanColumnRows.wrapping(rows, columns: source.columns)
        let indexes = column.map { name in source.columns.indices.filter { source.columns[$0].name == name } } ?? grid.shownIndexes
        guard !indexes.isEmpty else {
            app.say(.error("no column to copy"))
            return
        }
        let what = column.map { "column " + Sanitizer.sanitize($0) } ?? "the view of " + Sanitizer.sanitize(source.title)
        let copy = ClipboardText(rows: ShownColumnRows(rows: rows, indexes: indexes), columns: indexes.map { source.columns[$0].name },
                                 format: format, limit: Exports.clipboardLimit)
        app.exports.clipboardCopy?.stop()  // the copy asked for last is the one that lands
        app.exports.clipboardCopy = ClipboardCopyTask(copy, what: what, formatName: typed.isEmpty ? "tsv" : typed,
                                          expectedRows: source.knownCount, wakeup: app.wakeup)
        app.clearMessage()
    }

    /// Opens the export prompt for the grid's view, or stops the export that is running.
    func startExportPrompt() {
        if let export = app.exports.export, export.isRunning {
            export.cancel()
            app.say(.info("stopping the export…"))
            return
        }
        if app.waits.waitsForLastRow(of: grid, then: { startExportPrompt() }) {
            return
        }
        guard grid.source.rowsToExport() != nil else {
            app.say(.error("these results cannot be exported; run them as a SELECT"))
            return
        }
        app.openPrompt(.export)
    }
}
