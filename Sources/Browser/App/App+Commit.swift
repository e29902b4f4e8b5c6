import ORMCore

extension App {
    /// The mode label of the conflicts screen, which the conflict prompt closes.
    static let conflictsMode = "CONFLICTS"

    /// Writes the staged changes, one transaction per table (tables in name order), and reloads
    /// what they touched. Returns whether everything was written.
    ///
    /// Rows changed meanwhile open the conflicts screen and ask what to do; a locked database
    /// keeps the changes for a retry.
    func commitEdits(policy: ConflictPolicy) -> Bool {
        guard pendingEditCount > 0 else {
            state.message = .info("nothing to commit")
            return true
        }
        var written = 0
        for name in stagedEdits.keys.sorted() {
            guard let edits = stagedEdits[name] else {
                continue
            }
            do {
                try database.table(name).apply(edits.rowEdits, policy: policy)
                stagedEdits[name] = nil
                written += edits.count
                try? tableGrid(named: name)?.reload()
            } catch let error as EditConflictError {
                showConflicts(error, in: name)
                return false
            } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
                state.message = .error("\(name) is locked by another connection: \(Self.changes(edits.count)) kept; w to retry")
                return false
            } catch {
                report(error, doing: "commit \(name)")
                return false
            }
        }
        try? catalog.refresh()
        state.message = .info("committed \(Self.changes(written))")
        return true
    }

    /// Shows the rows that changed since they were read, and asks what to do with them.
    private func showConflicts(_ error: EditConflictError, in name: String) {
        var lines = ["\(error.description) in \(name); nothing was written.", ""]
        let table = try? database.table(name)
        for conflict in error.conflicts {
            let mine = (try? table?.sql(for: conflict.edit)).map(SQLPreview.inline) ?? "\(conflict.edit)"
            lines.append("yours: \(mine)")
            if let current = conflict.current {
                let values = current.keys.sorted().map { "\($0) = \(SQLInsertEncoder.literal(current[$0] ?? .null))" }
                lines.append("now:   \(values.joined(separator: ", "))")
            } else {
                lines.append("now:   the row was deleted")
            }
            lines.append("")
        }
        lines.append("t: keep theirs (skip these edits)   o: overwrite   c or Esc: cancel (keep the edits staged)")
        var screen = TextScreen(title: "Conflicts in \(name)", lines: lines)
        screen.mode = Self.conflictsMode
        state.screens.append(.schema(screen))
        openPrompt(.resolveConflicts)
    }

    /// Shows the staged changes as the SQL a commit would run, arguments written as literals.
    func showPending() {
        var lines: [String] = []
        for name in stagedEdits.keys.sorted() {
            guard let edits = stagedEdits[name], let table = try? database.table(name) else {
                continue
            }
            lines.append("-- \(name): \(Self.changes(edits.count))")
            for edit in edits.rowEdits {
                lines.append(((try? table.sql(for: edit)).map(SQLPreview.inline) ?? "\(edit)") + ";")
            }
            lines.append("")
        }
        if lines.isEmpty {
            lines = ["No pending changes."]
        }
        var screen = TextScreen(title: "Pending changes (\(Self.changes(pendingEditCount)))", lines: lines)
        screen.mode = "PENDING"
        state.screens.append(.schema(screen))
    }

    /// Answers a one-key prompt: conflicts (keep theirs, overwrite, cancel) or quitting with
    /// pending changes (commit, revert, stay).
    func choose(_ key: Key, for kind: PromptKind) -> Outcome {
        let choice: Character?
        switch key {
        case .escape: choice = nil
        case .character(let character): choice = Character(character.lowercased())
        default: return .handled
        }
        state.prompt = nil
        if kind == .resolveConflicts {
            if case .schema(let screen) = state.top, screen.mode == Self.conflictsMode {
                state.screens.removeLast()
            }
            switch choice {
            case "t": _ = commitEdits(policy: .keepTheirs)
            case "o": _ = commitEdits(policy: .overwrite)
            default: state.message = .info("commit cancelled: \(Self.changes(pendingEditCount)) still pending")
            }
            return .redraw
        }
        switch choice {
        case "c":
            return commitEdits(policy: .cancel) ? .quit : .redraw
        case "r":
            stagedEdits = [:]
            return .quit
        default:
            state.message = .info("\(Self.changes(pendingEditCount)) pending: w commits, U reverts")
            return .redraw
        }
    }

    /// Quits, unless changes are pending: then asks whether to commit, revert or stay.
    func quitOrAsk() -> Outcome {
        guard pendingEditCount > 0 else {
            return .quit
        }
        openPrompt(.quitWithChanges)
        return .redraw
    }
}
