import ORMCore

/// Drawing the main screen: the table list beside the grid, from what ``MainController/prepare(in:)`` read.
extension MainController {
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        guard let host else {
            return
        }
        let layout = layout(of: area, sidebarWidth: host.sidebarWidth)
        renderSidebar(layout, host: host, into: &buffer, theme: theme)
        if !layout.content.isEmpty {
            renderContent(in: layout.content, host: host, into: &buffer, theme: theme)
        }
    }

    /// Draws the table list, its title and the border beside it.
    private func renderSidebar(_ layout: Layout, host: any MainHost, into buffer: inout ScreenBuffer, theme: Theme) {
        if let border = layout.border {
            for y in border.y..<border.bottom {
                buffer.put(GridWidget.separator, x: border.x, y: y, style: theme[.border], maxWidth: 1)
            }
        }
        guard let sidebar = layout.sidebar else {
            return
        }
        let (titleRow, listArea) = sidebar.splitTop(1)
        let listed = host.tableList.listedTables
        TitleLine(text: (focus == .tables ? "▸ " : "") + host.tableList.tableListTitle(listed: listed.count))
            .render(in: titleRow, into: &buffer, theme: theme)
        // Only the rows drawn: the list may hold ten thousand tables.
        let selected = listed.firstIndex(of: selectedTable)
        let first = ListWidget.firstVisible(keeping: selected ?? 0, visibleFrom: firstVisibleTable,
                                            height: max(1, listArea.height), count: listed.count)
        let shown = Array(listed[min(first, listed.count)..<min(listed.count, first + listArea.height)])
        let items = host.catalog.entries(at: shown).map { entry in
            let name = entry.schema.map { $0 + "." + entry.name } ?? entry.name
            return ListItem(title: name, mark: entry.kind.mark, count: entry.count,
                            countFailed: entry.countFailed || entry.countStopped, estimate: entry.estimate,
                            isCounted: entry.schema == nil)
        }
        let list = ListWidget(items: items, selected: selected.map { $0 - first },
                              firstVisible: 0, spinnerFrame: host.spinnerFrame)
        list.render(in: listArea, into: &buffer, theme: theme)
    }

    /// Draws what the grid's area shows: the prepared grid, or a line saying why there is none.
    private func renderContent(in area: Rect, host: any MainHost, into buffer: inout ScreenBuffer, theme: Theme) {
        guard case .none = pane.content else {
            pane.render(in: area, into: &buffer, theme: theme, filtered: host.visibleTableGrid?.source.filter != nil)
            return
        }
        if let object = host.catalog.elsewhere(at: selectedTable) {
            renderElsewhere(object, in: area, into: &buffer, theme: theme)
            return
        }
        buffer.put(host.catalog.listCount == 0 ? "This database has no tables." : "", x: area.x, y: area.y,
                   style: theme[.text], maxWidth: area.width)
    }

    /// What the grid's area says for another schema's table selected in the list: where it is and
    /// how to browse it.
    private func renderElsewhere(_ object: SchemaListing.QualifiedObject, in area: Rect, into buffer: inout ScreenBuffer,
                                 theme: Theme) {
        let lines = [
            "\(Sanitizer.sanitize(object.schema + "." + object.name)): a \(object.kind.rawValue) of schema \(Sanitizer.sanitize(object.schema))",
            "Enter browses that schema, showing it (gs switches schemas too).",
        ]
        for (offset, line) in lines.enumerated() where offset < area.height {
            buffer.put(line, x: area.x + 1, y: area.y + offset, style: theme[.text], maxWidth: max(0, area.width - 1))
        }
    }
}
