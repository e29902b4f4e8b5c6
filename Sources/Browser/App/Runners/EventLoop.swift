import FoundationEssentials

/// The main loop of an interactive session, htop-style: draw if dirty, read a key with a timeout,
/// let the ``App`` act on it, and carry out the ``Outcome`` it returns (through the shared
/// ``EffectHandler``).
///
/// Keys given with `--keys`/`--script` are played first, then the terminal's keys are read. Between
/// keys the loop ticks every ``tickMilliseconds``: counts, background work and committed changes
/// are picked up on ticks.
struct EventLoop<Backend: TerminalBackend>: EffectHost {
    /// How often the spinner turns while counting.
    static var tickMilliseconds: Int { 100 }

    /// The application.
    let app: App
    /// The terminal drawn on.
    let terminal: Terminal<Backend>
    /// Where keys come from.
    let input: KeyReader

    /// Runs until the user quits or the input ends; says whether the app ended to browse another
    /// schema (``Effect/reopen(_:)``), with the steps of `script` not played yet for the next one.
    ///
    /// - Parameter script: Steps to play before reading the terminal (`<dump>` is ignored here).
    @discardableResult
    func run(script: [ScriptStep] = []) -> Reopening.Ended {
        let effects = EffectHandler(app: app)
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
                    if let ending = wait(milliseconds, effects: effects) {
                        return ended(by: ending, leaving: pending)
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
                    outcome = app.tick()
                case .endOfInput:
                    return Reopening.Ended()
                }
            }
            let reaction = effects.apply(outcome, on: self)
            if reaction.quit {
                return ended(by: reaction, leaving: pending)
            }
            dirty = dirty || reaction.redraw
        }
    }

    /// Hands a key to the app.
    private func react(to key: Key) -> Outcome {
        syncSize()
        let outcome = app.handle(key)
        if case .resize = key {
            terminal.invalidate()
        }
        return outcome
    }

    /// How the app ended by `reaction` (a quit or a reopen), with the steps `pending` left.
    private func ended(by reaction: EffectHandler.Reaction, leaving pending: ArraySlice<ScriptStep>) -> Reopening.Ended {
        guard let switched = reaction.reopen else {
            return Reopening.Ended()
        }
        return Reopening.Ended(switching: switched, rest: pending)
    }

    /// Sleeps `milliseconds`, redrawing as the spinner turns; returns the reaction that ends the
    /// app (a quit, a reopen) if one came meanwhile.
    private func wait(_ milliseconds: Int, effects: EffectHandler) -> EffectHandler.Reaction? {
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while Date() < deadline {
            pause(seconds: min(Double(Self.tickMilliseconds) / 1000, max(0, deadline.timeIntervalSinceNow)))
            let reaction = effects.apply(app.tick(), on: self)
            if reaction.quit {
                return reaction
            }
            if reaction.redraw {
                draw()
            }
        }
        return nil
    }

    /// Draws a frame.
    private func draw() {
        syncSize()
        terminal.draw { frame in
            app.render(&frame)
        }
    }

    /// Tells the app the terminal's size.
    private func syncSize() {
        app.resize(columns: terminal.backend.size.columns, rows: terminal.backend.size.rows)
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
