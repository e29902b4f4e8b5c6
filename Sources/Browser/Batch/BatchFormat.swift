/// How `reef DB --sql` writes the last statement's rows on standard output (`--format`).
///
/// The text formats are the exports' own (``ExportFormat``): values are encoded exactly as an
/// `X` export writes them. `table` is an aligned text table for people (``BatchTableWriter``).
enum BatchFormat: String, CaseIterable, Sendable {
    /// Comma-separated values with a header row (RFC 4180, CRLF line ends), as `.csv` exports.
    case csv
    /// Tab-separated values with a header line, as `.tsv` exports.
    case tsv
    /// One JSON array of objects, as `.json` exports.
    case json
    /// One JSON object per line, as `.jsonl` exports.
    case jsonl
    /// An aligned text table, control characters shown as the screens show them.
    case table

    /// The names `--format` takes, for messages: `csv, tsv, json, jsonl or table`.
    static let names = allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + (allCases.last?.rawValue ?? "")

    /// The format when `--format` is not given: `table` when standard output is a terminal
    /// (`isTerminal`), else `csv`.
    static func standard(isTerminal: Bool) -> BatchFormat {
        isTerminal ? .table : .csv
    }

    /// The writer of rows in this format, writing to `output`.
    func writer(to output: BatchOutput) -> any BatchRowWriter {
        switch self {
        case .csv: EncodedRowWriter(format: .csv, output: output)
        case .tsv: EncodedRowWriter(format: .tsv, output: output)
        case .json: EncodedRowWriter(format: .json, output: output)
        case .jsonl: EncodedRowWriter(format: .jsonLines, output: output)
        case .table: BatchTableWriter(output: output)
        }
    }
}
