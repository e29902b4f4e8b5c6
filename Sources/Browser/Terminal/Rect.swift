/// A rectangle of screen cells: the area a widget draws into.
///
/// Sizes are never negative: helpers that would shrink a rectangle below zero give an empty one.
struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The leftmost column.
    var x: Int
    /// The top row.
    var y: Int
    /// The number of columns.
    var width: Int
    /// The number of rows.
    var height: Int

    /// Creates a rectangle; negative sizes are clamped to zero.
    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the rectangle.
    var right: Int { x + width }
    /// The row just below the rectangle.
    var bottom: Int { y + height }
    /// Whether the rectangle covers no cell.
    var isEmpty: Bool { width == 0 || height == 0 }
    /// Debug text such as `Rect(1,2 10x3)`.
    var description: String { "Rect(\(x),\(y) \(width)x\(height))" }

    /// Whether the cell at (`x`, `y`) lies inside.
    func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < right && y >= self.y && y < bottom
    }

    /// The cells both rectangles cover (empty, at our origin, when they do not overlap).
    func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let width = min(right, other.right) - left
        let height = min(bottom, other.bottom) - top
        guard width > 0, height > 0 else {
            return Rect(x: x, y: y, width: 0, height: 0)
        }
        return Rect(x: left, y: top, width: width, height: height)
    }

    /// The rectangle shrunk by `amount` on every side.
    func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// The rectangle shrunk by the given margins (never below an empty size).
    func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let width = max(0, self.width - left - right)
        let height = max(0, self.height - top - bottom)
        return Rect(x: x + min(left, self.width), y: y + min(top, self.height), width: width, height: height)
    }

    /// Splits off the top `rows` rows (clamped to the height): `(top, rest)`.
    func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: taken),
                Rect(x: x, y: y + taken, width: width, height: height - taken))
    }

    /// Splits off the bottom `rows` rows (clamped to the height): `(rest, bottom)`.
    func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - taken),
                Rect(x: x, y: bottom - taken, width: width, height: taken))
    }

    /// Splits off the left `columns` columns (clamped to the width): `(left, rest)`.
    func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: taken, height: height),
                Rect(x: x + taken, y: y, width: width - taken, height: height))
    }

    /// Splits off the right `columns` columns (clamped to the width): `(rest, right)`.
    func splitRight(_ columns: Int) -> (rest: Rect, right: Rect) {
        let taken = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: width - taken, height: height),
                Rect(x: right - taken, y: y, width: taken, height: height))
    }

    /// The rectangle cut into horizontal bands of the given heights, top to bottom.
    ///
    /// Bands past the bottom come out empty; rows left over are not returned.
    func rows(heights: [Int]) -> [Rect] {
        var rest = self
        return heights.map { height in
            let (band, remainder) = rest.splitTop(height)
            rest = remainder
            return band
        }
    }

    /// The rectangle cut into vertical strips of the given widths, left to right.
    ///
    /// Strips past the right edge come out empty; columns left over are not returned.
    func columns(widths: [Int]) -> [Rect] {
        var rest = self
        return widths.map { width in
            let (strip, remainder) = rest.splitLeft(width)
            rest = remainder
            return strip
        }
    }
}
