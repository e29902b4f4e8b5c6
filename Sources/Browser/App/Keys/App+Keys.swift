/// The keys: one key's way from the runner to the screen on top (see "The path of a key press"
/// in Documentation/Architecture.md).
extension App {
    /// Handles one key: changes the state, and returns what is left for the runner to do (draw,
    /// copy, run the editor, quit…). When the key leaves work running in the background, the
    /// outcome says so (``Effect/runInBackground(label:)``). The next frame is prepared here
    /// (``prepareFrame()``), so drawing it only reads.
    func handle(_ key: Key) -> Outcome {
        let waiting = pending.work
        var outcome = react(to: key)
        prepareFrame()
        if let work = pending.work, work !== waiting {
            outcome.add(.runInBackground(label: work.label))
        }
        // Work the key started is drawn with a spinner: the tick that sees it done draws once more.
        if hasBackgroundWork {
            pending.noteBusy()
        }
        return outcome
    }

    /// Handles one key (see ``handle(_:)``).
    fileprivate func react(to key: Key) -> Outcome {
        if case .resize = key {
            return .redraw
        }
        if key == .control("c") {
            return prompts.interrupt()
        }
        if let work = pending.work {
            return waits.handleKey(key, whilePending: work)  // played as what it is when its turn comes
        }
        // Ctrl-J is a new line in the SQL editor and Enter everywhere else (a terminal may send it for Enter).
        let key = key == .control("j") && prompt.current?.kind != .sql ? Key.enter : key
        clearMessage()
        if prompt.current != nil {
            return prompts.handle(key)
        }
        if case .mouse(let event) = key {
            return MouseHandler(app: self).handle(event)
        }
        switch dispatcher.feed(key) {
        case .command(let command):
            return perform(command)
        case .pending:
            let typed = dispatcher.pending.map(\.description).joined()
            say(.info("\(typed)… (Esc cancels)"))
            return .redraw
        case .cancelled:
            return .redraw
        case .unbound:
            return notAKeyHere()
        }
    }

    /// Says that the keys just typed do nothing on this screen (nothing else happens), with a
    /// hint of where to look: `s is not a key here; ? for help`.
    func notAKeyHere() -> Outcome {
        let hint = state.top.isPage(.help) ? "q closes the help" : "? for help"
        say(.info("\(dispatcher.lastSequenceText) is not a key here; \(hint)"))
        return .redraw
    }

    /// Runs `command` on the visible screen.
    func perform(_ command: Command) -> Outcome {
        switch command {
        case .quit:
            return prompts.quitOrAsk()
        case .help:
            if state.top.isPage(.help) {
                state.screens.removeLast()  // ? again closes it
                return .redraw
            }
            state.screens.append(HelpController())
            return .redraw
        case .redraw:
            return Outcome.redraw.with(.repaint)
        case .sql:
            openPrompt(.sql)
            return .redraw
        case .commitEdits, .revertEdits, .showPending:
            return editing.performOnStagedChanges(command)
        case .switchSchema:
            prompts.askForSchema()
            return .redraw
        case .nextDatabase, .previousDatabase:
            guard databaseTab != nil else {
                say(.info("one database is open: reef A B … opens several"))
                return .redraw
            }
            return Outcome([.showDatabase(offset: command == .nextDatabase ? 1 : -1)])
        case .cancel where exports.stopClipboardCopy():
            return .redraw
        default:
            break
        }
        let screen = state.top
        return carryOut(screen.perform(command, in: screenLayout.content), of: screen)
    }
}
