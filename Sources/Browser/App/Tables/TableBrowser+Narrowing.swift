/// The table list's narrowing (`/`): the names listed, the list's title, and the line's keys.
extension TableBrowser {
    /// The indexes (in the catalog's list) of the tables the list shows: those whose name (another
    /// schema's qualified, `audit.log`) contains the narrowing text, ignoring case; every table
    /// when it is empty.
    var listedTables: [Int] {
        let wanted = TextFold.fold(host.state.main.tableNarrowing)
        guard !wanted.isEmpty else {
            return Array(0..<host.catalog.listCount)
        }
        return (0..<host.catalog.listCount).filter { index in
            host.catalog.listedName(at: index).map { TextFold.fold($0).contains(wanted) } ?? false
        }
    }

    /// The table list's title: `Tables (11)`, or on PostgreSQL the schema listed, `public (11)`;
    /// narrowed, the text first (the list is narrow): `/inv (2/11)`.
    func tableListTitle(listed: Int) -> String {
        guard !host.state.main.tableNarrowing.isEmpty else {
            return (host.catalog.schema.map(Sanitizer.sanitize) ?? "Tables") + " (\(ListWidget.formatCount(host.catalog.names.count)))"
        }
        let total = ListWidget.formatCount(host.catalog.listCount)
        return "/" + Sanitizer.sanitize(host.state.main.tableNarrowing) + " (\(ListWidget.formatCount(listed))/\(total))"
    }

    /// `/` in the table list: opens the line that narrows it as it is typed.
    func openTableNarrowing() {
        host.openPrompt(.narrowTables, text: host.state.main.tableNarrowing)
    }

    /// Narrows the table list to the names containing `text`, selecting the first one listed when
    /// the selected table is not (its grid is shown as the selection moves).
    func narrowTables(to text: String) {
        host.state.main.tableNarrowing = text
        let listed = listedTables
        if !listed.contains(host.state.main.selectedTable), let first = listed.first {
            selectTable(first)
        } else {
            selectTable(host.state.main.selectedTable)
        }
    }

    /// A key at the narrowing line that moves the selection in the narrowed list (the arrows and
    /// page keys) rather than editing the text; nil for the others.
    func moveWhileNarrowing(_ key: Key) -> Outcome? {
        let command: Command? = switch key {
        case .up: .up
        case .down: .down
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        default: nil
        }
        guard let command else {
            return nil
        }
        moveTableSelection(command)
        return .redraw
    }

    /// Enter at the narrowing line: keeps the list narrowed and opens the selected table (the grid
    /// takes the keys), or another schema's table, browsed there (``Effect/reopen(_:)``); with no
    /// table listed, nothing opens.
    func acceptTableNarrowing(_ text: String) -> Outcome {
        narrowTables(to: text)
        guard !listedTables.isEmpty else {
            host.say(.error("no table name contains \(Sanitizer.sanitize(text)); Esc in the list shows them all"))
            return .redraw
        }
        return performOnMain(.open)
    }

    /// Esc in the table list, or at its narrowing line: every table is listed again. Returns
    /// whether the list was narrowed.
    @discardableResult
    func clearTableNarrowing() -> Bool {
        guard !host.state.main.tableNarrowing.isEmpty else {
            return false
        }
        narrowTables(to: "")
        return true
    }
}
