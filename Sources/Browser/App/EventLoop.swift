import FoundationEssentials

/// The main loop of an interactive session, htop-style: draw if dirty, read a key with a timeout,
/// let the ``App`` act on it, and do what its ``Outcome`` says.
///
/// Keys given with `--keys`/`--script` are played first, then the terminal's keys are read. The
/// timeout is short only while background counts run, so an idle browser uses no CPU.
struct EventLoop<Backend: TerminalBackend> {
    /// How often the spinner turns while counting.
    static var tickMilliseconds: Int { 100 }

    /// The application.
    let app: App
    /// The terminal drawn on.
    let terminal: Terminal<Backend>
    /// Where keys come from.
    let input: KeyReader

    /// Runs until the user quits or the input ends.
    ///
    /// - Parameter script: Steps to play before reading the terminal (`<dump>` is ignored here).
    func run(script: [ScriptStep] = []) {
        var dirty = true
        var pending = script[...]
        while !app.quitRequested {
            if dirty {
                draw()
                dirty = false
            }
            if let step = pending.popFirst() {
                switch step {
                case .key(let key):
                    if react(to: key, dirty: &dirty) {
                        return
                    }
                case .wait(let milliseconds):
                    wait(milliseconds)
                    dirty = true
                case .dump:
                    break
                }
                continue
            }
            switch input.readKey(timeoutMilliseconds: app.wantsTicks ? Self.tickMilliseconds : nil) {
            case .key(let key):
                if react(to: key, dirty: &dirty) {
                    return
                }
            case .timeout:
                if app.tick() {
                    dirty = true
                }
                if let text = app.takeClipboard() {
                    terminal.backend.copyToClipboard(text)
                }
                if app.hasPendingExternalEdit {
                    terminal.suspended {
                        app.runPendingExternalEdit(attachedToTerminal: true)
                    }
                    dirty = true
                }
                if app.quitRequested {
                    return
                }
            case .endOfInput:
                return
            }
        }
    }

    /// Hands a key to the app; returns true to quit.
    private func react(to key: Key, dirty: inout Bool) -> Bool {
        syncSize()
        let outcome = app.handle(key)
        if let text = app.takeClipboard() {
            terminal.backend.copyToClipboard(text)
        }
        if app.quitRequested {
            return true
        }
        if app.hasPendingExternalEdit {
            terminal.suspended {
                app.runPendingExternalEdit(attachedToTerminal: true)
            }
            dirty = true
        }
        switch outcome {
        case .quit:
            return true
        case .redraw:
            dirty = true
        case .handled:
            break
        }
        if case .resize = key {
            terminal.invalidate()
        }
        return false
    }

    /// Sleeps `milliseconds`, redrawing as the spinner turns.
    private func wait(_ milliseconds: Int) {
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while Date() < deadline {
            pause(seconds: min(Double(Self.tickMilliseconds) / 1000, max(0, deadline.timeIntervalSinceNow)))
            if app.tick() {
                draw()
            }
            if let text = app.takeClipboard() {
                terminal.backend.copyToClipboard(text)
            }
            if app.quitRequested {
                return
            }
        }
    }

    /// Draws a frame, repainting everything when the app asks for it.
    private func draw() {
        if app.needsFullRepaint {
            terminal.invalidate()
            app.needsFullRepaint = false
        }
        syncSize()
        terminal.draw { frame in
            app.render(&frame)
        }
    }

    /// Tells the app the terminal's size.
    private func syncSize() {
        app.size = (terminal.backend.size.columns, terminal.backend.size.rows)
    }
}
