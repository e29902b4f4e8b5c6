import FoundationEssentials
import ORMCore

/// One row as a JSON object, keys in column order: what `.json` and `.jsonl` exports write.
///
/// Every value reads back exactly, by these rules:
/// - NULL is `null`; a PostgreSQL `boolean` is `true` or `false`; integers are JSON numbers; reals are JSON numbers with a `.` or an exponent
///   (`2.0`, `1e-05`, `-0.0`). JSON has no infinity (and `1e999` makes some parsers refuse the
///   whole file), so the infinities are `{"$real": "Infinity"}` and `{"$real": "-Infinity"}`, and
///   PostgreSQL's floating-point NaN `{"$real": "NaN"}` (read back as the text `NaN`: SQLite
///   stores no NaN).
/// - Text is a JSON string; text whose bytes are not valid UTF-8 is `{"$textBase64": "…"}` holding
///   its bytes.
/// - A BLOB is `{"$base64": "…"}`, so that it is not mistaken for text.
/// - Repeated column names get `:1`, `:2`… as SQLite names them, so no key is lost.
///
/// ```
/// {"id":1,"name":"Ada","photo":{"$base64":"iVBORw0="},"score":null}
/// ```
struct JSONRowWriter: Sendable {
    /// The column names, already written as JSON strings with their colon.
    private let keys: [String]

    /// A writer for `columns`.
    init(columns: [String]) {
        keys = ExportSchema.unique(columns).map { JSONText.quoted($0) + ":" }
    }

    /// The object for `row`.
    func object(_ row: [ExportValue]) -> String {
        var object = "{"
        for (index, value) in row.enumerated() where index < keys.count {
            if index > 0 {
                object += ","
            }
            object += keys[index] + Self.json(value)
        }
        return object + "}"
    }

    /// The object for `row`, its long values streamed.
    func parts(_ row: [ExportCell]) -> ExportParts {
        var parts = ExportParts()
        parts.append("{")
        for (index, cell) in row.enumerated() where index < keys.count {
            if index > 0 {
                parts.append(",")
            }
            parts.append(keys[index])
            switch cell {
            case .value(let value): parts.append(Self.json(value))
            case .long(let long): parts.append(long, .json)
            }
        }
        parts.append("}")
        return parts
    }

    /// The JSON for a value.
    static func json(_ value: ExportValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let integer): String(integer)
        case .boolean(let boolean): boolean ? "true" : "false"
        case .real(let real) where real.isInfinite: real < 0 ? #"{"$real":"-Infinity"}"# : #"{"$real":"Infinity"}"#
        case .real(let real) where real.isNaN: #"{"$real":"NaN"}"#
        case .real(let real): ExportValue.decimal(real)
        case .text(let text): JSONText.quoted(text)
        case .undecodableText(let bytes): "{\"$textBase64\":\"" + Data(bytes).base64EncodedString() + "\"}"
        case .blob(let data): "{\"$base64\":\"" + data.base64EncodedString() + "\"}"
        }
    }
}
