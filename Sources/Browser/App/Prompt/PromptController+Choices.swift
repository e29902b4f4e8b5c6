import ORMCore

extension PromptController {
    /// Answers a one-key prompt: conflicts (keep theirs, overwrite, cancel), quitting with
    /// pending changes (commit, revert, stay), or a y/n question (deleting rows, reverting the
    /// staged changes, replacing a file, closing a buffer of the SQL editor).
    ///
    /// Only the answers the question names (and Esc, which says no) answer it: any other key
    /// leaves it open and says which keys do, so text typed on runs nothing.
    func choose(_ key: Key, for kind: PromptKind) -> Outcome {
        if case .mouse = key {
            return .handled
        }
        host.prompt.current?.note = nil
        let answer: Character? = switch key {
        case .escape: "\u{1B}"
        case .character(let character): Character(character.lowercased())
        default: nil
        }
        switch kind {
        case .confirmDelete, .confirmRevert, .confirmOverwrite, .confirmCloseBuffer:
            guard let answer, ["y", "n", "\u{1B}"].contains(answer) else {
                return keepAsking("answer y or n; Esc: n")
            }
            host.prompt.current = nil
            let reply: Key = answer == "y" ? .character("y") : .character("n")
            switch kind {
            case .confirmDelete(let table, let rows): host.editing.answerDelete(reply, table: table, rows: rows)
            case .confirmRevert: host.editing.answerRevert(reply)
            case .confirmOverwrite(let path): host.exports.answerOverwrite(reply, path: path)
            case .confirmCloseBuffer: answerCloseBuffer(reply)
            default: break
            }
            return .redraw
        case .resolveConflicts(let thenQuit):
            if let scroll = Self.scrollCommand(for: key), host.state.top.isPage(.conflicts) {
                // The list may be longer than the screen.
                let conflicts = host.state.top
                return host.carryOut(conflicts.perform(scroll, in: host.screenLayout.content), of: conflicts)
            }
            guard let answer, ["t", "o", "c", "\u{1B}"].contains(answer) else {
                return keepAsking("answer t, o or c; j k scroll")
            }
            return resolveConflicts(answer, thenQuit: thenQuit)
        case .quitWithTransaction(let question):
            guard let answer, ["c", "r", "\u{1B}"].contains(answer) else {
                return keepAsking("answer c, r or Esc")
            }
            return answerQuitWithTransaction(answer, question)
        case .quitWithChanges(let question):
            guard let answer, ["c", "r", "\u{1B}"].contains(answer) else {
                return keepAsking("answer c, r or Esc")
            }
            return answerQuit(answer, question)
        default:
            return .handled
        }
    }

    /// Leaves the one-key question open, saying before it which keys answer it.
    private func keepAsking(_ keys: String) -> Outcome {
        host.prompt.current?.note = keys
        return .redraw
    }

    /// Answers the conflicts: `t` keeps theirs, `o` overwrites, `c` or Esc cancels the commit. A
    /// commit made quits (or closes the database) when it was asked for by "commit and quit"
    /// (`thenQuit`).
    private func resolveConflicts(_ answer: Character, thenQuit: QuitQuestion?) -> Outcome {
        host.prompt.current = nil
        if host.state.top.isPage(.conflicts) {
            host.state.screens.removeLast()
        }
        let committed: Bool
        switch answer {
        case "t": committed = host.editing.commitEdits(policy: .keepTheirs)
        case "o": committed = host.editing.commitEdits(policy: .overwrite)
        default:
            committed = false
            host.say(.info("commit cancelled: \(Editing.changes(host.editing.pendingEditCount)) still pending"))
        }
        if committed {
            host.editing.closePendingScreen()
            return thenQuit?.ending ?? .redraw
        }
        return .redraw
    }

    /// Answers the question about quitting (or closing the database) with pending changes: `c`
    /// commits and quits, `r` reverts and quits, Esc stays.
    private func answerQuit(_ answer: Character, _ question: QuitQuestion) -> Outcome {
        host.prompt.current = nil
        switch answer {
        case "c":
            // Conflicts ask first; the commit their answer makes still quits.
            guard host.editing.commitEdits(policy: .cancel, thenQuit: question) else {
                return .redraw
            }
            return question.ending
        case "r":
            host.editing.staging.edits = [:]
            return question.ending
        default:
            host.say(.info("\(Editing.changes(host.editing.pendingEditCount)) pending: w commits, U reverts"))
            return .redraw
        }
    }

    /// Answers the question about quitting (or closing the database) with the prompt's transaction
    /// open: `c` commits it, `r` rolls it back, then quitting goes on (asking about staged
    /// changes, if any); Esc stays.
    private func answerQuitWithTransaction(_ answer: Character, _ question: QuitQuestion) -> Outcome {
        host.prompt.current = nil
        guard answer == "c" || answer == "r" else {
            host.say(.info("the transaction stays open: COMMIT or ROLLBACK at the SQL prompt (e)"))
            return .redraw
        }
        do {
            _ = try host.database.runStatement(answer == "c" ? "COMMIT" : "ROLLBACK", columns: { _ in }, row: { _ in })
        } catch {
            statements.noteTransactionState()
            host.say(.error((answer == "c" ? "COMMIT" : "ROLLBACK") + " failed: " + UserMessage.describe(error)))
            return .redraw
        }
        statements.noteTransactionState()
        return quitOrAsk(closing: question.closing)
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
        if let work = host.pending.work {
            return host.waits.cancel(work)
        }
        switch host.prompt.current?.kind {
        case .quitWithChanges, .quitWithTransaction:
            return keepAsking("answer c, r or Esc")
        default:
            break
        }
        host.prompt.close()
        return quitOrAsk()
    }

    /// Quits, unless a transaction typed at the prompt is open or changes are pending: then asks
    /// whether to commit, revert (roll back) or stay, the transaction first. `closing`: the answer
    /// closes only this database (``Effect/close(keysLeft:)``; `q` when several are open). With
    /// several open the question names the database.
    func quitOrAsk(closing: Bool = false) -> Outcome {
        let question = QuitQuestion(database: host.databaseTab?.name, closing: closing)
        // A statement still sending rows stops (it holds the writer a COMMIT would need).
        host.pending.fillingStatement?.stop()
        if host.sessionTransactionOpen {
            host.openPrompt(.quitWithTransaction(question), text: "")
            return .redraw
        }
        guard host.editing.pendingEditCount > 0 else {
            return question.ending
        }
        host.openPrompt(.quitWithChanges(question), text: "")
        return .redraw
    }
}
