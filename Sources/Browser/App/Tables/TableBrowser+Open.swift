import ORMCore

/// The tables' grids opened on first use: in the background as the selection moves, at once
/// when another part of the app asks for a table's grid.
extension TableBrowser {
    /// The grid of table `name` to show: the one open, else one opened now in the background, so
    /// that a table or view slow to read (a view over a big join, one that never ends) does not
    /// freeze the browser: past a moment the status bar shows a spinner, keys wait their turn, and
    /// Esc stops SQLite. Nil while it opens, and after its opening was cancelled or failed (Enter
    /// in the table list tries again).
    func shownGrid(named name: String) -> GridModel? {
        if host.tables.grids[name] != nil {
            return tableGrid(named: name)
        }
        guard host.tables.unopened[name] == nil, host.pending.work == nil else {
            return nil
        }
        startOpening(name)
        return host.tables.grids[name]
    }

    /// A grid for `source`, the rows of table `name`, with the table's staged changes over it.
    @discardableResult
    func installGrid(_ source: TableSource, named name: String) -> GridModel {
        let grid = GridModel(source: source, frozenColumns: source.leadingKeyColumns)
        grid.overlay.edits = host.editing.staging.edits[name] ?? StagedEdits()
        grid.overlay.generatedKeyColumn = source.table.generatedKeyColumn
        grid.hiddenColumns = host.tables.takeHidden(name, columns: source.columns)
        host.tables.grids[name] = grid
        // A view's grid counts its rows: the list takes that count rather than running the view again.
        if source.table.info.kind == .view, source.filter == nil {
            host.catalog.countedElsewhere(name)
        }
        return grid
    }

    /// Reads table `name`'s first rows in the background, as pending work.
    private func startOpening(_ name: String) {
        let database = host.database
        let interruption = Interruption()
        let background = BackgroundResult { () throws -> TableSource? in
            try interruption.run {
                let table: DynamicTable
                do {
                    table = try database.table(name)
                } catch ORMError.unknownName {
                    return nil
                }
                return try TableSource(table: table, interruption: interruption)
            }
        }
        host.run(PendingWork(label: "opening \(Sanitizer.sanitize(name))", isReady: { background.result != nil },
                             complete: { [unowned self] in
            switch background.result {
            case .success(let source?):
                installGrid(source, named: name)
            case .success(nil):
                host.tables.unopened[name] = "no table or view named \(name)"
            case .failure(let error):
                host.tables.unopened[name] = UserMessage.describe(error)
                host.say(.error("\(name): \(UserMessage.describe(error))"))
            case nil:
                break
            }
        }, cancel: { [unowned self] in
            interruption.interrupt()
            host.tables.unopened[name] = "cancelled"
        }))
    }

    /// The grid of table `name` (a name from the catalog), opened on first use.
    func tableGrid(named name: String) -> GridModel? {
        if let grid = host.tables.grids[name] {
            if host.tables.takeStale(name) {
                do {
                    try grid.reload()
                } catch {
                    host.say(.error("\(name): refresh failed: \(UserMessage.describe(error))"))
                }
            }
            return grid
        }
        do {
            let table: DynamicTable
            do {
                table = try host.database.table(name)
            } catch ORMError.unknownName {
                return nil
            }
            return installGrid(try TableSource(table: table), named: name)
        } catch {
            host.say(.error("\(name): \(UserMessage.describe(error))"))
            return nil
        }
    }
}
