/// The SQL editor's buffers (Harlequin's tabs): several texts, one of them in the editor, each
/// with its cursor. `e` opens the current one; `Ctrl-T` adds an empty one, `PgDn` and `PgUp` go
/// to the next and previous (round), `Ctrl-D` closes one. There is always at least one.
///
/// `Esc`, `Ctrl-O` and `Ctrl-P` leave a buffer's text as it is; `Enter` runs the whole text and
/// empties it. Kept across runs per database by ``SQLBuffersFile``.
struct SQLBuffers: Equatable, Sendable {
    /// One buffer: its text and cursor, and a number that names it for this run.
    struct Buffer: Equatable, Sendable {
        /// Names the buffer for this run: a rejected statement goes back into the buffer it came from.
        var id: Int
        /// The SQL written in it.
        var text: String
        /// The cursor, in characters from the start of `text`.
        var cursor: Int
    }

    /// Which buffer of how many, for the editor's label (`SQL 2/3> `).
    struct Position: Equatable, Sendable {
        /// The buffer's number, from 1.
        var number: Int
        /// How many buffers there are.
        var count: Int

        /// The editor's label: `SQL 2/3> `.
        var label: String {
            "SQL \(number)/\(count)> "
        }
    }

    /// The buffers, in the order they were made.
    private(set) var buffers: [Buffer]
    /// The index in `buffers` of the one in the editor.
    private(set) var currentIndex: Int
    /// The id the next buffer made gets.
    private var nextID: Int

    /// One empty buffer.
    init() {
        self.init(texts: [("", 0)], current: 0)
    }

    /// The buffers holding `texts` with their cursors (clamped to the text), the one at `current`
    /// (clamped) in the editor; one empty buffer when `texts` is empty.
    init(texts: [(text: String, cursor: Int)], current: Int) {
        let kept = texts.isEmpty ? [("", 0)] : texts
        buffers = kept.enumerated().map { index, buffer in
            Buffer(id: index, text: buffer.text, cursor: min(max(0, buffer.cursor), buffer.text.count))
        }
        currentIndex = min(max(0, current), buffers.count - 1)
        nextID = buffers.count
    }

    /// The buffer in the editor.
    var current: Buffer {
        buffers[currentIndex]
    }

    /// Which buffer is in the editor, nil while there is only one (the label is then `SQL> `).
    var position: Position? {
        buffers.count > 1 ? Position(number: currentIndex + 1, count: buffers.count) : nil
    }

    /// Keeps the editor's `text` and `cursor` in the current buffer.
    mutating func update(text: String, cursor: Int) {
        buffers[currentIndex].text = text
        buffers[currentIndex].cursor = min(max(0, cursor), text.count)
    }

    /// Adds an empty buffer after the others and makes it current.
    mutating func add() {
        add(text: "", cursor: 0)
    }

    /// Makes the next buffer (`delta` 1) or the previous (-1) current, round from the last to the first.
    mutating func move(by delta: Int) {
        currentIndex = ((currentIndex + delta) % buffers.count + buffers.count) % buffers.count
    }

    /// Closes the current buffer; the one before it becomes current (the next when it was the
    /// first). Closing the only buffer empties it.
    mutating func closeCurrent() {
        guard buffers.count > 1 else {
            update(text: "", cursor: 0)
            return
        }
        buffers.remove(at: currentIndex)
        currentIndex = max(0, currentIndex - 1)
    }

    /// Makes the buffer `id` current and puts `text` in it, the cursor at `cursor`, to show a
    /// statement that came from it again (rejected, or back from its plan). When that buffer was
    /// closed, or holds other text by now, the text goes into a new buffer so nothing is lost.
    mutating func restore(_ text: String, cursor: Int, into id: Int?) {
        if let index = buffers.firstIndex(where: { $0.id == id }),
           buffers[index].text.isEmpty || buffers[index].text == text {
            currentIndex = index
            update(text: text, cursor: cursor)
            return
        }
        if current.text.isEmpty {
            update(text: text, cursor: cursor)  // an empty buffer in the editor takes it
            return
        }
        add(text: text, cursor: cursor)
    }

    /// Adds a buffer holding `text` after the others and makes it current.
    private mutating func add(text: String, cursor: Int) {
        buffers.append(Buffer(id: nextID, text: text, cursor: min(max(0, cursor), text.count)))
        nextID += 1
        currentIndex = buffers.count - 1
    }
}
