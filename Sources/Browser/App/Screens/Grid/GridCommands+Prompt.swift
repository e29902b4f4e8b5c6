import ORMCore

extension GridCommands {
    /// Acts on a line submitted at one of the grid's prompts (``PromptController/submit(_:kind:)``):
    /// filters the grid, searches it, copies its view in a format, or goes to a column or a row.
    /// An error goes to the status bar.
    func submit(_ text: String, kind: PromptKind) {
        do {
            switch kind {
            case .filter:
                let source = grid.source
                let label = "filtering \(Sanitizer.sanitize(source.title))"
                // The cursor stays on its row when the filter keeps it, else goes to the first row.
                app.waits.changeView(of: grid, sort: source.sort, filter: text, label: label, keepingRow: true) { filtered in
                    app.say(.info(filtered.filter.map { "filter: \($0)" } ?? "filter cleared"))
                }
            case .search:
                guard !text.isEmpty else {
                    return
                }
                grid.searchText = text
                counted { try findMatch(forward: true) }
            case .gridSearch(let regex, let column):
                try search(for: text, regex: regex, column: column)
            case .copyAs(let column):
                copyView(format: text, column: column)
            case .goToColumn:
                try goToColumn(named: text)
            case .computeColumn:
                columns.addComputedColumn(text)
            case .joinTable:
                columns.submitJoinTable(text)
            case .joinColumns(let request):
                columns.submitJoinColumns(text, request: request)
            case .joinKind(let request, let kinds):
                columns.submitJoinKind(text, request: request, kinds: kinds)
            case .goToRow:
                guard let number = Int(text.filter { $0 != "," && $0 != " " }), number >= 1 else {
                    app.say(.error("not a row number: \(text)"))
                    return
                }
                try move(toRow: number - 1)
            case .narrowTables, .sql, .export, .editCell, .resolveConflicts, .quitWithChanges, .quitWithTransaction, .confirmDelete, .confirmRevert,
                 .confirmOverwrite, .confirmCloseBuffer, .refused, .switchSchema:
                break
            }
        } catch {
            app.report(error, doing: kind == .filter ? "filter" : nil)
        }
    }
}
