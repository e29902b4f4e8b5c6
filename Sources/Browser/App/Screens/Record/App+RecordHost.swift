/// What the record view (``RecordController``) asks of the app: the grid's commands, edits of the
/// row shown, and foreign keys followed from the main screen.
extension App: RecordHost {
    func isTableGrid(_ grid: GridModel) -> Bool {
        tables.grids.values.contains { $0 === grid }
    }

    func performEditOnRecord(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome {
        var outcome = Outcome.redraw
        do {
            outcome.merge(try GridEdits(app: self, grid: grid, isTable: isTable).performEdit(command, oneRow: true))
        } catch {
            report(error)
            return outcome
        }
        if command == .editCell || command == .editInEditor {
            prompts.holdTextAfterRefusal(unless: outcome)
        }
        return outcome
    }

    func follow(_ command: Command, fromRecordOf grid: GridModel) -> Outcome {
        let before = state.jumps.count
        state.screens.removeLast()
        let commands = GridCommands(app: self, grid: grid, isTable: true)
        do {
            if command == .followReference {
                try commands.followReference()
            } else {
                try commands.jumpBack()
            }
        } catch {
            report(error)
        }
        let moved = command == .followReference ? state.jumps.count > before : state.jumps.count < before
        if let shown = moved ? selectedTableGrid : grid, (try? shown.row(at: shown.cursorRow)) != nil {
            state.screens.append(RecordController(grid: shown, host: self))
        }
        return .redraw
    }

    func isOnTop(_ controller: any ScreenController) -> Bool {
        state.top === controller
    }
}
