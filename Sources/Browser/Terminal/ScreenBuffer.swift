/// A width × height grid of ``Cell``s that widgets draw into, ratatui's `Buffer`.
///
/// All clipping happens here: text never wraps, never leaves the buffer, and a wide character is
/// never cut in half (when it does not fit it becomes spaces). Every row always holds exactly
/// `width` columns of cells, so `lines()` gives strings exactly `width` columns wide.
///
/// ```swift
/// var buffer = ScreenBuffer(width: 10, height: 1)
/// buffer.put("漢字abc", x: 0, y: 0, style: .plain)  // returns 7
/// buffer.lines()                                   // ["漢字abc   "]
/// ```
struct ScreenBuffer: Hashable, Sendable {
    /// The number of columns.
    private(set) var width: Int
    /// The number of rows.
    private(set) var height: Int
    /// The cells, row by row.
    private(set) var cells: [Cell]

    /// Creates a buffer of blank cells in `style`; negative sizes are treated as zero.
    init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// The whole buffer as a rectangle at the origin.
    var area: Rect {
        Rect(x: 0, y: 0, width: width, height: height)
    }

    /// The cell at (`x`, `y`), or nil outside the buffer.
    func cell(x: Int, y: Int) -> Cell? {
        guard x >= 0, x < width, y >= 0, y < height else {
            return nil
        }
        return cells[y * width + x]
    }

    // MARK: - Writing

    /// Writes `text` (sanitised first) on row `y` from column `x`, clipped to the buffer and to
    /// `maxWidth` columns; returns the number of columns written.
    ///
    /// A character that does not fit entirely is replaced by spaces up to the limit and writing
    /// stops there: nothing wraps. Zero-width clusters join the cell written just before them and
    /// are dropped when nothing was written before them. Writing over part of a wide character
    /// turns the rest of it into spaces.
    ///
    /// - Parameters:
    ///   - text: Any text; control characters are shown as ``Sanitizer`` notation.
    ///   - x: The first column; nothing is written when it lies outside the buffer.
    ///   - y: The row; nothing is written when it lies outside the buffer.
    ///   - style: The style of every written cell.
    ///   - maxWidth: The most columns to use; nil for up to the right edge.
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: Style, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else {
            return 0
        }
        let limit = min(width - x, maxWidth ?? Int.max)
        guard limit > 0 else {
            return 0
        }
        var used = 0
        var lastHead: Int?
        for character in Sanitizer.sanitize(text) {
            let characterWidth = TextWidth.of(character)
            if characterWidth == 0 {
                if let head = lastHead {
                    cells[y * width + head].symbol.append(character)
                }
                continue
            }
            if used + characterWidth > limit {
                while used < limit {
                    place(" ", width: 1, x: x + used, y: y, style: style)
                    used += 1
                }
                break
            }
            place(String(character), width: characterWidth, x: x + used, y: y, style: style)
            lastHead = x + used
            used += characterWidth
        }
        return used
    }

    /// Draws `cell` with its top-left at (`x`, `y`), as a backend receiving a ``CellChange`` does.
    ///
    /// A continuation cell or one that would cross the right edge is ignored.
    mutating func set(_ cell: Cell, x: Int, y: Int) {
        let cellWidth = cell.width
        guard !cell.isContinuation, cellWidth > 0, y >= 0, y < height, x >= 0, x + cellWidth <= width else {
            return
        }
        place(cell.symbol, width: cellWidth, x: x, y: y, style: cell.style)
    }

    /// Blanks every cell of `rect` (clipped to the buffer) with spaces in `style`.
    mutating func fill(_ rect: Rect, style: Style) {
        let target = rect.intersection(area)
        for y in target.y..<target.bottom {
            for x in target.x..<target.right {
                place(" ", width: 1, x: x, y: y, style: style)
            }
        }
    }

    /// Replaces the style of every cell of `rect`, keeping the text.
    mutating func setStyle(_ rect: Rect, style: Style) {
        updateStyles(in: rect) { _ in style }
    }

    /// Lays `style` over the style of every cell of `rect` (see ``Style/patched(with:)``).
    mutating func patchStyle(_ rect: Rect, style: Style) {
        updateStyles(in: rect) { $0.patched(with: style) }
    }

    /// Blanks the whole buffer in `style`.
    mutating func clear(style: Style = .plain) {
        cells = Array(repeating: .blank(style), count: width * height)
    }

    /// Changes the size, keeping the top-left content; new cells are blank and a wide character
    /// cut by the new right edge becomes a space.
    mutating func resize(width newWidth: Int, height newHeight: Int) {
        var resized = ScreenBuffer(width: newWidth, height: newHeight)
        for y in 0..<min(height, resized.height) {
            for x in 0..<min(width, resized.width) {
                let cell = cells[y * width + x]
                if !cell.isContinuation && x + cell.width > resized.width {
                    resized.cells[y * resized.width + x] = .blank(cell.style)
                } else {
                    resized.cells[y * resized.width + x] = cell
                }
            }
        }
        self = resized
    }

    // MARK: - Reading

    /// The plain text of each row, exactly `width` columns wide (trailing spaces kept).
    func lines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !cells[y * width + x].isContinuation {
                line += cells[y * width + x].symbol
            }
            return line
        }
    }

    /// The cells that differ from `previous`, row by row, left to right.
    ///
    /// A changed wide character is reported once, at its first cell. When the sizes differ every
    /// non-continuation cell is reported.
    func diff(from previous: ScreenBuffer) -> [CellChange] {
        let sameSize = previous.width == width && previous.height == height
        var changes: [CellChange] = []
        for y in 0..<height {
            var lastReported = -1
            for x in 0..<width {
                let index = y * width + x
                if sameSize && cells[index] == previous.cells[index] {
                    continue
                }
                var head = x
                while head > 0 && cells[y * width + head].isContinuation {
                    head -= 1
                }
                let headCell = cells[y * width + head]
                if head > lastReported && !headCell.isContinuation {
                    changes.append(CellChange(x: head, y: y, cell: headCell))
                    lastReported = head
                }
            }
        }
        return changes
    }

    // MARK: - Private

    /// Writes a cluster `clusterWidth` columns wide at (`x`, `y`), which must fit, repairing any
    /// wide character it partly covers.
    private mutating func place(_ symbol: String, width clusterWidth: Int, x: Int, y: Int, style: Style) {
        let row = y * width
        // A wide character starting left of x loses its head: blank what is left of it.
        if cells[row + x].isContinuation {
            var head = x - 1
            while head >= 0 && cells[row + head].isContinuation {
                head -= 1
            }
            for column in max(head, 0)..<x {
                cells[row + column] = .blank(cells[row + column].style)
            }
        }
        // A wide character whose head we overwrite loses its tail: blank it.
        var tail = x + clusterWidth
        while tail < width && cells[row + tail].isContinuation {
            cells[row + tail] = .blank(cells[row + tail].style)
            tail += 1
        }
        cells[row + x] = Cell(symbol: symbol, style: style, isContinuation: false)
        for column in (x + 1)..<(x + clusterWidth) {
            cells[row + column] = .continuation(style)
        }
    }

    /// Applies `transform` to the style of every cell of `rect` clipped to the buffer.
    private mutating func updateStyles(in rect: Rect, _ transform: (Style) -> Style) {
        let target = rect.intersection(area)
        for y in target.y..<target.bottom {
            for x in target.x..<target.right {
                cells[y * width + x].style = transform(cells[y * width + x].style)
            }
        }
    }
}
