import ORMCore

/// The record view: the grid's cursor row shown vertically, a line or more per column, with its
/// own scroll position.
///
/// The keys mean what they mean in the grid turned on its side: up and down choose a field (the
/// grid's cursor column), which `i`, `x`, `E`, `y` and `Y` act on as in the grid, and `dd` deletes
/// the row shown (not the marked rows); page keys scroll, the field cursor to the top of the
/// page; left and right go to the previous and next record, `0` and `$` to the first and last.
/// Search, sort, filter, go to row, schema, reload, export, marks and new rows work on the grid
/// behind it (through its ``RecordHost``), and the view shows the grid's cursor row; a foreign
/// key is followed to the referenced record.
final class RecordController: ScreenController {
    /// The grid whose cursor row is shown: moving between records moves its cursor.
    let gridShown: GridModel
    /// The first display line shown.
    private(set) var scroll = 0
    /// The row read with more of its long values, and its lines as last laid out.
    var cache = RecordCache()
    /// What ``prepare(in:)`` made for the next frame: the title line and the lines.
    private var prepared: (title: String, view: TextView)?
    /// The app the grid's own commands go to.
    private unowned let host: any RecordHost

    /// The record view of `grid`'s cursor row, in `host`.
    init(grid: GridModel, host: any RecordHost) {
        gridShown = grid
        self.host = host
    }

    var mode: Mode {
        .record
    }

    var grid: GridModel? {
        gridShown
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        var outcome = Outcome.redraw
        var failure: StatusMessage?
        let grid = gridShown
        let isTable = host.isTableGrid(grid)
        let height = Self.bodyHeight(of: area)
        let maximum = view(width: area.width).maximumScroll(width: area.width, height: height)
        do {
            switch command {
            case .back, .cancel:
                return .close
            case .up, .down, .top, .bottom:
                let last = grid.source.columns.count - 1
                let target = switch command {
                case .up: grid.cursorColumn - 1
                case .down: grid.cursorColumn + 1
                case .top: 0
                default: last
                }
                grid.moveCursor(toColumn: min(max(0, target), max(0, last)))
                scroll = scrollShowingField(width: area.width, height: height)
            case .pageUp, .pageDown:
                scroll = min(max(0, scroll + (command == .pageUp ? -height : height)), maximum)
                if let field = field(at: scroll, width: area.width) {
                    grid.moveCursor(toColumn: field)
                }
            case .left, .right, .firstColumn, .lastColumn:
                switch command {
                case .left, .right: try grid.moveCursor(byRows: command == .left ? -1 : 1)
                case .firstColumn: try grid.moveCursor(toRow: 0)
                default: host.moveToLastRow(of: grid)
                }
                scroll = 0  // another record: its field shown from the top
                scroll = scrollShowingField(width: area.width, height: height)
            case .editCell, .setNull, .editInEditor, .deleteRow, .undoEdit, .insertRow, .duplicateRow, .toggleMark,
                 .clearMarks:
                outcome.merge(host.performEditOnRecord(command, grid: grid, isTable: isTable))
            case .hideColumn, .showAllColumns:
                outcome.merge(host.performOnGrid(command, grid: grid, isTable: isTable))
                scroll = scrollShowingField(width: area.width, height: height)
            case .goToColumn:
                outcome.merge(host.performOnGrid(command, grid: grid, isTable: isTable))
            case .yankCell, .yankRow, .yankColumn, .yankView, .sort, .addSort, .searchRegex, .searchColumn,
                 .searchColumnRegex, .filter, .search, .nextMatch, .previousMatch, .goToRow, .schema, .reload, .export:
                outcome.merge(host.performOnGrid(command, grid: grid, isTable: isTable))
                guard host.isOnTop(self) else {
                    return .carriedOut(outcome)  // a screen opened over it (the schema)
                }
            case .followReference, .jumpBack:
                guard isTable else {
                    return .say(.error("foreign keys are followed from a table, not query results"))
                }
                return .carriedOut(host.follow(command, fromRecordOf: grid))
            default:
                return .notAKey
            }
        } catch {
            failure = .error(UserMessage.describe(error))
        }
        guard host.isOnTop(self) else {
            return failure.map(ScreenReply.say) ?? .carriedOut(outcome)
        }
        scroll = min(max(0, scroll), maximum)
        return failure.map(ScreenReply.say) ?? .carriedOut(outcome)
    }

    func prepare(in area: Rect) -> StatusMessage? {
        let height = Self.bodyHeight(of: area)
        scroll = scrollRevealingField(width: area.width, height: height)
        let grid = gridShown
        let total = grid.knownTotal.map { ListWidget.formatCount($0) } ?? "?"
        let title = grid.knownTotal == 0 ? "No rows" : "Record \(ListWidget.formatCount(grid.cursorRow + 1)) of \(total)"
        prepared = ("\(title) · \(grid.source.title)", view(width: area.width))
        return nil
    }

    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        guard let prepared else {
            return
        }
        let (titleRow, body) = area.splitTop(1)
        TitleLine(text: prepared.title).render(in: titleRow, into: &buffer, theme: theme)
        prepared.view.render(in: body, into: &buffer, theme: theme)
    }

    /// The rows the fields have in `area`: all but the title's.
    static func bodyHeight(of area: Rect) -> Int {
        max(1, area.height - 1)
    }
}
