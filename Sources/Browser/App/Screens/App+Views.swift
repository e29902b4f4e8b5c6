extension App {
    /// Runs a command in the record view, the keys meaning what they mean in the grid turned on
    /// its side: up and down choose a field (the grid's cursor column), which `i`, `x`, `E`, `y`
    /// and `Y` act on as in the grid, and `dd` deletes the row shown (not the marked rows); page
    /// keys scroll, the field cursor to the top of the page; left and right go to the previous and
    /// next record, `0` and `$` to the first and last. Search, sort, filter, go to row, schema,
    /// reload, export, marks and new rows work on the grid behind it, and the view shows the
    /// grid's cursor row; a foreign key is followed to the referenced record.
    func performOnRecord(_ command: Command, record: RecordViewState) -> Outcome {
        var record = record
        var outcome = Outcome.redraw
        let grid = record.grid
        let isTable = tables.grids.values.contains { $0 === grid }
        let height = max(1, contentHeight - 1)
        let maximum = recordView(of: record).maximumScroll(width: size.columns, height: height)
        do {
            switch command {
            case .back, .cancel:
                state.screens.removeLast()
                return .redraw
            case .up, .down, .top, .bottom:
                let last = grid.source.columns.count - 1
                let target = switch command {
                case .up: grid.cursorColumn - 1
                case .down: grid.cursorColumn + 1
                case .top: 0
                default: last
                }
                grid.moveCursor(toColumn: min(max(0, target), max(0, last)))
                record.scroll = scrollShowingField(of: record, height: height)
            case .pageUp, .pageDown:
                record.scroll = min(max(0, record.scroll + (command == .pageUp ? -height : height)), maximum)
                if let field = field(at: record.scroll, of: record) {
                    grid.moveCursor(toColumn: field)
                }
            case .left, .right:
                try grid.moveCursor(byRows: command == .left ? -1 : 1)
                record.scroll = scrollShowingField(of: RecordViewState(grid: grid), height: height)
            case .firstColumn:
                try grid.moveCursor(toRow: 0)
                record.scroll = scrollShowingField(of: RecordViewState(grid: grid), height: height)
            case .lastColumn:
                moveToLastRow(of: grid)
                record.scroll = scrollShowingField(of: RecordViewState(grid: grid), height: height)
            case .editCell, .setNull, .editInEditor, .deleteRow, .undoEdit, .insertRow, .duplicateRow, .toggleMark,
                 .clearMarks:
                outcome.merge(try performEdit(command, grid: grid, isTable: isTable, oneRow: true))
                if command == .editCell || command == .editInEditor {
                    holdTextAfterRefusal(unless: outcome)
                }
            case .hideColumn, .showAllColumns:
                outcome.merge(performOnGrid(command, grid: grid, isTable: isTable))
                record.scroll = scrollShowingField(of: record, height: height)
            case .goToColumn:
                outcome.merge(performOnGrid(command, grid: grid, isTable: isTable))
            case .yankCell, .yankRow, .yankColumn, .yankView, .sort, .addSort, .searchRegex, .searchColumn, .searchColumnRegex, .filter, .search, .nextMatch, .previousMatch, .goToRow, .schema, .reload,
                 .export:
                outcome.merge(performOnGrid(command, grid: grid, isTable: isTable))
                if case .record = state.top {} else {
                    return outcome  // a screen opened over it (the schema)
                }
            case .followReference, .jumpBack:
                return followFromRecord(command, grid: grid, isTable: isTable)
            default:
                return notAKeyHere()
            }
        } catch {
            report(error)
        }
        guard case .record = state.top else {
            return outcome
        }
        record.scroll = min(max(0, record.scroll), maximum)
        state.replaceTop(.record(record))
        return outcome
    }

    /// `]` and `[` in the record view: the record view closes, the foreign key is followed (or the
    /// jump undone) as in the grid, and the record view opens on the row arrived at.
    private func followFromRecord(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome {
        guard isTable else {
            state.message = .error("foreign keys are followed from a table, not query results")
            return .redraw
        }
        let before = state.jumps.count
        state.screens.removeLast()
        do {
            if command == .followReference {
                try followReference(from: grid, isTable: true)
            } else {
                try jumpBack()
            }
        } catch {
            report(error)
        }
        let moved = command == .followReference ? state.jumps.count > before : state.jumps.count < before
        if let shown = moved ? selectedTableGrid : grid, (try? shown.row(at: shown.cursorRow)) != nil {
            state.screens.append(.record(RecordViewState(grid: shown)))
        }
        return .redraw
    }

    /// The field (column) drawn on display line `line` of the record view: after a page key, the
    /// field cursor goes to the top of the page.
    private func field(at line: Int, of record: RecordViewState) -> Int? {
        let grid = record.grid
        guard let shown = try? grid.shownValues(at: grid.cursorRow), let values = try? recordValues(shown, of: grid) else {
            return nil
        }
        let (fields, indexes) = shownRecordFields(of: grid, values: values)
        let view = recordView(of: record)
        var start = 0
        for (index, field) in fields.enumerated() {
            let rows = view.displayRange(of: start..<(start + field.count), width: size.columns)
            if rows.upperBound > line {
                return indexes[index]
            }
            start += field.count
        }
        return indexes.last
    }

    /// The record view's fields: those of the columns the grid shows (hidden columns are left
    /// out, as in the grid), with the grid's index of each.
    private func shownRecordFields(of grid: GridModel, values: [GridValue]) -> (fields: [[String]], indexes: [Int]) {
        let indexes = grid.shownIndexes
        let columns = indexes.map { grid.source.columns[$0] }
        let shown = indexes.map { values.indices.contains($0) ? values[$0] : GridValue.null }
        return (recordFields(columns: columns, values: shown), indexes)
    }

    /// The record view's scroll, moved only when no line of the current field is in view (the
    /// grid's cursor moved under it: a search, a sort, a refresh), to show it.
    func scrollRevealingField(of record: RecordViewState, height: Int) -> Int {
        let view = recordView(of: record)
        guard let selected = view.selected else {
            return record.scroll
        }
        let rows = view.displayRange(of: selected, width: size.columns)
        guard rows.upperBound <= record.scroll || rows.lowerBound >= record.scroll + height else {
            return record.scroll
        }
        return scrollShowingField(of: record, height: height)
    }

    /// The scroll position that shows the record view's current field, moving as little as it can.
    private func scrollShowingField(of record: RecordViewState, height: Int) -> Int {
        let view = recordView(of: record)
        guard let selected = view.selected else {
            return record.scroll
        }
        let rows = view.displayRange(of: selected, width: size.columns)
        if rows.lowerBound < record.scroll || rows.count > height {
            return rows.lowerBound
        }
        return max(record.scroll, rows.upperBound - height)
    }

    /// The values the record view shows: the grid's, with those it keeps only the start of read
    /// again with more of them (``GridValue/recordTextBytes``), once per row shown. A staged value
    /// stays as staged.
    func recordValues(_ values: [GridValue], of grid: GridModel) throws -> [GridValue] {
        guard values.contains(where: \.isCut), let table = grid.source.keyedTable,
              case .stored(let stored)? = try grid.row(at: grid.cursorRow), let key = stored.key else {
            return values
        }
        let longer: [GridValue]?
        if let cached = recordCache.row, cached.source === table, cached.key == key {
            longer = cached.values
        } else {
            longer = try table.longerValues(stored.values, key: key, textBytes: GridValue.recordTextBytes)
            recordCache.row = RecordRow(source: table, key: key, values: longer)
        }
        guard let longer, longer.count == values.count, stored.values.count == values.count else {
            return values
        }
        return values.indices.map { index in
            values[index].isCut && values[index] == stored.values[index] ? longer[index] : values[index]
        }
    }

    /// ``RecordView/fields(columns:values:width:)`` at the screen's width, laid out again only when
    /// the values, columns or width changed.
    func recordFields(columns: [GridColumn], values: [GridValue]) -> [[String]] {
        if let layout = recordCache.layout, layout.width == size.columns, layout.columns == columns, layout.values == values {
            return layout.fields
        }
        let fields = RecordView.fields(columns: columns, values: values, width: size.columns)
        recordCache.layout = (values, size.columns, columns, fields)
        return fields
    }

    /// The rows above the status bar.
    var contentHeight: Int {
        max(0, size.rows - 1)
    }

    /// The record view of the grid's cursor row (one line saying so when it is gone): a line or
    /// more per column, the cursor column's selected.
    func recordView(of record: RecordViewState) -> TextView {
        let grid = record.grid
        var view = TextView(text: "", scroll: record.scroll, highlight: grid.searchText)
        do {
            guard let shown = try grid.shownValues(at: grid.cursorRow) else {
                view.lines = ["(no row)"]
                return view
            }
            let values = try recordValues(shown, of: grid)
            let (fields, indexes) = shownRecordFields(of: grid, values: values)
            view.lines = fields.flatMap(\.self)
            if let field = indexes.firstIndex(of: grid.cursorColumn) {
                let start = fields[..<field].reduce(0) { $0 + $1.count }
                view.selected = start..<(start + fields[field].count)
            }
        } catch {
            view.lines = ["error: " + UserMessage.describe(error)]
        }
        return view
    }
}
