import FoundationEssentials
import ORMCore

/// The last statement's rows as an aligned text table, for people at a terminal
/// (`--format table`): a header, a rule, then a line a row, columns two spaces apart.
///
/// Values are shown as the screens show them, never cut: control and escape characters in
/// visible notation (``Sanitizer``: a line break is `↵`, an escape `^[`), so no value can move
/// the cursor or retitle the terminal; NULL is `∅`; a BLOB is `\x` and its bytes in hex. The
/// widths are measured on the first ``sampleSize`` rows, held until then; a longer value after
/// them widens its own line only, so memory stays bounded however many rows come.
///
/// ```
/// id  name
/// --  -----
///  1  Ada
///  2  Bo ↵ Jo
/// ```
final class BatchTableWriter: BatchRowWriter {
    /// The rows held to measure the columns before the first line is written.
    static let sampleSize = 1_000

    /// Where the text goes.
    private let output: BatchOutput
    /// The column names, sanitised.
    private var header: [String] = []
    /// The rows held until the widths are known, as shown (text and whether it is a number).
    private var held: [[(text: String, isNumber: Bool)]] = []
    /// The columns' widths, once measured.
    private var widths: [Int]?
    /// Which columns hold exact decimals read as text, aligned as numbers.
    private var decimals: [Bool] = []

    /// A table written to `output`.
    init(output: BatchOutput) {
        self.output = output
    }

    func begin(columns: [String]) throws {
        header = columns.map(Sanitizer.sanitize)
    }

    func holdDecimals(_ decimals: [Bool]) {
        self.decimals = decimals
    }

    func write(_ row: [ExportValue]) throws {
        let cells = row.indices.map { index in
            let value = row[index]
            let isDecimal = index < decimals.count && decimals[index]
            return (text: Self.text(of: value), isNumber: Self.isNumber(value) || (isDecimal && Self.isText(value)))
        }
        if let widths {
            try output.write(Self.line(cells, widths: widths))
            return
        }
        held.append(cells)
        if held.count >= Self.sampleSize {
            try writeHeld()
        }
    }

    func finish() throws {
        if widths == nil {
            try writeHeld()
        }
    }

    /// Measures the held rows and the header, writes them and lets go of the rows.
    private func writeHeld() throws {
        var widths = header.map { TextWidth.of($0) }
        for row in held {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TextWidth.of(cell.text))
            }
        }
        self.widths = widths
        try output.write(Self.line(header.map { ($0, false) }, widths: widths))
        try output.write(Self.line(widths.map { (String(repeating: "-", count: max(1, $0)), false) }, widths: widths))
        for row in held {
            try output.write(Self.line(row, widths: widths))
        }
        held = []
    }

    /// One line: numbers right-aligned, the rest left-aligned, no blanks at its end.
    private static func line(_ cells: [(text: String, isNumber: Bool)], widths: [Int]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let width = index < widths.count ? widths[index] : 0
            if index > 0 {
                line += "  "
            }
            line += cell.isNumber ? TextLayout.padLeft(cell.text, toWidth: width) : TextLayout.padRight(cell.text, toWidth: width)
        }
        while line.last == " " {
            line.removeLast()
        }
        return line + "\n"
    }

    /// A value as the table shows it, whole.
    static func text(of value: ExportValue) -> String {
        switch value {
        case .null: CellFormatter.nullMarker
        case .integer(let integer): String(integer)
        case .boolean(let boolean): boolean ? "true" : "false"
        case .real(let real): ExportValue.decimal(real)
        case .text(let text): Sanitizer.sanitize(text)
        case .undecodableText(let bytes): Sanitizer.sanitize(String(decoding: bytes, as: UTF8.self))
        case .blob(let data): "\\x" + Hex.encode(data)
        }
    }

    /// Whether the value is text (a decimal column's digits, or its `NaN`).
    private static func isText(_ value: ExportValue) -> Bool {
        if case .text = value {
            return true
        }
        return false
    }

    /// Whether the value is right-aligned as a number.
    private static func isNumber(_ value: ExportValue) -> Bool {
        switch value {
        case .integer, .real: true
        default: false
        }
    }
}
