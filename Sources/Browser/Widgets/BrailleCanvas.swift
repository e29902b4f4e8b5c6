/// A canvas of braille cells (U+2800 to U+28FF): each cell holds 2 × 4 dots, so a plot has twice
/// the columns and four times the rows of the cells it takes. Each cell keeps the series (colour)
/// most of its dots belong to. Dots are addressed from the bottom left, as a plot's axes are.
///
/// ```swift
/// var canvas = BrailleCanvas(columns: 2, rows: 1)
/// canvas.set(x: 0, y: 3, series: 0)   // the top left dot of the first cell
/// canvas.set(x: 3, y: 0, series: 1)   // the bottom right dot of the second
/// canvas.character(column: 0, row: 0) // "⠁"
/// canvas.character(column: 1, row: 0) // "⢀"
/// ```
struct BrailleCanvas: Sendable, Equatable {
    /// Cells across.
    let columns: Int
    /// Cells down.
    let rows: Int
    /// Each cell's dots as the bits of U+2800 + bits.
    private var dots: [UInt8]
    /// How many dots of each series each cell holds, to pick its colour.
    private var seriesDots: [[UInt8: Int]]

    /// An empty canvas of `columns` × `rows` cells.
    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        dots = Array(repeating: 0, count: self.columns * self.rows)
        seriesDots = Array(repeating: [:], count: self.columns * self.rows)
    }

    /// Dots across.
    var dotColumns: Int { columns * 2 }
    /// Dots down.
    var dotRows: Int { rows * 4 }

    /// The bit of each dot in a cell, by its column (0, 1) and its row from the top (0 to 3).
    private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets the dot at `x`, `y` (from the bottom left) for `series`; nothing outside the canvas.
    mutating func set(x: Int, y: Int, series: Int) {
        guard x >= 0, x < dotColumns, y >= 0, y < dotRows else {
            return
        }
        let fromTop = dotRows - 1 - y
        let index = (fromTop / 4) * columns + x / 2
        let bit = Self.bits[x % 2][fromTop % 4]
        if dots[index] & bit == 0 {
            dots[index] |= bit
            seriesDots[index][UInt8(clamping: series), default: 0] += 1
        }
    }

    /// Sets the dots of the straight line from one dot to another (Bresenham's), for `series`.
    mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), series: Int) {
        var x = start.x
        var y = start.y
        let dx = abs(end.x - x)
        let dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1
        let stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y, series: series)
            if x == end.x && y == end.y {
                return
            }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// Whether cell `column`, `row` (from the top) has any dot.
    func hasDots(column: Int, row: Int) -> Bool {
        guard column >= 0, column < columns, row >= 0, row < rows else {
            return false
        }
        return dots[row * columns + column] != 0
    }

    /// The braille character of cell `column`, `row` (from the top); U+2800 (blank) when empty.
    func character(column: Int, row: Int) -> Character {
        guard column >= 0, column < columns, row >= 0, row < rows,
              let scalar = Unicode.Scalar(0x2800 + UInt32(dots[row * columns + column])) else {
            return "\u{2800}"
        }
        return Character(scalar)
    }

    /// The series most dots of cell `column`, `row` (from the top) belong to (the lower on a tie).
    func series(column: Int, row: Int) -> Int {
        guard column >= 0, column < columns, row >= 0, row < rows else {
            return 0
        }
        let counts = seriesDots[row * columns + column]
        return Int(counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0)
    }
}
