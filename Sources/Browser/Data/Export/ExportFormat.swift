/// A file format the current view can be exported to, chosen by the file's extension.
enum ExportFormat: String, CaseIterable, Sendable {
    /// Comma-separated values (RFC 4180), with a header row: `.csv`.
    case csv
    /// Tab-separated values, quoted as CSV is, with a header line: `.tsv` (also `.tab`).
    case tsv
    /// One JSON array of objects: `.json`.
    case json
    /// One JSON object per line: `.jsonl` (also `.ndjson`).
    case jsonLines
    /// The table's schema and `INSERT` statements in a transaction: `.sql`.
    case sqlInserts

    /// The format for `path`'s extension (case-insensitive), nil for any other.
    init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return nil
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonLines
        case "sql": self = .sqlInserts
        default: return nil
        }
    }

    /// The extensions understood, for messages.
    static let extensions = ".csv, .tsv, .json, .jsonl or .sql"

    /// The encoder for a view with `columns`; `schema` is the table a `.sql` export creates.
    func encoder(columns: [String], schema: ExportSchema?) -> any ExportEncoder {
        switch self {
        case .csv: CSVEncoder(columns: columns)
        case .tsv: CSVEncoder.tabSeparated(columns: columns)
        case .json: JSONArrayEncoder(columns: columns)
        case .jsonLines: JSONLinesEncoder(columns: columns)
        case .sqlInserts:
            SQLInsertEncoder(schema: schema ?? ExportSchema(untypedTable: "rows", columns: columns, note: "rows"),
                             columns: columns)
        }
    }
}
