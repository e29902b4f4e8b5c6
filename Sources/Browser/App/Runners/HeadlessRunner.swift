import FoundationEssentials

/// Runs the browser without any terminal: renders into a ``MemoryBackend`` of a given size,
/// plays the script and returns the screens as plain text.
///
/// `<dump>` records the screen at that point and the final screen is recorded after the script;
/// both wait until background counts have finished (up to ``settleLimit``), so the output is
/// repeatable, and until an export or a copy the script started has ended, however long it takes
/// (a script that asks for a file gets it whole). (`<wait:MS>` only sleeps, for scripts that want
/// to watch the work progress.)
struct HeadlessRunner: EffectHost {
    /// The longest a screen waits for background counts (an export or a copy is waited for to its end).
    static let settleLimit: TimeInterval = 10

    /// How long work the screen waits for (a table opening, a sort) may take before the keys after
    /// it wait their turn behind it: ten times the terminal's limit. Nobody watches a spinner here,
    /// and a script is typed at once, so on a busy machine a table that opens in a moment took
    /// past the terminal's limit and the keys after it (an Esc, a Ctrl-C) found it still opening.
    static let quickWorkMilliseconds = 10 * WaitedWork.interactiveQuickWorkMilliseconds

    /// The open databases, each with its app.
    let databases: OpenDatabases
    /// The screen size.
    let columns: Int, rows: Int
    /// The in-memory terminal drawn on; it also records what was copied to the clipboard.
    let backend: MemoryBackend
    /// The terminal over ``backend``.
    private let terminal: Terminal<MemoryBackend>

    /// How long a screen waits for background counts: ``settleLimit`` but in tests.
    let settleTime: TimeInterval

    /// Creates a runner for `app`, the one database open, on a terminal `columns` by `rows`, whose
    /// screens wait up to `settleTime` for background counts.
    init(app: App, columns: Int, rows: Int, settleTime: TimeInterval = HeadlessRunner.settleLimit) {
        self.init(databases: OpenDatabases(app: app), columns: columns, rows: rows, settleTime: settleTime)
    }

    /// Creates a runner for the open `databases` on a terminal `columns` by `rows`, whose screens
    /// wait up to `settleTime` for background counts.
    init(databases: OpenDatabases, columns: Int, rows: Int, settleTime: TimeInterval = HeadlessRunner.settleLimit) {
        self.databases = databases
        self.settleTime = settleTime
        self.columns = columns
        self.rows = rows
        backend = MemoryBackend(columns: columns, rows: rows)
        terminal = Terminal(backend: backend)
    }

    /// The app shown.
    var app: App {
        databases.current
    }

    /// What playing a script showed, and whether it ended the session.
    struct Played {
        /// The dumped screens followed by the final one, each as lines with trailing blanks removed.
        var screens: [[String]] = []
        /// Whether a key (or one that waited for background work) quit.
        var quit = false
    }

    /// Plays `script` and returns the dumped screens followed by the final one, each as lines with
    /// trailing blanks removed.
    ///
    /// - Parameter emit: Called with each screen as soon as it is recorded (the command line
    ///   prints it at once, so a watcher sees a `<dump>` while the script goes on).
    @discardableResult
    func run(_ script: [ScriptStep], emit: ([String]) -> Void = { _ in }) -> [[String]] {
        play(script, emit: emit).screens
    }

    /// Plays `script` as ``run(_:emit:)`` does, and says whether it quit.
    func play(_ script: [ScriptStep], emit: ([String]) -> Void = { _ in }) -> Played {
        let effects = EffectHandler(databases: databases)
        giveWorkTimeToEnd()
        databases.resize(columns: columns, rows: rows)
        var played = Played()
        func record(ending: EffectHandler.Reaction? = nil) -> Played {
            played.screens.append(text(of: terminal))
            played.quit = ending?.quit ?? false
            emit(played.screens[played.screens.count - 1])
            return played
        }
        draw(terminal)
        for step in script {
            switch step {
            case .key(let key):
                giveWorkTimeToEnd()  // a key may have opened another database
                var outcome = databases.handle(key)
                outcome.merge(databases.tick())
                // What the key's effects started (the editor's statement, say) is picked up at once.
                var reaction = effects.apply(outcome, on: self)
                if !reaction.quit {
                    reaction = effects.apply(databases.tick(), on: self)
                }
                draw(terminal)
                if reaction.quit {
                    return record(ending: reaction)
                }
            case .wait(let milliseconds):
                pause(seconds: Double(milliseconds) / 1000)
                let reaction = effects.apply(databases.tick(), on: self)
                draw(terminal)
                if reaction.quit {
                    return record(ending: reaction)
                }
            case .dump:
                let reaction = settle(effects)
                draw(terminal)
                let dumped = record(ending: reaction)
                if reaction.quit {
                    return dumped
                }
            }
        }
        let reaction = settle(effects)
        draw(terminal)
        return record(ending: reaction)
    }

    /// Waits (up to ``settleTime``) for background counts to finish, so screens are repeatable,
    /// and for an export or a copy to its end; returns the reaction to what completed meanwhile
    /// (keys that waited for pending work) when it ends the app, else one that does not.
    private func settle(_ effects: EffectHandler) -> EffectHandler.Reaction {
        let deadline = Date().addingTimeInterval(settleTime)
        func waits() -> Bool {
            databases.hasBackgroundWork && (Date() < deadline || databases.isWritingOutput)
        }
        // A tick can start new work (a refresh after committed changes recounts): settle again.
        // It ends with a tick that began once everything had finished: work that ends during a
        // tick (a grid's count, after the tick shared the grids' counts with the list) is shown.
        while true {
            while waits() && !databases.hasWorkToCollect {
                pause(seconds: 0.01)
            }
            let finished = !waits()
            let reaction = effects.apply(databases.tick(), on: self)
            if reaction.quit {
                return reaction
            }
            if finished && !waits() {
                return EffectHandler.Reaction()
            }
        }
    }

    /// Has every open database's app wait ``quickWorkMilliseconds`` for work before leaving it pending.
    private func giveWorkTimeToEnd() {
        for entry in databases.entries {
            entry.app.waits.quickWorkMilliseconds = Self.quickWorkMilliseconds
        }
    }

    /// Draws one frame.
    private func draw(_ terminal: Terminal<MemoryBackend>) {
        terminal.draw { frame in
            databases.render(&frame)
        }
    }

    // MARK: - EffectHost

    /// Records `text` as copied (``MemoryBackend/clipboard``).
    func copyToClipboard(_ text: String) {
        backend.copyToClipboard(text)
    }

    /// Runs the editor without a terminal (its output is not the screen's), the screen suspended.
    func runEditor(_ body: (Bool) -> Void) {
        terminal.suspended {
            body(false)
        }
    }

    /// Repaints every cell on the next draw.
    func repaintAll() {
        terminal.invalidate()
    }

    /// The screen's lines without trailing blanks.
    private func text(of terminal: Terminal<MemoryBackend>) -> [String] {
        terminal.backend.lines().map { line in
            var trimmed = line
            while trimmed.last == " " {
                trimmed.removeLast()
            }
            return trimmed
        }
    }
}
