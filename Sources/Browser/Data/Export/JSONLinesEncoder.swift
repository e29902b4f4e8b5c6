/// JSON lines: one object per row, one row per line (values as ``JSONRowWriter`` writes them).
///
/// ```
/// {"id":1,"name":"Ada","photo":{"$base64":"iVBORw0="},"score":null}
/// ```
struct JSONLinesEncoder: ExportEncoder {
    /// Writes each row's object.
    private let writer: JSONRowWriter

    /// Creates an encoder for `columns`.
    init(columns: [String]) {
        writer = JSONRowWriter(columns: columns)
    }

    /// Nothing before the rows.
    func header() -> String {
        ""
    }

    /// One object and its newline.
    func encode(_ row: [ExportValue]) -> String {
        writer.object(row) + "\n"
    }

    /// One object and its newline, its long values streamed.
    func parts(_ row: [ExportCell]) -> [ExportPart] {
        if let values = Self.values(of: row) {
            return [.text(encode(values))]
        }
        var parts = writer.parts(row)
        parts.append("\n")
        return parts.finished()
    }

    /// Nothing after the rows.
    func footer() -> String {
        ""
    }
}
