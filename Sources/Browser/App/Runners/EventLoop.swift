import FoundationEssentials

/// The main loop of an interactive session, htop-style: draw if dirty, read a key with a timeout,
/// let the ``App`` shown act on it (``OpenDatabases``), and carry out the ``Outcome`` it returns
/// (through the shared ``EffectHandler``).
///
/// Keys given with `--keys`/`--script` are played first, then the terminal's keys are read. Between
/// keys the loop ticks every ``tickMilliseconds``: counts, background work and committed changes
/// are picked up on ticks.
struct EventLoop<Backend: TerminalBackend>: EffectHost {
    /// How often the spinner turns while counting.
    static var tickMilliseconds: Int { 100 }

    /// The open databases, each with its app.
    let databases: OpenDatabases
    /// The terminal drawn on.
    let terminal: Terminal<Backend>
    /// Where keys come from.
    let input: KeyReader

    /// Runs until the user quits or the input ends.
    ///
    /// - Parameter script: Steps to play before reading the terminal (`<dump>` is ignored here).
    func run(script: [ScriptStep] = []) {
        let effects = EffectHandler(databases: databases)
        var dirty = true
        var pending = script[...]
        while true {
            if dirty {
                draw()
                dirty = false
            }
            let outcome: Outcome
            if let step = pending.popFirst() {
                switch step {
                case .key(let key):
                    outcome = react(to: key)
                case .wait(let milliseconds):
                    if wait(milliseconds, effects: effects) {
                        return
                    }
                    dirty = true
                    continue
                case .dump:
                    continue
                }
            } else {
                switch input.readKey(timeoutMilliseconds: Self.tickMilliseconds) {
                case .key(let key):
                    outcome = react(to: key)
                case .timeout:
                    outcome = databases.tick()
                case .endOfInput:
                    return
                }
            }
            let reaction = effects.apply(outcome, on: self)
            if reaction.quit {
                return
            }
            dirty = dirty || reaction.redraw
        }
    }

    /// Hands a key to the app shown.
    private func react(to key: Key) -> Outcome {
        syncSize()
        let outcome = databases.handle(key)
        if case .resize = key {
            terminal.invalidate()
        }
        return outcome
    }

    /// Sleeps `milliseconds`, redrawing as the spinner turns; says whether reef quit meanwhile.
    private func wait(_ milliseconds: Int, effects: EffectHandler) -> Bool {
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while Date() < deadline {
            pause(seconds: min(Double(Self.tickMilliseconds) / 1000, max(0, deadline.timeIntervalSinceNow)))
            let reaction = effects.apply(databases.tick(), on: self)
            if reaction.quit {
                return true
            }
            if reaction.redraw {
                draw()
            }
        }
        return false
    }

    /// Draws a frame.
    private func draw() {
        syncSize()
        terminal.draw { frame in
            databases.render(&frame)
        }
    }

    /// Tells the app shown the terminal's size.
    private func syncSize() {
        databases.resize(columns: terminal.backend.size.columns, rows: terminal.backend.size.rows)
    }

    // MARK: - EffectHost

    /// Sends `text` to the terminal's clipboard.
    func copyToClipboard(_ text: String) {
        terminal.backend.copyToClipboard(text)
    }

    /// Leaves the screen to the editor, which draws on the terminal, and takes it back after.
    func runEditor(_ body: (Bool) -> Void) {
        terminal.suspended {
            body(true)
        }
    }

    /// Repaints every cell on the next draw.
    func repaintAll() {
        terminal.invalidate()
    }
}
