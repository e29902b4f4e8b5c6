/// The main screen, always at the bottom of the stack: the table list and the selected table's
/// grid, the focus on one of them (on a narrow terminal only the focused one shows).
///
/// In the list, up and down (and the page keys, `g`, `G`) choose a table, whose grid shows beside
/// it; Enter, Tab or right give the grid the keys; `/` narrows the list; Esc widens it again, or
/// stops the counts. In the grid, Tab gives the list the keys again and the grid's commands run on
/// the selected table's grid through the ``MainHost``. `q` clears the shown table's view, else
/// quits.
final class MainController: ScreenController {
    /// Which pane has the keys.
    var focus: Focus = .tables
    /// The selected entry of the table list (an index in the catalog's list).
    var selectedTable = 0
    /// The first entry shown in the table list (a position in the list as narrowed).
    var firstVisibleTable = 0
    /// The text the table list is narrowed to (`/` in the list), empty for every table.
    var tableNarrowing = ""
    /// The selected table's rows on screen, as last prepared.
    private(set) var pane = GridPane()
    /// The app: the catalog, the tables, and the grid's commands. Weak: the app holds this screen.
    weak var host: (any MainHost)?

    /// The main screen, its host set once the app is made.
    init() {}

    var mode: Mode {
        focus == .tables ? .tables : .browse
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        guard let host else {
            return .redraw
        }
        if focus == .tables {
            switch command {
            case .up, .down, .pageUp, .pageDown, .top, .bottom:
                host.tableList.moveTableSelection(command)
                return .redraw
            case .open, .switchFocus, .right:
                if let object = host.catalog.elsewhere(at: selectedTable) {
                    let list = host.tableList
                    return .carriedOut(command == .open ? list.browseElsewhere(object) : list.saySchemaElsewhere(object))
                }
                if command == .open {
                    host.tableList.retrySelectedTable()
                }
                if host.selectedTableGrid != nil {
                    focus = .grid
                }
                return .redraw
            case .back:
                return .carriedOut(host.tableList.backOnMain())
            case .cancel:
                return host.tableList.clearTableNarrowing()
                    ? .say(.info("every table listed again")) : .carriedOut(host.tableList.cancelOnMain())
            case .search:
                host.tableList.openTableNarrowing()
                return .redraw
            case .left:
                return .notAKey
            default:
                focus = .grid
            }
        }
        switch command {
        case .back:
            return .carriedOut(host.tableList.backOnMain())
        case .cancel:
            return .carriedOut(host.tableList.cancelOnMain())
        case .switchFocus:
            focus = .tables
            return .redraw
        default:
            guard let grid = host.selectedTableGrid else {
                return .carriedOut(host.tableList.sayWhyNoGrid())
            }
            return .carriedOut(host.performOnGrid(command, grid: grid, isTable: true))
        }
    }

    func prepare(in area: Rect) -> StatusMessage? {
        guard let host else {
            return nil
        }
        let layout = layout(of: area, sidebarWidth: host.sidebarWidth)
        if let sidebar = layout.sidebar {
            let listed = host.tableList.listedTables
            firstVisibleTable = ListWidget.firstVisible(keeping: listed.firstIndex(of: selectedTable) ?? 0,
                                                        visibleFrom: firstVisibleTable, height: max(1, sidebar.height - 1),
                                                        count: listed.count)
        }
        pane = GridPane()
        if let grid = host.selectedTableGrid, !layout.content.isEmpty, let error = pane.prepare(grid, in: layout.content) {
            return .error(UserMessage.describe(error))
        }
        return nil
    }

    /// Where the list, its border and the grid go in `area` (everything above the status bar).
    func layout(of area: Rect, sidebarWidth: Int) -> Layout {
        Layout.main(width: area.width, height: area.height + 1, sidebarWidth: sidebarWidth, focus: focus)
            .moved(down: area.y)
    }
}
