/// A picture of one numeric column over the rows a grid shows, in the grid's order (a
/// sparkline): one block a row, from `▁` for the smallest number shown to `█` for the largest,
/// a blank for a row whose value is not a number (NULL, text, a BLOB). Drawn on a line below the
/// grid (`zp`), with the range it spans.
///
/// ```swift
/// ColumnPicture(name: "amount", values: [.real(1), .null, .integer(4)], firstRow: 0).line
/// // "amount, rows 1–3: ▁ █  1.0 … 4"
/// ```
struct ColumnPicture: Equatable {
    /// The blocks, lowest first.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The column's name.
    let name: String
    /// The column's values in the rows shown, top to bottom.
    let values: [GridValue]
    /// The position of the first row shown.
    let firstRow: Int

    /// The numbers of ``values``, nil where a value is not a number.
    var numbers: [Double?] {
        values.map { value in
            switch value {
            case .integer(let integer): Double(integer)
            case .real(let real) where real.isFinite: real
            default: nil
            }
        }
    }

    /// One block a row (a space for a value that is not a number).
    var blocksText: String {
        let numbers = numbers
        let present = numbers.compactMap(\.self)
        guard let low = present.min(), let high = present.max() else {
            return String(repeating: " ", count: numbers.count)
        }
        return String(numbers.map { number -> Character in
            guard let number else {
                return " "
            }
            guard high > low else {
                return Self.blocks[Self.blocks.count / 2]
            }
            let step = Int(((number - low) / (high - low) * Double(Self.blocks.count - 1)).rounded())
            return Self.blocks[min(Self.blocks.count - 1, max(0, step))]
        })
    }

    /// The whole line: the column and rows pictured, the blocks, then the smallest and largest
    /// numbers shown (or that none is a number).
    var line: String {
        let rows = values.isEmpty ? "no rows" : "rows \(ListWidget.formatCount(firstRow + 1))–\(ListWidget.formatCount(firstRow + values.count))"
        let head = "\(Sanitizer.sanitize(name)), \(rows): "
        let present = values.filter { value in
            if case .integer = value { return true }
            if case .real(let real) = value { return real.isFinite }
            return false
        }
        let numbers = self.numbers.compactMap(\.self)
        guard let low = numbers.min(), let high = numbers.max(),
              let lowValue = present.first(where: { Self.number($0) == low }),
              let highValue = present.first(where: { Self.number($0) == high }) else {
            return head + "no numbers shown"
        }
        let range = CellFormatter.format(lowValue, kind: .real).text + " … " + CellFormatter.format(highValue, kind: .real).text
        return head + blocksText + "  " + range
    }

    /// Draws ``line`` in the first row of `area`, cut to its width.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        guard !area.isEmpty else {
            return
        }
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: theme[.background])
        buffer.put(TextLayout.truncate(line, toWidth: area.width), x: area.x, y: area.y, style: theme[.number], maxWidth: area.width)
    }

    /// The number a value holds, nil for anything else.
    private static func number(_ value: GridValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        default: nil
        }
    }
}
