/// The kinds of file reef reads as tables, told by the file's extension.
enum ImportFormat: Equatable, Sendable {
    /// Comma-separated values; the separator is sniffed (`,` `;` tab `|`).
    case csv
    /// Tab-separated values.
    case tsv
    /// JSON lines: one object a line (`.jsonl`, `.ndjson`).
    case jsonLines
    /// One JSON document: an array of objects, or one object.
    case json

    /// The format of `path` by its extension (any case), or nil for anything else (a database).
    static func of(path: String) -> ImportFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else {
            return nil
        }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "jsonl", "ndjson": return .jsonLines
        case "json": return .json
        default: return nil
        }
    }
}
