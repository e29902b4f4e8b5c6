import ORMCore

extension App {
    /// Answers a one-key prompt: conflicts (keep theirs, overwrite, cancel), quitting with
    /// pending changes (commit, revert, stay), or a y/n question (deleting rows, reverting the
    /// staged changes, replacing a file).
    func choose(_ key: Key, for kind: PromptKind) -> Outcome {
        if case .mouse = key {
            return .handled
        }
        switch kind {
        case .confirmDelete(let table, let rows):
            state.prompt = nil
            answerDelete(key, table: table, rows: rows)
            return .redraw
        case .confirmRevert:
            state.prompt = nil
            answerRevert(key)
            return .redraw
        case .confirmOverwrite(let path):
            state.prompt = nil
            answerOverwrite(key, path: path)
            return .redraw
        default:
            break
        }
        if kind == .resolveConflicts, let scroll = Self.scrollCommand(for: key),
           case .schema(let screen) = state.top, screen.mode == Self.conflictsMode {
            return performOnText(scroll, screen: screen)  // the list may be longer than the screen
        }
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
            let committed: Bool
            switch choice {
            case "t": committed = commitEdits(policy: .keepTheirs)
            case "o": committed = commitEdits(policy: .overwrite)
            default:
                committed = false
                state.message = .info("commit cancelled: \(Self.changes(pendingEditCount)) still pending")
            }
            defer { quitsAfterCommit = false }
            if committed {
                closePendingScreen()
                return quitsAfterCommit ? .quit : .redraw
            }
            return .redraw
        }
        switch choice {
        case "c":
            // Conflicts ask first; the commit their answer makes still quits.
            quitsAfterCommit = true
            guard commitEdits(policy: .cancel) else {
                if state.prompt?.kind != .resolveConflicts {
                    quitsAfterCommit = false
                }
                return .redraw
            }
            quitsAfterCommit = false
            return .quit
        case "r":
            stagedEdits = [:]
            return .quit
        default:
            state.message = .info("\(Self.changes(pendingEditCount)) pending: w commits, U reverts")
            return .redraw
        }
    }

    /// The scrolling a key asks for while the conflicts are listed: arrows, `j` `k`, page keys.
    private static func scrollCommand(for key: Key) -> Command? {
        switch key {
        case .up, .character("k"): .up
        case .down, .character("j"): .down
        case .pageUp, .control("b"): .pageUp
        case .pageDown, .control("f"), .character(" "): .pageDown
        case .home: .top
        case .end, .character("G"): .bottom
        default: nil
        }
    }

    /// Ctrl-C: cancels running work (as Esc does); else quits like `Q`, asking first when changes
    /// are pending. An open prompt is closed first; the question about pending changes stays open.
    func interrupt() -> Outcome {
        if let work = pendingWork {
            return cancel(work)
        }
        if state.prompt?.kind == .quitWithChanges {
            state.message = .info("\(Self.changes(pendingEditCount)) pending: c commits and quits, r reverts and quits, Esc stays")
            return .redraw
        }
        state.prompt = nil
        state.editing = nil
        return quitOrAsk()
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
