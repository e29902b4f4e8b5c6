import FoundationEssentials
import ORMCore

/// JSON lines: one object per row, keys in column order, one row per line.
///
/// Numbers are JSON numbers (an infinite REAL, which JSON cannot write, is null), NULL is null,
/// text is a string, and a BLOB an object holding its base64, so that it is not mistaken for text.
///
/// ```
/// {"id":1,"name":"Ada","photo":{"$base64":"iVBORw0="},"score":null}
/// ```
struct JSONLinesEncoder: ExportEncoder {
    /// The column names, already written as JSON strings with their colon.
    private let keys: [String]

    /// Creates an encoder for `columns`.
    init(columns: [String]) {
        keys = columns.map { Self.string($0) + ":" }
    }

    /// Nothing before the rows.
    func header() -> String {
        ""
    }

    /// One object and its newline.
    func encode(_ row: [SQLValue]) -> String {
        var line = "{"
        for (index, value) in row.enumerated() where index < keys.count {
            if index > 0 {
                line += ","
            }
            line += keys[index] + Self.json(value)
        }
        return line + "}\n"
    }

    /// Nothing after the rows.
    func footer() -> String {
        ""
    }

    /// The JSON for a value.
    static func json(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let integer): String(integer)
        case .real(let real): real.isFinite ? String(real) : "null"
        case .text(let text): string(text)
        case .blob(let data): "{\"$base64\":\"" + data.base64EncodedString() + "\"}"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
