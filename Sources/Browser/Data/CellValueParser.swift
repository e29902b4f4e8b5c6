import FoundationEssentials
import ORMCore

/// Turns the text typed in the cell editor into a database value by the column's declared type,
/// and a value back into the text the editor starts from.
///
/// INTEGER affinity takes an integer, REAL a number, BLOB hex (`x'00ff'` or `00ff`); TEXT and
/// every other type take the text as is. Empty input is empty text whatever the type (NULL has a
/// key of its own).
enum CellValueParser {
    /// Why typed text is not a value of the column's type; the text is shown in the status bar.
    struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, such as `not an integer`.
        var description: String
    }

    /// The value `text` stands for in a column declared `declaredType`.
    ///
    /// - Throws: ``ParseError`` when the text is not of the column's type.
    static func parse(_ text: String, declaredType: String) throws(ParseError) -> SQLValue {
        if text.isEmpty {
            return .text("")
        }
        let trimmed = text.trimmedWhitespace
        switch affinity(of: declaredType) {
        case .integer:
            guard let integer = Int64(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) else {
                throw ParseError(description: "not an integer: \(text)")
            }
            return .integer(integer)
        case .real:
            guard let real = Double(trimmed), real.isFinite else {
                throw ParseError(description: "not a number: \(text)")
            }
            return .real(real)
        case .blob:
            guard let bytes = hexBytes(trimmed) else {
                throw ParseError(description: "not hex (x'00ff' or 00ff): \(text)")
            }
            return .blob(Data(bytes))
        case .text, .numeric:
            return .text(text)
        }
    }

    /// The text the editor starts from for `value`: NULL is empty, a BLOB is `x'..'` hex.
    static func editText(for value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): text
        case .blob(let data): "x'" + data.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "'"
        }
    }

    /// The affinity used for parsing: an empty declared type takes text (not SQLite's BLOB).
    private static func affinity(of declaredType: String) -> ColumnType {
        declaredType.trimmedWhitespace.isEmpty ? .text : ColumnType(affinityOf: declaredType)
    }

    /// The bytes of `x'..'`, `X'..'` or bare hex digits, nil when it is not an even run of hex digits.
    private static func hexBytes(_ text: String) -> [UInt8]? {
        var digits = Substring(text)
        if (digits.hasPrefix("x'") || digits.hasPrefix("X'")) && digits.hasSuffix("'") && digits.count >= 3 {
            digits = digits.dropFirst(2).dropLast()
        }
        let values = digits.map { $0.hexDigitValue }
        guard values.count % 2 == 0 else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count / 2)
        var index = 0
        while index < values.count {
            guard let high = values[index], let low = values[index + 1] else {
                return nil
            }
            bytes.append(UInt8(high * 16 + low))
            index += 2
        }
        return bytes
    }
}
