import ORMCore

extension App {
    /// Answers a one-key prompt: conflicts (keep theirs, overwrite, cancel), quitting with
    /// pending changes (commit, revert, stay), or a y/n question (deleting rows, reverting the
    /// staged changes, replacing a file).
    ///
    /// Only the answers the question names (and Esc, which says no) answer it: any other key
    /// leaves it open and says which keys do, so text typed on runs nothing.
    func choose(_ key: Key, for kind: PromptKind) -> Outcome {
        if case .mouse = key {
            return .handled
        }
        prompt.current?.note = nil
        let answer: Character? = switch key {
        case .escape: "\u{1B}"
        case .character(let character): Character(character.lowercased())
        default: nil
        }
        switch kind {
        case .confirmDelete, .confirmRevert, .confirmOverwrite:
            guard let answer, ["y", "n", "\u{1B}"].contains(answer) else {
                return keepAsking("answer y or n; Esc: n")
            }
            prompt.current = nil
            let reply: Key = answer == "y" ? .character("y") : .character("n")
            switch kind {
            case .confirmDelete(let table, let rows): answerDelete(reply, table: table, rows: rows)
            case .confirmRevert: answerRevert(reply)
            case .confirmOverwrite(let path): answerOverwrite(reply, path: path)
            default: break
            }
            return .redraw
        case .resolveConflicts(let thenQuit):
            if let scroll = Self.scrollCommand(for: key), state.top.isPage(.conflicts) {
                // The list may be longer than the screen.
                let conflicts = state.top
                return carryOut(conflicts.perform(scroll, in: screenLayout.content), of: conflicts)
            }
            guard let answer, ["t", "o", "c", "\u{1B}"].contains(answer) else {
                return keepAsking("answer t, o or c; j k scroll")
            }
            return resolveConflicts(answer, thenQuit: thenQuit)
        case .quitWithTransaction:
            guard let answer, ["c", "r", "\u{1B}"].contains(answer) else {
                return keepAsking("answer c, r or Esc")
            }
            return answerQuitWithTransaction(answer)
        default:
            guard let answer, ["c", "r", "\u{1B}"].contains(answer) else {
                return keepAsking("answer c, r or Esc")
            }
            return answerQuit(answer)
        }
    }

    /// Leaves the one-key question open, saying before it which keys answer it.
    private func keepAsking(_ keys: String) -> Outcome {
        prompt.current?.note = keys
        return .redraw
    }

    /// Answers the conflicts: `t` keeps theirs, `o` overwrites, `c` or Esc cancels the commit. A
    /// commit made quits when it was asked for by "commit and quit" (`thenQuit`).
    private func resolveConflicts(_ answer: Character, thenQuit: Bool) -> Outcome {
        prompt.current = nil
        if state.top.isPage(.conflicts) {
            state.screens.removeLast()
        }
        let committed: Bool
        switch answer {
        case "t": committed = commitEdits(policy: .keepTheirs)
        case "o": committed = commitEdits(policy: .overwrite)
        default:
            committed = false
            say(.info("commit cancelled: \(Self.changes(pendingEditCount)) still pending"))
        }
        if committed {
            closePendingScreen()
            return thenQuit ? .quit : .redraw
        }
        return .redraw
    }

    /// Answers the question about quitting with pending changes: `c` commits and quits, `r`
    /// reverts and quits, Esc stays.
    private func answerQuit(_ answer: Character) -> Outcome {
        prompt.current = nil
        switch answer {
        case "c":
            // Conflicts ask first; the commit their answer makes still quits.
            guard commitEdits(policy: .cancel, thenQuit: true) else {
                return .redraw
            }
            return .quit
        case "r":
            staging.edits = [:]
            return .quit
        default:
            say(.info("\(Self.changes(pendingEditCount)) pending: w commits, U reverts"))
            return .redraw
        }
    }

    /// Answers the question about quitting with the prompt's transaction open: `c` commits it,
    /// `r` rolls it back, then quitting goes on (asking about staged changes, if any); Esc stays.
    private func answerQuitWithTransaction(_ answer: Character) -> Outcome {
        prompt.current = nil
        guard answer == "c" || answer == "r" else {
            say(.info("the transaction stays open: COMMIT or ROLLBACK at the SQL prompt (e)"))
            return .redraw
        }
        do {
            _ = try database.runStatement(answer == "c" ? "COMMIT" : "ROLLBACK", columns: { _ in }, row: { _ in })
        } catch {
            noteTransactionState()
            say(.error((answer == "c" ? "COMMIT" : "ROLLBACK") + " failed: " + UserMessage.describe(error)))
            return .redraw
        }
        noteTransactionState()
        return quitOrAsk()
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
        if let work = pending.work {
            return cancel(work)
        }
        if prompt.current?.kind == .quitWithChanges || prompt.current?.kind == .quitWithTransaction {
            return keepAsking("answer c, r or Esc")
        }
        prompt.close()
        return quitOrAsk()
    }

    /// Quits, unless a transaction typed at the prompt is open or changes are pending: then asks
    /// whether to commit, revert (roll back) or stay, the transaction first.
    func quitOrAsk() -> Outcome {
        // A statement still sending rows stops (it holds the writer a COMMIT would need).
        pending.fillingStatement?.stop()
        if sessionTransactionOpen {
            openPrompt(.quitWithTransaction)
            return .redraw
        }
        guard pendingEditCount > 0 else {
            return .quit
        }
        openPrompt(.quitWithChanges)
        return .redraw
    }
}
