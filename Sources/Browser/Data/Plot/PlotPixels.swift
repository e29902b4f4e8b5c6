import ORMCore

/// A plot's rows as the database reduced them: for each pixel of a grid of ``columns`` × ``rows``
/// (0, 0 at the bottom left), how many rows fall there and which colour most of them have. Built
/// from the rows of ``PlotQuery/pixels(in:columns:rows:colours:)``, so its size is the screen's.
struct PlotPixels: Sendable, Equatable {
    /// Pixels across.
    let columns: Int
    /// Pixels down.
    let rows: Int
    /// The rows in each pixel, row by row from the bottom.
    private(set) var counts: [Int]
    /// The colour most rows of each pixel have (an index in the legend).
    private(set) var colours: [Int]
    /// How many rows each colour has, over the whole window.
    private(set) var colourTotals: [Int]
    /// How many rows the window holds.
    private(set) var total = 0

    /// An empty grid of `columns` × `rows` pixels, with `colourCount` colours (the last "other").
    init(columns: Int, rows: Int, colourCount: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        counts = Array(repeating: 0, count: self.columns * self.rows)
        colours = Array(repeating: 0, count: self.columns * self.rows)
        colourTotals = Array(repeating: 0, count: max(1, colourCount))
        perColour = Array(repeating: 0, count: self.columns * self.rows * max(1, colourCount))
    }

    /// The rows of each colour in each pixel (pixel by pixel, the colours of one together), until
    /// ``finish()`` picks each pixel's colour: as big as the screen times the colours, whatever the rows.
    private var perColour: [Int]

    /// Adds one row of the reduction: pixel `x`, `y` (one past the edge folds into the edge),
    /// colour `colour`, `count` rows.
    mutating func add(x: Int, y: Int, colour: Int, count: Int) {
        let column = min(max(0, x), columns - 1)
        let row = min(max(0, y), rows - 1)
        let index = row * columns + column
        let series = min(max(0, colour), colourTotals.count - 1)
        counts[index] += count
        total += count
        colourTotals[series] += count
        perColour[index * colourTotals.count + series] += count
    }

    /// Gives each pixel the colour most of its rows have (ties to the earlier, more frequent one).
    mutating func finish() {
        let colourCount = colourTotals.count
        for index in counts.indices where counts[index] > 0 {
            var best = 0
            for series in 0..<colourCount where perColour[index * colourCount + series] > best {
                best = perColour[index * colourCount + series]
                colours[index] = series
            }
        }
        perColour = []
    }

    /// The rows in pixel `x`, `y` (0 outside).
    func count(x: Int, y: Int) -> Int {
        guard (0..<columns).contains(x), (0..<rows).contains(y) else {
            return 0
        }
        return counts[y * columns + x]
    }

    /// The colour of pixel `x`, `y`.
    func colour(x: Int, y: Int) -> Int {
        guard (0..<columns).contains(x), (0..<rows).contains(y) else {
            return 0
        }
        return colours[y * columns + x]
    }

    /// Adds one row of the reduction: a ``PixelKey`` (`key`) and its count of rows.
    mutating func add(row: [SQLValue], key: PixelKey) {
        guard row.count >= 2, let value = row[0].plotInteger, let count = row[1].plotInteger else {
            return
        }
        let pixel = key.pixel(value)
        add(x: pixel.x, y: pixel.y, colour: pixel.colour, count: count)
    }
}

/// One integer for a pixel and a colour, as the database groups them (``PlotQuery/pixels(in:columns:rows:colours:)``):
/// `(x * (rows + 1) + y) * colours + colour`; y and x may be one past their last pixel.
struct PixelKey: Equatable {
    /// The pixels down (y runs from 0 to `rows`, one past the last on the upper edge).
    let rows: Int
    /// The colours (the last "other").
    let colours: Int

    /// What one step of x adds before the colour is mixed in.
    var rowStride: Int {
        rows + 1
    }

    /// The pixel and colour of `key`.
    func pixel(_ key: Int) -> (x: Int, y: Int, colour: Int) {
        let colour = key % colours
        let position = key / colours
        return (position / rowStride, position % rowStride, colour)
    }
}

extension SQLValue {
    /// The value as an integer, as a plot reads its pixels and counts (PostgreSQL's `bigint`
    /// arrives as an integer, a count too).
    var plotInteger: Int? {
        switch self {
        case .integer(let value): Int(value)
        case .real(let value) where value.isFinite && abs(value) < 1e15: Int(value)
        case .text(let text): Int(text)
        default: nil
        }
    }

    /// The value as a number (a `numeric` read as text on PostgreSQL too); nil for others.
    var plotDouble: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let text): Double(text)
        default: nil
        }
    }
}
