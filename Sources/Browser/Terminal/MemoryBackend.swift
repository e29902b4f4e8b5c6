/// A ``TerminalBackend`` that draws into memory, for tests and headless runs.
///
/// It applies the changes exactly as a terminal would, so comparing ``screen`` with the frame
/// that was rendered checks that the diff sent to the backend is complete.
final class MemoryBackend: TerminalBackend {
    /// What the "terminal" shows now.
    private(set) var screen: ScreenBuffer
    /// Where the cursor was last put, and whether it is visible.
    private(set) var cursor: (x: Int, y: Int, visible: Bool) = (0, 0, false)
    /// The changes received by the last `draw`.
    private(set) var lastChanges: [CellChange] = []
    /// How many times `draw`, `clear` and `flush` were called.
    private(set) var drawCount = 0, clearCount = 0, flushCount = 0
    /// How many times the terminal was suspended and resumed.
    private(set) var suspendCount = 0, resumeCount = 0
    /// The texts sent to the clipboard, oldest first.
    private(set) var clipboard: [String] = []
    /// The escape sequences a real terminal would have been sent for them.
    private(set) var clipboardOutput = ""

    /// Creates a blank screen of the given size.
    init(columns: Int, rows: Int) {
        screen = ScreenBuffer(width: columns, height: rows)
    }

    /// The screen size.
    var size: (columns: Int, rows: Int) {
        (screen.width, screen.height)
    }

    /// Simulates the user resizing the terminal window (the content becomes unknown).
    func resize(columns: Int, rows: Int) {
        screen.resize(width: columns, height: rows)
    }

    /// Applies the changes to ``screen``.
    func draw(_ changes: [CellChange], buffer: ScreenBuffer) {
        drawCount += 1
        lastChanges = changes
        for change in changes {
            screen.set(change.cell, x: change.x, y: change.y)
        }
    }

    /// Records the cursor.
    func setCursor(x: Int, y: Int, visible: Bool) {
        cursor = (x, y, visible)
    }

    /// Blanks ``screen``.
    func clear() {
        clearCount += 1
        screen.clear()
    }

    /// Counts the flush.
    func flush() {
        flushCount += 1
    }

    /// Records the text and the sequence that would copy it.
    func copyToClipboard(_ text: String) {
        clipboard.append(text)
        clipboardOutput += ClipboardSequence.osc52(text)
    }

    /// Counts the suspension.
    func suspend() {
        suspendCount += 1
    }

    /// Counts the resumption.
    func resume() {
        resumeCount += 1
    }

    /// The plain text of the screen, one string per row.
    func lines() -> [String] {
        screen.lines()
    }
}
