extension App {
    /// The most text a yank sends to the terminal's clipboard (OSC 52 carries it base64-encoded).
    static let clipboardLimit = 8 * 1_048_576

    /// The formats `gy` and `gY` copy in, by the name typed at their prompt.
    static let copyFormats: [String: ExportFormat] = ["csv": .csv, "tsv": .tsv, "json": .json, "jsonl": .jsonLines]

    /// `gy` (the cursor `column`) and `gY` (the view): asks the format (Enter alone: TSV).
    func openCopyPrompt(for grid: GridModel, column: Bool) {
        if waitsForLastRow(of: grid, then: { [unowned self] in openCopyPrompt(for: grid, column: column) }) {
            return
        }
        let source = grid.source
        guard source.rowsToExport() != nil else {
            say(.error("these results cannot be copied whole; run them as a SELECT"))
            holdTextAfterRefusal()
            return
        }
        guard !column || source.columns.indices.contains(grid.cursorColumn) else {
            say(.info("no column to copy"))
            return
        }
        openPrompt(.copyAs(column: column ? source.columns[grid.cursorColumn].name : nil))
    }

    /// Copies the grid's view (its filter and order; the columns shown, or only `column`) to the
    /// clipboard as `format` (csv, tsv, json, jsonl), read in the background while the browser
    /// stays usable: the status bar counts the rows read, Esc stops it (``stopClipboardCopy()``).
    /// Only the columns copied are read. Text over ``clipboardLimit`` is not sent at all: the
    /// status bar says how big it is.
    func copyView(of grid: GridModel, format name: String, column: String?) {
        let typed = name.trimmedWhitespace.lowercased()
        guard let format = Self.copyFormats[typed.isEmpty ? "tsv" : typed] else {
            say(.error("copy as csv, tsv, json or jsonl, not \(Sanitizer.sanitize(name))"))
            return
        }
        let source = grid.source
        guard var rows = source.rowsToExport() else {
            say(.error("these results cannot be copied whole; run them as a SELECT"))
            return
        }
        rows = BooleanColumnRows.wrapping(rows, columns: source.columns)
        let indexes = column.map { name in source.columns.indices.filter { source.columns[$0].name == name } } ?? grid.shownIndexes
        guard !indexes.isEmpty else {
            say(.error("no column to copy"))
            return
        }
        let what = column.map { "column " + Sanitizer.sanitize($0) } ?? "the view of " + Sanitizer.sanitize(source.title)
        let copy = ClipboardText(rows: ShownColumnRows(rows: rows, indexes: indexes), columns: indexes.map { source.columns[$0].name },
                                 format: format, limit: Self.clipboardLimit)
        clipboardCopy?.stop()  // the copy asked for last is the one that lands
        clipboardCopy = ClipboardCopyTask(copy, what: what, formatName: typed.isEmpty ? "tsv" : typed,
                                          expectedRows: source.knownCount, wakeup: wakeup)
        clearMessage()
    }

    /// Esc while a copy runs: stops it (nothing is copied); returns whether one ran.
    func stopClipboardCopy() -> Bool {
        guard let clipboardCopy, clipboardCopy.isRunning else {
            return false
        }
        clipboardCopy.stop()
        self.clipboardCopy = nil
        say(.info("copy stopped: nothing copied"))
        return true
    }

    /// The status-bar text while a copy runs: rows read and, when known, the total.
    var clipboardCopyProgress: StatusMessage? {
        guard let clipboardCopy, clipboardCopy.isRunning else {
            return nil
        }
        let spinner = ListWidget.spinnerFrames[state.spinnerFrame % ListWidget.spinnerFrames.count]
        let total = clipboardCopy.expectedRows.map { "/" + ListWidget.formatCount($0) } ?? ""
        return .info("\(spinner) copying \(clipboardCopy.what): \(ListWidget.formatCount(clipboardCopy.rows))\(total) rows · Esc stops")
    }

    /// Shows `clipboardCopy`, a copy that has ended as `outcome` (``BackgroundEvent/clipboardCopyEnded(_:_:)``):
    /// the status bar says what was copied, and the outcome returned puts its text on the
    /// clipboard (``Effect/copy(_:)``).
    func showEnded(_ clipboardCopy: ClipboardCopyTask, ending outcome: ClipboardCopyTask.Outcome) -> Outcome {
        let what = clipboardCopy.what
        var copied = Outcome.handled
        switch outcome {
        case .done(.text(let text, let count)):
            copied = Outcome([.copy(text)])
            say(.info("copied \(what): \(Self.rowsText(count)) as \(clipboardCopy.formatName) "
                + "(\(CellFormatter.formatByteCount(text.utf8.count)))"))
        case .done(.tooLong(let bytes, let count)):
            say(.error("\(what) is \(CellFormatter.formatByteCount(bytes)) (\(Self.rowsText(count))); "
                + "OSC 52 copies at most \(CellFormatter.formatByteCount(Self.clipboardLimit)): nothing copied, X exports it"))
        case .stopped:
            say(.info("copy stopped: nothing copied"))
        case .failed(let message):
            say(.error("copy: \(message)"))
        }
        return copied
    }

    /// `1 row`, `3,503 rows`.
    private static func rowsText(_ count: Int) -> String {
        count == 1 ? "1 row" : "\(ListWidget.formatCount(count)) rows"
    }
}
