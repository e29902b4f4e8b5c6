/// Writes the rows of the last statement of `reef DB --sql` as they arrive, one at a time: no
/// writer holds more than a bounded number of rows.
protocol BatchRowWriter: AnyObject {
    /// The statement returns these columns; called once, before the first row.
    func begin(columns: [String]) throws
    /// Which of the columns hold exact decimals read as text (PostgreSQL's `numeric`), told after
    /// ``begin(columns:)``: a table aligns them as numbers; the exports' formats write the text.
    func holdDecimals(_ decimals: [Bool])
    /// One row, its values in column order.
    func write(_ row: [ExportValue]) throws
    /// The last row has been written.
    func finish() throws
}

extension BatchRowWriter {
    func holdDecimals(_ decimals: [Bool]) {}
}

/// Rows in one of the exports' text formats (``ExportFormat``), encoded by its encoder exactly
/// as an export writes them, a row at a time.
final class EncodedRowWriter: BatchRowWriter {
    /// The format written.
    private let format: ExportFormat
    /// Where the text goes.
    private let output: BatchOutput
    /// The encoder, once the columns are known.
    private var encoder: (any ExportEncoder)?
    /// Whether a row was written (the separator goes before each later one).
    private var wroteRow = false

    /// A writer of `format` to `output`.
    init(format: ExportFormat, output: BatchOutput) {
        self.format = format
        self.output = output
    }

    func begin(columns: [String]) throws {
        let encoder = format.encoder(columns: columns, schema: nil)
        self.encoder = encoder
        try output.write(encoder.header())
    }

    func write(_ row: [ExportValue]) throws {
        guard let encoder else {
            return
        }
        if wroteRow {
            try output.write(encoder.separator)
        }
        wroteRow = true
        try output.write(encoder.encode(row))
    }

    func finish() throws {
        if let encoder {
            try output.write(encoder.footer())
        }
    }
}
