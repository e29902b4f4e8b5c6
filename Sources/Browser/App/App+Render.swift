extension App {
    /// Draws the visible screen into `frame`.
    func render(_ frame: inout Frame) {
        if hasBackgroundWork {
            wasBusy = true
        }
        size = (frame.area.width, frame.area.height)
        frame.buffer.fill(frame.area, style: theme[.background])
        let layout: Layout
        switch state.top {
        case .main:
            layout = Layout.main(width: size.columns, height: size.rows, sidebarWidth: sidebarWidth, focus: state.focus)
            renderSidebar(layout, into: &frame.buffer)
            if !layout.content.isEmpty {
                renderGrid(selectedTableGrid, in: layout.content, into: &frame.buffer)
            }
        case .results(let grid):
            layout = Layout.full(width: size.columns, height: size.rows)
            renderGrid(grid, in: layout.content, into: &frame.buffer)
        case .record(var record):
            layout = Layout.full(width: size.columns, height: size.rows)
            let (titleRow, body) = layout.content.splitTop(1)
            record.scroll = scrollRevealingField(of: record, height: max(1, body.height))
            state.replaceTop(.record(record))
            let grid = record.grid
            let total = grid.knownTotal.map { ListWidget.formatCount($0) } ?? "?"
            let title = grid.knownTotal == 0 ? "No rows" : "Record \(ListWidget.formatCount(grid.cursorRow + 1)) of \(total)"
            renderTitle("\(title) · \(grid.source.title)", in: titleRow, into: &frame.buffer)
            recordView(of: record).render(in: body, into: &frame.buffer, theme: theme)
        case .schema(let screen):
            layout = Layout.full(width: size.columns, height: size.rows)
            let (titleRow, body) = layout.content.splitTop(1)
            renderTitle(screen.title, in: titleRow, into: &frame.buffer)
            screen.view.render(in: body, into: &frame.buffer, theme: theme)
        case .help(let help):
            layout = Layout.full(width: size.columns, height: size.rows)
            help.render(in: layout.content, into: &frame.buffer, theme: theme)
        }
        if let prompt = state.prompt {
            let cursor = prompt.widget.render(in: layout.status, into: &frame.buffer, theme: theme)
            frame.cursor = cursor
        } else {
            statusBar(width: layout.status.width).render(in: layout.status, into: &frame.buffer, theme: theme)
        }
    }

    /// The width the table list would like: its longest name and count (never shrinking, so the
    /// list does not jump while counts arrive).
    var sidebarWidth: Int {
        let names = catalog.names.isEmpty ? 6 : catalog.widestName
        let counts = TextWidth.of(ListWidget.formatCount(catalog.largestCount))
        sidebarWidthMark = max(sidebarWidthMark, min(32, names + 1 + max(3, counts)))
        return sidebarWidthMark
    }

    /// Draws a title row.
    private func renderTitle(_ title: String, in area: Rect, into buffer: inout ScreenBuffer) {
        buffer.fill(area, style: theme[.background])
        buffer.put(TextLayout.truncate(Sanitizer.sanitize(title), toWidth: area.width), x: area.x, y: area.y,
                   style: theme[.title], maxWidth: area.width)
    }

    /// Draws the table list, its title and the border beside it.
    private func renderSidebar(_ layout: Layout, into buffer: inout ScreenBuffer) {
        if let border = layout.border {
            for y in border.y..<border.bottom {
                buffer.put(GridWidget.separator, x: border.x, y: y, style: theme[.border], maxWidth: 1)
            }
        }
        guard let sidebar = layout.sidebar else {
            return
        }
        let (titleRow, listArea) = sidebar.splitTop(1)
        let focused = state.focus == .tables
        renderTitle((focused ? "▸ " : "") + "Tables (\(catalog.names.count))", in: titleRow, into: &buffer)
        state.firstVisibleTable = ListWidget.firstVisible(keeping: state.selectedTable, visibleFrom: state.firstVisibleTable,
                                                          height: max(1, listArea.height), count: catalog.names.count)
        // Only the rows drawn: the list may hold ten thousand tables.
        let first = state.firstVisibleTable
        let items = catalog.entries(in: first..<(first + listArea.height)).map { entry in
            ListItem(title: entry.kind == .view ? entry.name + " ◇" : entry.name, count: entry.count,
                     countFailed: entry.countFailed || entry.countStopped)
        }
        let list = ListWidget(items: items, selected: catalog.names.isEmpty ? nil : state.selectedTable - first,
                              firstVisible: 0, spinnerFrame: state.spinnerFrame)
        list.render(in: listArea, into: &buffer, theme: theme)
    }

    /// Draws a grid, or a line saying why there is none.
    private func renderGrid(_ grid: GridModel?, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let grid else {
            buffer.put(catalog.names.isEmpty ? "This database has no tables." : "", x: area.x, y: area.y,
                       style: theme[.text], maxWidth: area.width)
            return
        }
        do {
            let viewport = try grid.viewport(for: area)
            GridWidget.render(viewport, in: area, into: &buffer, theme: theme)
            if viewport.rows.isEmpty {
                let text = grid.source.filter == nil ? "(no rows)" : "(no rows match the filter)"
                buffer.put(text, x: area.x + 1, y: area.y + 1, style: theme[.null], maxWidth: area.width - 1)
            }
        } catch {
            report(error)
            buffer.put(UserMessage.describe(error), x: area.x, y: area.y, style: theme[.statusError], maxWidth: area.width)
        }
    }

    /// The status bar for the visible screen.
    func statusBar(width: Int) -> StatusBar {
        var mode = state.top.mode
        if case .main = state.top, state.focus == .tables {
            mode = "TABLES"
        }
        let message = pendingStatus ?? state.message ?? exportProgress ?? .info("? help")
        let messageWidth = max(StatusBar.minimumMessageWidth, TextWidth.of(message.text))
        let available = width - TextWidth.of(mode) - 3 - messageWidth - 2
        return StatusBar(mode: mode, message: message.text, isError: message.isError,
                         right: statusRight(fitting: available))
    }

    /// The right-hand status text, dropping the least important parts until it fits in `width`.
    private func statusRight(fitting width: Int) -> String {
        let grid: GridModel?
        switch state.top {
        case .main, .results, .record: grid = currentGrid
        case .schema, .help: grid = nil
        }
        guard let grid else {
            return ""
        }
        let source = grid.source
        let spinner = ListWidget.spinnerFrames[state.spinnerFrame % ListWidget.spinnerFrames.count]
        let total = grid.knownTotal.map { ListWidget.formatCount($0) } ?? (grid.source.isCounting ? spinner : "?")
        let position = grid.knownTotal == 0 ? "0/0" : "\(ListWidget.formatCount(grid.cursorRow + 1))/\(total)"
        let title = Sanitizer.sanitize(source.title)
        var column: [String] = []
        if source.columns.indices.contains(grid.cursorColumn) {
            column.append(Sanitizer.sanitize(source.columns[grid.cursorColumn].name))
        }
        var sort: [String] = []
        if let order = source.sort, source.columns.indices.contains(order.column) {
            sort.append("sort " + Sanitizer.sanitize(source.columns[order.column].name)
                        + (order.descending ? GridWidget.descending : GridWidget.ascending))
        }
        var filter: [String] = []
        if let expression = source.filter {
            filter.append("filter " + TextLayout.truncate(Sanitizer.sanitize(expression), toWidth: 24))
        }
        let pending = pendingEditCount > 0 ? ["\(pendingEditCount) pending"] : []
        let candidates = [
            pending + [title, position] + column + sort + filter,
            pending + [title, position] + column + sort,
            pending + [title, position] + column,
            pending + [title, position],
            pending + [position],
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
}
