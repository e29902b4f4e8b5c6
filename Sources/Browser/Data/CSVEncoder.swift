import FoundationEssentials
import ORMCore

/// Comma-separated values as RFC 4180 describes them: a header row of column names, lines ending
/// in CRLF, fields holding a comma, a quote or a line break quoted, quotes doubled.
///
/// NULL is an empty field and empty text a quoted empty field (`""`), as PostgreSQL's CSV
/// tells them apart; BLOBs are base64.
///
/// ```
/// id,name,note,nickname
/// 1,"Smith, Ann","said ""hi""",""
/// 2,Bo,,
/// ```
struct CSVEncoder: ExportEncoder {
    /// The column names.
    let columns: [String]

    /// The header row.
    func header() -> String {
        line(columns)
    }

    /// One record.
    func encode(_ row: [SQLValue]) -> String {
        row.map { $0 == .text("") ? "\"\"" : Self.quoted(Self.text($0)) }.joined(separator: ",") + "\r\n"
    }

    /// Nothing after the records.
    func footer() -> String {
        ""
    }

    /// The field text of a value, before quoting.
    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): text
        case .blob(let data): data.base64EncodedString()
        }
    }

    /// `field` quoted when it must be.
    static func quoted(_ field: String) -> String {
        let needsQuotes = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        return needsQuotes ? "\"" + field.replacing("\"", with: "\"\"") + "\"" : field
    }

    /// A record of `fields` with its CRLF.
    private func line(_ fields: [String]) -> String {
        fields.map(Self.quoted).joined(separator: ",") + "\r\n"
    }
}
