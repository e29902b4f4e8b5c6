/// Owns the screen state for a backend and sends it only what changed, ratatui's `Terminal`.
///
/// Each ``draw(_:)`` renders a fresh frame, diffs it against the previous one and passes the
/// difference to the backend. A size change or ``invalidate()`` clears the screen and repaints.
///
/// ```swift
/// let terminal = Terminal(backend: MemoryBackend(columns: 40, rows: 10))
/// terminal.draw { frame in
///     frame.buffer.put("hello", x: 0, y: 0, style: .plain)
/// }
/// ```
final class Terminal<Backend: TerminalBackend> {
    /// The backend frames are sent to.
    let backend: Backend
    /// What the backend shows now, as far as we know.
    private(set) var previous: ScreenBuffer
    /// Whether the next draw must clear the screen and repaint everything.
    private var needsFullRedraw = true

    /// Creates a terminal; the first draw clears the screen and paints everything.
    init(backend: Backend) {
        self.backend = backend
        previous = ScreenBuffer(width: backend.size.columns, height: backend.size.rows)
    }

    /// Renders one frame with `render` and sends the changed cells to the backend.
    ///
    /// - Returns: The changes that were sent.
    @discardableResult
    func draw(_ render: (inout Frame) throws -> Void) rethrows -> [CellChange] {
        let size = backend.size
        if needsFullRedraw || size.columns != previous.width || size.rows != previous.height {
            backend.clear()
            previous = ScreenBuffer(width: size.columns, height: size.rows)
            needsFullRedraw = false
        }
        var frame = Frame(buffer: ScreenBuffer(width: size.columns, height: size.rows), cursor: nil)
        try render(&frame)
        let changes = frame.buffer.diff(from: previous)
        backend.draw(changes, buffer: frame.buffer)
        if let cursor = frame.cursor {
            backend.setCursor(x: cursor.x, y: cursor.y, visible: true)
        } else {
            backend.setCursor(x: 0, y: 0, visible: false)
        }
        backend.flush()
        previous = frame.buffer
        return changes
    }

    /// Runs `body` (another program using the terminal) with the terminal suspended, then takes it
    /// back and repaints everything on the next draw, since `body` left the screen unknown.
    func suspended<T>(_ body: () throws -> T) rethrows -> T {
        backend.suspend()
        defer {
            backend.resume()
            invalidate()
        }
        return try body()
    }

    /// Forgets what the screen shows, so the next draw clears it and repaints everything.
    func invalidate() {
        needsFullRedraw = true
    }
}
