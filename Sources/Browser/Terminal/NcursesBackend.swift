import CNcurses
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The real terminal: a ``TerminalBackend`` drawing with ncursesw.
///
/// The only type besides ``NcursesInput`` that calls ncurses. It opens the terminal with `newterm`
/// (a failure is an error, never an `exit`), draws only the changed cells with `mvwaddwstr`, and
/// restores the terminal in ``close()``, which the owner calls with `defer`; SIGTERM, SIGHUP and
/// SIGQUIT restore it too (a C handler in the shim runs `endwin`). SIGINT (Ctrl-C) becomes a key
/// (``InterruptSignal``).
final class NcursesBackend: TerminalBackend {
    /// How many colours the terminal shows (ncurses' `COLORS`, at most 256); 0 without colours or
    /// with `NO_COLOR` set. The caller brings its colours down to these (the cells it draws say
    /// which colours and attributes; the backend knows nothing of themes).
    let colors: Int
    /// The ncurses screen.
    private let screen: OpaquePointer
    /// The window drawn on.
    private let window: UnsafeMutablePointer<WINDOW>
    /// The standard streams handed to `newterm`.
    private let output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>
    /// Colour pairs made so far, by foreground and background.
    private var pairs: [ColorPairKey: Int16] = [:]
    /// Whether colours are used.
    private let usesColor: Bool
    /// Whether ``close()`` ran.
    private var isClosed = false

    /// Opens the terminal.
    ///
    /// - Throws: ``TerminalError`` when standard input or output is not a terminal, or when
    ///   ncurses does not know the terminal type.
    init() throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(reason: "standard input and output must be a terminal (use --headless COLSxROWS)")
        }
        setlocale(LC_ALL, "")
        if let codeset = cn_codeset(), String(cString: codeset).uppercased().replacing("-", with: "") != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        let type = ProcessInfo.processInfo.environment["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? "xterm-256color"
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else {
            throw TerminalError(reason: "cannot use the standard streams")
        }
        guard let screen = newterm(type, output, input) else {
            throw TerminalError(reason: "cannot open terminal type \(type) (check TERM)")
        }
        set_term(screen)
        guard let window = cn_stdscr() else {
            endwin()
            delscreen(screen)
            throw TerminalError(reason: "ncurses gave no window")
        }
        self.screen = screen
        self.window = window
        self.output = output
        self.input = input
        cn_install_signal_handlers()
        InterruptSignal.install()
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        Self.defineShiftedKeys()
        set_escdelay(25)
        curs_set(0)
        mouseinterval(0)
        mousemask(cn_wheel_up() | cn_wheel_down() | cn_button1_pressed() | cn_button2_pressed() | cn_button3_pressed(), nil)
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        if has_colors() && !noColor && start_color() == OK {
            use_default_colors()
            usesColor = true
            colors = min(Int(cn_colors()), 256)
        } else {
            usesColor = false
            colors = 0
        }
    }

    deinit {
        close()
    }

    /// Teaches ncurses the xterm sequences of Shift with an arrow, `Home` or `End` (`ESC [ 1 ; 2 D`…)
    /// that the terminal's description leaves out (`TERM=screen` under tmux, which sends them all
    /// the same), so that they arrive as keys and not as Esc followed by text. Call once the
    /// keypad is on.
    private static func defineShiftedKeys() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[1;2A", KEY_SR), ("\u{1B}[1;2B", KEY_SF), ("\u{1B}[1;2C", KEY_SRIGHT), ("\u{1B}[1;2D", KEY_SLEFT),
            ("\u{1B}[1;2H", KEY_SHOME), ("\u{1B}[1;2F", KEY_SEND),
        ]
        for (sequence, code) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// Restores the terminal; safe to call more than once.
    func close() {
        guard !isClosed else {
            return
        }
        isClosed = true
        endwin()
        delscreen(screen)
        cn_reset_signal_handlers()
        fflush(output)
    }

    /// The terminal size.
    var size: (columns: Int, rows: Int) {
        (Int(cn_cols()), Int(cn_lines()))
    }

    /// Draws each changed cell in its style.
    func draw(_ changes: [CellChange], buffer: ScreenBuffer) {
        var current: Style?
        for change in changes {
            if change.cell.style != current {
                apply(change.cell.style)
                current = change.cell.style
            }
            var characters = change.cell.symbol.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            characters.append(0)
            _ = mvwaddwstr(window, Int32(change.y), Int32(change.x), characters)
        }
        wattr_set(window, cn_a_normal(), 0, nil)
    }

    /// Moves and shows or hides the hardware cursor.
    func setCursor(x: Int, y: Int, visible: Bool) {
        curs_set(visible ? 1 : 0)
        wmove(window, Int32(y), Int32(x))
    }

    /// Blanks the screen and makes the next refresh repaint all of it.
    func clear() {
        werase(window)
        clearok(window, true)
    }

    /// Shows what was drawn.
    func flush() {
        wrefresh(window)
    }

    /// Writes the OSC 52 sequence for `text` to the terminal, after what ncurses has drawn.
    func copyToClipboard(_ text: String) {
        fputs(ClipboardSequence.osc52(text), output)
        fflush(output)
    }

    /// Saves the program mode and leaves it (`def_prog_mode`, `endwin`): the terminal is as the
    /// shell had it, for an editor.
    func suspend() {
        def_prog_mode()
        endwin()
        fflush(output)
    }

    /// Restores the program mode saved by ``suspend()`` (`reset_prog_mode`) and repaints.
    func resume() {
        reset_prog_mode()
        clearok(window, true)
        wrefresh(window)
    }

    // MARK: - Private

    /// Sets the window's attributes and colour pair for `style`.
    private func apply(_ style: Style) {
        var attributes = cn_a_normal()
        let map: [(Attributes, attr_t)] = [
            (.bold, cn_a_bold()), (.dim, cn_a_dim()), (.italic, cn_a_italic()), (.underline, cn_a_underline()),
            (.reverse, cn_a_reverse()),
        ]
        for (attribute, value) in map where style.attributes.contains(attribute) {
            attributes |= value
        }
        wattr_set(window, attributes, usesColor ? pair(style.foreground, style.background) : 0, nil)
    }

    /// The colour pair for two colours, made on first use (pair 0 when they run out).
    private func pair(_ foreground: Color, _ background: Color) -> Int16 {
        let key = ColorPairKey(foreground: number(of: foreground), background: number(of: background))
        if key.foreground == -1 && key.background == -1 {
            return 0
        }
        if let existing = pairs[key] {
            return existing
        }
        let next = pairs.count + 1
        guard next < min(Int(cn_color_pairs()), Int(Int16.max)) else {
            return 0
        }
        init_pair(Int16(next), key.foreground, key.background)
        pairs[key] = Int16(next)
        return Int16(next)
    }

    /// The ncurses colour number of `color` (-1 for the terminal's default).
    private func number(of color: Color) -> Int16 {
        let colors = Int(cn_colors())
        switch color {
        case .default:
            return -1
        case .ansi(let index):
            return Int16(colors >= 16 ? Int(index) : Int(index) % 8)
        case .indexed(let index):
            return Int16(Int(index) < colors ? Int(index) : Int(index) % 8)
        case .rgb(let red, let green, let blue):
            return Int16(ColorPalette.nearestIndex(red, green, blue))
        }
    }
}

/// A foreground and background colour number: the key of an ncurses colour pair.
private struct ColorPairKey: Hashable {
    /// The foreground colour number.
    var foreground: Int16
    /// The background colour number.
    var background: Int16
}
