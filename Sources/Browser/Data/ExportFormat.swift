/// A file format the current view can be exported to, chosen by the file's extension.
enum ExportFormat: String, CaseIterable, Sendable {
    /// Comma-separated values (RFC 4180), with a header row: `.csv`.
    case csv
    /// One JSON object per line: `.jsonl` (also `.ndjson`).
    case jsonLines
    /// `INSERT` statements in a transaction: `.sql`.
    case sqlInserts

    /// The format for `path`'s extension (case-insensitive), nil for any other.
    init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return nil
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        case "sql": self = .sqlInserts
        default: return nil
        }
    }

    /// The extensions understood, for messages.
    static let extensions = ".csv, .jsonl or .sql"

    /// The encoder for a view with `columns`; `table` names the table in `INSERT` statements, which
    /// leave out the `generated` columns.
    func encoder(table: String, columns: [String], generated: Set<String> = []) -> any ExportEncoder {
        switch self {
        case .csv: CSVEncoder(columns: columns)
        case .jsonLines: JSONLinesEncoder(columns: columns)
        case .sqlInserts: SQLInsertEncoder(table: table, columns: columns, leavingOut: generated)
        }
    }
}
