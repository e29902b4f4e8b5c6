/// Where the parts of the screen go for one frame.
///
/// The status bar (or the open prompt) takes the last row. On the main screen the table list sits
/// on the left with a one-column border when the terminal is at least ``sidebarMinimumWidth``
/// wide; narrower terminals show the list or the grid alone, whichever has the focus.
struct Layout: Equatable, Sendable {
    /// Terminals narrower than this show the table list and the grid one at a time.
    static let sidebarMinimumWidth = 60

    /// The table list with its title row, if shown.
    var sidebar: Rect?
    /// The column between the list and the grid, if shown.
    var border: Rect?
    /// The grid or text view.
    var content: Rect
    /// The status bar or prompt row.
    var status: Rect

    /// The layout of a screen without a table list.
    static func full(width: Int, height: Int) -> Layout {
        let (content, status) = Rect(x: 0, y: 0, width: width, height: height).splitBottom(1)
        return Layout(sidebar: nil, border: nil, content: content, status: status)
    }

    /// This layout `rows` lower on the screen (below the row that names the database shown, when
    /// several are open).
    func moved(down rows: Int) -> Layout {
        func move(_ rect: Rect) -> Rect {
            Rect(x: rect.x, y: rect.y + rows, width: rect.width, height: rect.height)
        }
        return Layout(sidebar: sidebar.map(move), border: border.map(move), content: move(content), status: move(status))
    }

    /// The layout of the main screen.
    ///
    /// - Parameters:
    ///   - sidebarWidth: The width the table list would like.
    ///   - focus: Which pane is shown when only one fits.
    static func main(width: Int, height: Int, sidebarWidth: Int, focus: Focus) -> Layout {
        var layout = full(width: width, height: height)
        if width < sidebarMinimumWidth {
            if focus == .tables {
                layout.sidebar = layout.content
                layout.content = Rect(x: width, y: 0, width: 0, height: 0)
            }
            return layout
        }
        let listWidth = min(max(12, sidebarWidth), width / 3)
        let (list, rest) = layout.content.splitLeft(listWidth)
        let (border, content) = rest.splitLeft(1)
        layout.sidebar = list
        layout.border = border
        layout.content = content
        return layout
    }
}
