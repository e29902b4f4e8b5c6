import FoundationEssentials

/// Runs the browser without any terminal: renders into a ``MemoryBackend`` of a given size,
/// plays the script and returns the screens as plain text.
///
/// `<dump>` records the screen at that point and the final screen is recorded after the script;
/// both wait until background counts have finished (up to ``settleLimit``), so the output is
/// repeatable. (`<wait:MS>` only sleeps, for scripts that want to watch the work progress.)
struct HeadlessRunner {
    /// The longest the final screen waits for background counts.
    static let settleLimit: TimeInterval = 10

    /// The application.
    let app: App
    /// The screen size.
    let columns: Int, rows: Int
    /// The in-memory terminal drawn on; it also records what was copied to the clipboard.
    let backend: MemoryBackend

    /// Creates a runner for `app` on a terminal `columns` by `rows`.
    init(app: App, columns: Int, rows: Int) {
        self.app = app
        self.columns = columns
        self.rows = rows
        backend = MemoryBackend(columns: columns, rows: rows)
    }

    /// Plays `script` and returns the dumped screens followed by the final one, each as lines with
    /// trailing blanks removed.
    ///
    /// - Parameter emit: Called with each screen as soon as it is recorded (the command line
    ///   prints it at once, so a watcher sees a `<dump>` while the script goes on).
    @discardableResult
    func run(_ script: [ScriptStep], emit: ([String]) -> Void = { _ in }) -> [[String]] {
        let terminal = Terminal(backend: backend)
        app.size = (columns, rows)
        var screens: [[String]] = []
        draw(terminal)
        for step in script {
            switch step {
            case .key(let key):
                let outcome = app.handle(key)
                _ = app.tick()
                if let text = app.takeClipboard() {
                    backend.copyToClipboard(text)
                }
                if app.hasPendingExternalEdit {
                    terminal.suspended {
                        app.runPendingExternalEdit(attachedToTerminal: false)
                    }
                }
                _ = app.tick()
                draw(terminal)
                if outcome == .quit || app.quitRequested {
                    screens.append(text(of: terminal))
                    emit(screens[screens.count - 1])
                    return screens
                }
            case .wait(let milliseconds):
                pause(seconds: Double(milliseconds) / 1000)
                _ = app.tick()
                draw(terminal)
            case .dump:
                settle()
                draw(terminal)
                screens.append(text(of: terminal))
                emit(screens[screens.count - 1])
            }
            if app.quitRequested {
                screens.append(text(of: terminal))
                emit(screens[screens.count - 1])
                return screens
            }
        }
        settle()
        draw(terminal)
        screens.append(text(of: terminal))
        emit(screens[screens.count - 1])
        return screens
    }

    /// Waits (up to ``settleLimit``) for background counts to finish, so screens are repeatable.
    private func settle() {
        let deadline = Date().addingTimeInterval(Self.settleLimit)
        // A tick can start new work (a refresh after committed changes recounts): settle again.
        repeat {
            while app.hasBackgroundWork && !app.hasWorkToCollect && Date() < deadline {
                pause(seconds: 0.01)
            }
            _ = app.tick()
            if let text = app.takeClipboard() {
                backend.copyToClipboard(text)
            }
            if app.hasPendingExternalEdit {
                app.runPendingExternalEdit(attachedToTerminal: false)
            }
        } while app.hasBackgroundWork && !app.quitRequested && Date() < deadline
    }

    /// Draws one frame.
    private func draw(_ terminal: Terminal<MemoryBackend>) {
        terminal.draw { frame in
            app.render(&frame)
        }
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
