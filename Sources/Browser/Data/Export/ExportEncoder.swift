/// Turns rows into the text of one export format, a row at a time, so an export never holds
/// more than a page of rows.
protocol ExportEncoder: Sendable {
    /// The text before the first row (a header, `BEGIN;`), possibly empty.
    func header() -> String
    /// The text of one row, with its line ending.
    func encode(_ row: [ExportValue]) -> String
    /// One row whose long values are streamed (``ExportCell/long(_:)``): the same bytes as
    /// ``encode(_:)`` writes for the values held whole, in parts.
    func parts(_ row: [ExportCell]) -> [ExportPart]
    /// The text between two rows (`,` in a JSON array), usually empty.
    var separator: String { get }
    /// The text after the last row (`COMMIT;`), possibly empty.
    func footer() -> String
}

extension ExportEncoder {
    /// Nothing between rows.
    var separator: String {
        ""
    }
}
