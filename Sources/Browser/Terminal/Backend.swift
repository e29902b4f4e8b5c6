/// What a real or test terminal must do for ``Terminal``: ratatui's `Backend`.
///
/// Only a backend talks to the terminal; widgets draw into a ``ScreenBuffer``. The ncurses
/// backend implements this with `mvwaddwstr` for each change; ``MemoryBackend`` draws into memory.
protocol TerminalBackend {
    /// The terminal size in cells.
    var size: (columns: Int, rows: Int) { get }

    /// Draws the changed cells. `buffer` is the complete new screen, for backends that prefer it.
    ///
    /// Each change names a cell that starts a cluster; drawing a wide cluster covers the
    /// continuation cells to its right.
    func draw(_ changes: [CellChange], buffer: ScreenBuffer)

    /// Moves the hardware cursor and shows or hides it.
    func setCursor(x: Int, y: Int, visible: Bool)

    /// Blanks the whole screen in the default style (after a resize or when the screen content is
    /// unknown, for example after a suspended shell).
    func clear()

    /// Makes everything drawn so far visible.
    func flush()

    /// Puts `text` on the terminal's clipboard (OSC 52, see ``ClipboardSequence``).
    func copyToClipboard(_ text: String)

    /// Gives the terminal back in its normal mode, for another program to use (an editor).
    func suspend()

    /// Takes the terminal again after ``suspend()``, in the mode it had before.
    func resume()
}
