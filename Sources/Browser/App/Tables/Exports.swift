import FoundationEssentials

/// The exports of a grid's view to a file (`X`) and the copies of a view or a column to the
/// terminal's clipboard (`gY`, `gy`), each running in the background: their start, their progress
/// in the status bar, their end, and Esc or `X` stopping them.
///
/// It reaches the app's services (the database, the grid shown, the status bar, the prompt line)
/// through ``ExportsHost``; the app keeps one, the export prompt and the grids' commands call it.
///
/// ```swift
/// app.exports.startExport(to: "/tmp/tracks.csv")
/// ```
final class Exports {
    /// The app: the services the exports share with every screen.
    unowned let host: any ExportsHost
    /// The export running in the background, if any.
    var export: ExportTask?
    /// The copy of a view or a column (`gY`, `gy`) running in the background, if any.
    var clipboardCopy: ClipboardCopyTask?

    /// The exports of `host`'s grids, none running.
    init(host: any ExportsHost) {
        self.host = host
    }

    /// Starts exporting the current grid's view (with its filter and sort, the columns it shows) to `path`, in the
    /// background; the format comes from the path's extension. A file already there is replaced
    /// only when `replacing` (else the user is asked first), and only once the export is complete.
    func startExport(to path: String, replacing: Bool = false) {
        let trimmed = path.trimmedWhitespace
        guard !trimmed.isEmpty else {
            return
        }
        guard let format = ExportFormat(path: trimmed) else {
            host.say(.error("export: name the file \(ExportFormat.extensions)"))
            return
        }
        let grid = host.currentGrid
        let source = grid?.source
        guard let grid, let source, var rows = source.rowsToExport() else {
            host.say(.error("export: nothing to export here"))
            return
        }
        rows = BooleanColumnRows.wrapping(rows, columns: source.columns)
        let shown = grid.shownIndexes
        if shown.count < source.columns.count {
            rows = ShownColumnRows(rows: rows, indexes: shown)
        }
        let expanded = expandingTilde(in: trimmed)
        if ExportFile.isSameFile(expanded, asAnyOf: ["", "-wal", "-shm", "-journal"].map { host.database.path + $0 }) {
            host.say(.error("export: \(Sanitizer.sanitize(expanded)) is the database itself (or its journal)"))
            return
        }
        if ExportFile.isFolder(expanded) {
            host.say(.error("export: \(Sanitizer.sanitize(expanded)) is a folder; name a file in it"))
            return
        }
        if !replacing && ExportFile.exists(expanded) {
            host.openPrompt(.confirmOverwrite(path: expanded), text: "")
            return
        }
        // Query results have no table of their own: a `.sql` export names the one it creates after the file.
        // A table keeps its name; a statement's results are named after the file.
        let table = source.tableName ?? Self.baseName(of: expanded)
        let exporter = Exporter(rows: rows, table: table, columns: shown.map { source.columns[$0].name }, format: format,
                                path: expanded)
        export = ExportTask(exporter: exporter, expectedRows: source.knownCount)
        host.clearMessage()
    }

    /// Whether an export or a copy to the clipboard is under way (a headless script waits for it).
    var isWritingOutput: Bool {
        (export?.isRunning ?? false) || clipboardCopy != nil
    }

    /// Stops the export still running as reef quits (``App/finish()``): its file is discarded
    /// (the file it would replace stays as it was). Returns what to tell the user, if anything.
    func stopAsReefQuits() -> String? {
        guard let export, export.stopAndWait() else {
            return nil
        }
        return "reef: the export to \(export.exporter.path) was stopped: nothing written"
    }

    /// Answers whether to replace the file at `path`: `y` exports over it, any other key keeps it.
    func answerOverwrite(_ key: Key, path: String) {
        guard key == .character("y") || key == .character("Y") else {
            host.say(.info("nothing exported: \(path) kept"))
            return
        }
        startExport(to: path, replacing: true)
    }

    /// The status-bar text while an export runs: rows written and, when known, the total.
    var exportProgress: StatusMessage? {
        guard let export, case .running(let rows) = export.state else {
            return nil
        }
        let name = URL(fileURLWithPath: export.exporter.path).lastPathComponent
        return progress("exporting \(name)", rows: rows, of: export.expectedRows)
    }

    /// The status-bar text of a copy or an export that runs: the spinner, `doing`, the rows done
    /// and, when known, the `total`, then `hint`.
    func progress(_ doing: String, rows: Int, of total: Int?, then hint: String = "") -> StatusMessage {
        let total = total.map { "/" + ListWidget.formatCount($0) } ?? ""
        return .working("\(doing): \(ListWidget.formatCount(rows))\(total) rows\(hint)", frame: host.state.spinnerFrame)
    }

    /// Reports `export`, which has ended (``BackgroundEvent/exportEnded(_:)``).
    func showEnded(_ export: ExportTask) {
        let path = export.exporter.path
        switch export.state {
        case .cancelled:
            host.say(.info("export stopped: nothing written to \(path)"))
        case .finished(let rows):
            host.say(.info("exported \(Self.rowCount(rows)) to \(path)"))
        case .failed(let message, _):
            host.say(.error("export failed: \(message)"))
        case .running:
            break
        }
    }

    /// The file name in `path` without its folder and extension: `top tracks` for `/tmp/top tracks.sql`.
    static func baseName(of path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return name
        }
        return String(name[..<dot])
    }

    /// `1 row`, `1,234 rows`.
    private static func rowCount(_ rows: Int) -> String {
        rows == 1 ? "1 row" : "\(ListWidget.formatCount(rows)) rows"
    }
}
