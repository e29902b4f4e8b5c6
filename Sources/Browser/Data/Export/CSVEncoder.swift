import FoundationEssentials
import ORMCore

/// Comma-separated values as RFC 4180 describes them: a header row of column names, lines ending
/// in CRLF, fields holding a comma, a quote or a line break quoted, quotes doubled. With a tab
/// for the comma and `\n` line ends it writes TSV the way spreadsheets, Python's `excel-tab`
/// dialect and reef's own import read it (``tabSeparated(columns:)``).
///
/// Every value reads back exactly, by these rules:
/// - NULL is an empty field; empty text a quoted empty field (`""`), as PostgreSQL's CSV tells
///   them apart; an empty BLOB is `\x`.
/// - BLOBs are `\x` and their bytes in hex (`\x89504e47`), as PostgreSQL writes a `bytea` and its
///   `COPY … CSV` reads one back; reals have a `.` or an exponent (`2.0`, `1e-05`), infinities are
///   `1e999` and `-1e999`.
/// - Text is written as it is, except text whose bytes are not valid UTF-8 or that holds a NUL
///   (which CSV readers refuse), written `\x` and the bytes in hex (`\xc328`), and text that itself
///   starts with backslashes and an `x`, which gets one more backslash (`\x41` is written
///   `\\x41`). A reader undoes it: a field starting `\x` is bytes in hex (a column of nothing
///   else is a BLOB column, as a column of blobs was; elsewhere they are text); one starting with
///   two or more backslashes and an `x` loses one backslash.
///
/// ```
/// id,name,note,nickname
/// 1,"Smith, Ann","said ""hi""",""
/// 2,Bo,,
/// ```
struct CSVEncoder: ExportEncoder {
    /// The column names.
    let columns: [String]
    /// Between fields: `,` (or a tab).
    var separator: Unicode.Scalar = ","
    /// After each record: CRLF (or `\n`).
    var lineEnding = "\r\n"

    /// TSV: a tab between fields, `\n` after each record, quoting as in CSV.
    static func tabSeparated(columns: [String]) -> CSVEncoder {
        CSVEncoder(columns: columns, separator: "\t", lineEnding: "\n")
    }

    /// The header row.
    func header() -> String {
        columns.map { quoted($0) }.joined(separator: String(separator)) + lineEnding
    }

    /// One record.
    func encode(_ row: [ExportValue]) -> String {
        row.map(field).joined(separator: String(separator)) + lineEnding
    }

    /// One record, its long values streamed.
    func parts(_ row: [ExportCell]) -> [ExportPart] {
        if let values = Self.values(of: row) {
            return [.text(encode(values))]
        }
        var parts = ExportParts()
        for (index, cell) in row.enumerated() {
            if index > 0 {
                parts.append(String(separator))
            }
            switch cell {
            case .value(let value): parts.append(field(value))
            // The separator is ASCII (a comma or a tab).
            case .long(let long): parts.append(long, .csv(separator: UInt8(truncatingIfNeeded: separator.value)))
            }
        }
        parts.append(lineEnding)
        return parts.finished()
    }

    /// Nothing after the records.
    func footer() -> String {
        ""
    }

    /// The field for a value, quoted when it must be.
    func field(_ value: ExportValue) -> String {
        switch value {
        case .null: ""
        case .integer(let integer): String(integer)
        case .boolean(let boolean): boolean ? "true" : "false"
        case .real(let real): ExportValue.decimal(real)
        case .text(let text) where text.isEmpty: "\"\""
        case .text(let text) where text.utf8.contains(0): "\\x" + Hex.encode(text.utf8)
        case .text(let text): quoted(Self.escapingBackslashX(text))
        case .undecodableText(let bytes): "\\x" + Hex.encode(bytes)
        case .blob(let data): "\\x" + Hex.encode(data)
        }
    }

    /// `field` quoted when it must be: when it holds the separator, a quote or a line break.
    func quoted(_ field: String) -> String {
        let needsQuotes = field.unicodeScalars.contains { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else {
            return field
        }
        var result = "\""
        // By scalar: a quote followed by a combining mark is one Character.
        for scalar in field.unicodeScalars {
            result.unicodeScalars.append(scalar)
            if scalar == "\"" {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` with one more backslash in front when it starts with backslashes and an `x`, so that
    /// it is not read as bytes in hex.
    static func escapingBackslashX(_ text: String) -> String {
        let afterBackslashes = text.utf8.drop { $0 == UInt8(ascii: "\\") }
        guard afterBackslashes.count < text.utf8.count, afterBackslashes.first == UInt8(ascii: "x") else {
            return text
        }
        return "\\" + text
    }
}
