import FoundationEssentials
import ORMCore

/// Tab-separated values with backslash escapes, as PostgreSQL's text `COPY` and MySQL write them:
/// a header line of column names, fields separated by tabs, lines ending in `\n`.
///
/// Every value reads back exactly, by these rules:
/// - NULL is `\N`; empty text and an empty BLOB an empty field.
/// - In text, `\` is written `\\`, a tab `\t`, a line feed `\n`, a carriage return `\r`, a NUL
///   `\0`; bytes that are not valid UTF-8 `\xHH` each.
/// - BLOBs are base64; reals have a `.` or an exponent, infinities are `1e999` and `-1e999`.
///
/// ```
/// id	name	note
/// 1	Smith\tAnn	\N
/// ```
struct TSVEncoder: ExportEncoder {
    /// The column names.
    let columns: [String]

    /// The header line.
    func header() -> String {
        columns.map(Self.escaped).joined(separator: "\t") + "\n"
    }

    /// One line.
    func encode(_ row: [ExportValue]) -> String {
        row.map(Self.field).joined(separator: "\t") + "\n"
    }

    /// Nothing after the lines.
    func footer() -> String {
        ""
    }

    /// The field for a value.
    static func field(_ value: ExportValue) -> String {
        switch value {
        case .null: "\\N"
        case .integer(let integer): String(integer)
        case .real(let real): ExportValue.decimal(real)
        case .text(let text): escaped(text)
        case .undecodableText(let bytes): escaped(utf8: bytes)
        case .blob(let data): data.base64EncodedString()
        }
    }

    /// Text with the escapes above.
    static func escaped(_ text: String) -> String {
        let needsEscapes = text.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }
        return needsEscapes ? escaped(utf8: text.utf8) : text
    }

    /// Text (its bytes, valid UTF-8 or not) with the escapes above.
    static func escaped(utf8 bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var rest = bytes[...]
        while let byte = rest.first {
            if byte < 0x80 {
                switch byte {
                case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
                case 0x09: output += Array("\\t".utf8)
                case 0x0A: output += Array("\\n".utf8)
                case 0x0D: output += Array("\\r".utf8)
                case 0x00: output += Array("\\0".utf8)
                default: output.append(byte)
                }
                rest = rest.dropFirst()
                continue
            }
            let length = validSequenceLength(rest)
            if length > 0 {
                output += rest.prefix(length)
                rest = rest.dropFirst(length)
            } else {
                output += Array(("\\x" + Hex.encode([byte])).utf8)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The length of the valid UTF-8 sequence for one non-ASCII character at the start of
    /// `bytes`, 0 when there is none.
    private static func validSequenceLength(_ bytes: some Collection<UInt8>) -> Int {
        guard let lead = bytes.first else {
            return 0
        }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, bytes.count >= length else {
            return 0
        }
        return String(validating: bytes.prefix(length), as: UTF8.self) == nil ? 0 : length
    }
}
