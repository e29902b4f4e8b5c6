/// One JSON array of objects, one row per line (values as ``JSONRowWriter`` writes them).
///
/// ```
/// [
/// {"id":1,"name":"Ada"},
/// {"id":2,"name":"Bo"}
/// ]
/// ```
struct JSONArrayEncoder: ExportEncoder {
    /// Writes each row's object.
    private let writer: JSONRowWriter

    /// Creates an encoder for `columns`.
    init(columns: [String]) {
        writer = JSONRowWriter(columns: columns)
    }

    /// Opens the array.
    func header() -> String {
        "["
    }

    /// One object on a line of its own (the comma after it comes with the next).
    func encode(_ row: [ExportValue]) -> String {
        "\n" + writer.object(row)
    }

    /// One object on a line of its own, its long values streamed.
    func parts(_ row: [ExportCell]) -> [ExportPart] {
        if let values = Self.values(of: row) {
            return [.text(encode(values))]
        }
        var parts = ExportParts()
        parts.append("\n")
        parts.append(contentsOf: writer.parts(row))
        return parts.finished()
    }

    /// The comma between objects.
    var separator: String {
        ","
    }

    /// Closes the array.
    func footer() -> String {
        "\n]\n"
    }
}
