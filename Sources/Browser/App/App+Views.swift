extension App {
    /// Runs a command in the record view: scrolling, previous and next record, back.
    func performOnRecord(_ command: Command, record: RecordViewState) -> Outcome {
        var record = record
        let height = max(1, contentHeight - 1)
        let lines = recordLines(for: record.grid)
        let maximum = max(0, TextView(text: lines.joined(separator: "\n")).displayLines(width: size.columns).count - height)
        do {
            switch command {
            case .back:
                state.screens.removeLast()
                return .redraw
            case .up: record.scroll -= 1
            case .down: record.scroll += 1
            case .pageUp: record.scroll -= height
            case .pageDown: record.scroll += height
            case .top: record.scroll = 0
            case .bottom: record.scroll = maximum
            case .left:
                try record.grid.moveCursor(byRows: -1)
                record.scroll = 0
            case .right:
                try record.grid.moveCursor(byRows: 1)
                record.scroll = 0
            default:
                return .handled
            }
        } catch {
            report(error)
        }
        record.scroll = min(max(0, record.scroll), maximum)
        state.replaceTop(.record(record))
        return .redraw
    }

    /// Runs a command in the schema view: scrolling and back.
    func performOnText(_ command: Command, screen: TextScreen) -> Outcome {
        var screen = screen
        let height = max(1, contentHeight - 1)
        switch command {
        case .back:
            state.screens.removeLast()
            return .redraw
        case .up: screen.scroll(by: -1, width: size.columns, height: height)
        case .down: screen.scroll(by: 1, width: size.columns, height: height)
        case .pageUp: screen.scroll(by: -height, width: size.columns, height: height)
        case .pageDown: screen.scroll(by: height, width: size.columns, height: height)
        case .top: screen.scroll(by: -Int(Int32.max), width: size.columns, height: height)
        case .bottom: screen.scroll(by: Int(Int32.max), width: size.columns, height: height)
        default: return .handled
        }
        state.replaceTop(.schema(screen))
        return .redraw
    }

    /// Runs a command on the help screen: scrolling and back.
    func performOnHelp(_ command: Command, help: HelpView) -> Outcome {
        var help = help
        let height = max(1, contentHeight)
        let maximum = HelpView.maximumScroll(width: size.columns, height: height)
        switch command {
        case .back:
            state.screens.removeLast()
            return .redraw
        case .up: help.scroll -= 1
        case .down: help.scroll += 1
        case .pageUp: help.scroll -= height
        case .pageDown: help.scroll += height
        case .top: help.scroll = 0
        case .bottom: help.scroll = maximum
        default: return .handled
        }
        help.scroll = min(max(0, help.scroll), maximum)
        state.replaceTop(.help(help))
        return .redraw
    }

    /// The rows above the status bar.
    var contentHeight: Int {
        max(0, size.rows - 1)
    }

    /// The record view lines of the grid's cursor row (one line saying so when it is gone).
    func recordLines(for grid: GridModel) -> [String] {
        do {
            guard let values = try grid.shownValues(at: grid.cursorRow) else {
                return ["(no row)"]
            }
            return RecordView.lines(columns: grid.source.columns, values: values)
        } catch {
            return ["error: " + UserMessage.describe(error)]
        }
    }
}
