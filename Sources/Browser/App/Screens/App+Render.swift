import ORMCore

extension App {
    /// Draws the visible screen into `frame`: the state and what the screen prepared after the
    /// last key or tick (``prepareFrame()``), read only. It neither reads the database nor changes
    /// state, so drawing the same state twice draws the same cells.
    func render(_ frame: inout Frame) {
        frame.buffer.fill(frame.area, style: theme[.background])
        let layout = screenLayout
        state.top.render(in: layout.content, into: &frame.buffer, theme: theme)
        if let row = databaseTabRow, let tab = databaseTab {
            TitleLine(text: tab.title).render(in: row, into: &frame.buffer, theme: theme)
        }
        if let prompt = prompt.current {
            var top = layout.status.y
            let cursor: (x: Int, y: Int)
            if prompt.isEditor {
                // The editor grows upward over the screen, from the status bar's row.
                let editor = prompt.editor(rows: editorRows)
                let area = Rect(x: 0, y: 0, width: layout.status.width, height: layout.status.bottom)
                cursor = editor.render(in: area, into: &frame.buffer, theme: theme)
                top = max(0, area.bottom - editor.height)
            } else {
                cursor = prompt.widget.render(in: layout.status, into: &frame.buffer, theme: theme)
            }
            frame.cursor = cursor
            if let menu = prompt.completions {
                renderCompletions(menu, of: prompt, cursor: cursor, above: top, into: &frame.buffer)
            }
        } else {
            statusBar(width: layout.status.width).render(in: layout.status, into: &frame.buffer, theme: theme)
        }
    }

    /// Draws the list of completions above the prompt, lined up with the word completed.
    private func renderCompletions(_ menu: CompletionMenu, of prompt: PromptState, cursor: (x: Int, y: Int), above row: Int,
                                   into buffer: inout ScreenBuffer) {
        let characters = Array(prompt.text)
        let start = min(max(0, menu.completion.range.lowerBound), prompt.cursor, characters.count)
        // In the editor the word completed is on the cursor's line; the list starts above the editor.
        let typed = String(characters[start..<min(max(start, prompt.cursor), characters.count)])
        let x = max(0, cursor.x - TextWidth.of(Sanitizer.sanitize(typed)))
        // Only the rows in sight are made: a list may hold ten thousand tables.
        let candidates = menu.completion.candidates
        let first = min(menu.firstVisible, max(0, candidates.count - CompletionMenu.height))
        let end = min(candidates.count, first + CompletionMenu.height)
        let list = CompletionList(
            items: candidates[first..<end].map { CompletionList.Item(text: $0.label, detail: $0.detail) },
            selected: menu.selected - first, firstVisible: 0, height: CompletionMenu.height,
            hiddenAbove: first, hiddenBelow: candidates.count - end, widths: menu.widths)
        list.render(above: row, x: x, in: Rect(x: 0, y: 0, width: buffer.width, height: row), into: &buffer, theme: theme)
    }

    /// The status bar for the visible screen.
    func statusBar(width: Int) -> StatusBar {
        let mode = state.top.mode
        let progress = state.top.status(spinnerFrame: state.spinnerFrame)
        let message = waits.status ?? state.message ?? serverLostStatus ?? prompts.statements.fillingStatus ?? progress ?? exports.clipboardCopyProgress ?? exports.exportProgress
            ?? .info("? help")
        let messageWidth = max(StatusBar.minimumMessageWidth, TextWidth.of(message.text))
        let available = width - TextWidth.of(mode.label) - 3 - messageWidth - 2
        return StatusBar(mode: mode.label, message: message.text, isError: message.isError,
                         right: statusRight(fitting: available))
    }

    /// The right-hand status text, dropping the least important parts until it fits in `width`.
    private func statusRight(fitting width: Int) -> String {
        guard let grid = state.isMainOnTop ? visibleGrid : state.top.grid else {
            return ""
        }
        let source = grid.source
        let spinner = ListWidget.spinner(at: state.spinnerFrame)
        let total = grid.knownTotal.map { ListWidget.formatCount($0) } ?? (grid.source.isCounting ? spinner : "?")
        let counted = grid.knownTotal == 0 ? "0/0" : "\(ListWidget.formatCount(grid.cursorRow + 1))/\(total)"
        let position = counted + (state.top.statusMark.map { " " + $0 } ?? "")
        let title = Sanitizer.sanitize(source.title)
        var column: [String] = []
        if source.columns.indices.contains(grid.cursorColumn) {
            column.append(Sanitizer.sanitize(source.columns[grid.cursorColumn].name))
        }
        if grid.hiddenCount > 0 {
            column.append("\(grid.hiddenCount) hidden")
        }
        var sort: [String] = []
        if let order = source.sort {
            let keys = order.keys.filter { source.columns.indices.contains($0.column) }.map {
                Sanitizer.sanitize(source.columns[$0.column].name) + ($0.descending ? GridWidget.descending : GridWidget.ascending)
            }
            sort.append("sort " + keys.joined(separator: " "))
        }
        var filter: [String] = []
        if let expression = source.filter {
            filter.append("filter " + TextLayout.truncate(Sanitizer.sanitize(expression), toWidth: 24))
        }
        let gone = editing.staging.edits.values.reduce(0) { $0 + $1.gone.count }
        let pending = editing.pendingEditCount == 0 ? [] : ["\(editing.pendingEditCount) pending" + (gone > 0 ? " (\(gone) row\(gone == 1 ? "" : "s") gone)" : "")]
        let staged = (sessionTransactionOpen ? ["in transaction"] : []) + pending
        let node = serverNodeStatus.map { [$0] } ?? []
        // How long a statement took (`psql`'s `\timing`), on its results: the first to give way.
        let timing = state.top.statusNote.map { [$0] } ?? []
        let candidates = [
            staged + [title, position] + column + sort + filter + node + timing,
            staged + [title, position] + column + sort + filter + node,
            staged + [title, position] + column + sort + node,
            staged + [title, position] + column + sort + filter,
            staged + [title, position] + column + sort,
            staged + [title, position] + column,
            staged + [title, position],
            staged + [position],
            [position],
        ]
        for parts in candidates {
            let text = parts.joined(separator: "  ")
            if TextWidth.of(text) <= width {
                return text
            }
        }
        return ""
    }

    /// On a server of a cluster (the URL lists several) or a standby, the server reached and its
    /// role: `primary 127.0.0.1:5432`, `standby db2:5432 lag 0.4 s` (its replay behind its
    /// primary), `primary db1:5432, reads on standby` (`--prefer-standby`); nil elsewhere.
    private var serverNodeStatus: String? {
        guard let node = database.serverNode, node.isStandby || node.listedServers > 1 else {
            return nil
        }
        let lag = node.isStandby ? serverWatch?.replayLag.map { " lag " + Self.lagText($0) } ?? "" : ""
        let reads = node.isStandby || database.configuration.readPlacement == .primary ? "" : ", reads on standby"
        return (node.isStandby ? "standby " : "primary ") + Sanitizer.sanitize(node.description) + lag + reads
    }

    /// A standby's replay lag as the status bar shows it: `0 s`, `0.4 s`, `12 s`, `3 min`.
    static func lagText(_ seconds: Double) -> String {
        if seconds < 0.05 {
            return "0 s"
        }
        if seconds < 10 {
            let tenths = Int((seconds * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) s"
        }
        return seconds < 120 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }
}
