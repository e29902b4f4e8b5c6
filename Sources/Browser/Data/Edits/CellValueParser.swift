import FoundationEssentials
import ORMCore

/// Turns the text typed in the cell editor into a database value by the column's declared type,
/// and a value back into the text the editor starts from.
///
/// INTEGER affinity takes an integer (also written `5.0` or `1e3`), REAL a number, BLOB hex (`x'00ff'` or `00ff`); TEXT and
/// NUMERIC take the text as is (SQLite converts a number typed into a NUMERIC column itself). A
/// column declared without a type converts nothing, so there a number written plainly (`42`,
/// `-1.5`, `2e3`, not `007` or `+5`) is stored as a number and anything else as text: editing a
/// number must not turn it into text that `= 42` no longer matches. Empty input is empty text in
/// a text, numeric or untyped column and an empty BLOB in a BLOB column; an INTEGER or REAL column
/// refuses it (NULL has a key of its own, and an empty string there is rarely meant).
enum CellValueParser {
    /// Why typed text is not a value of the column's type; the text is shown in the status bar.
    struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, such as `not an integer`.
        var description: String
    }

    /// The value `text` stands for in a column declared `declaredType`, on a database of `kind`.
    ///
    /// On PostgreSQL the server reads the text by the column's catalog type: `smallint`,
    /// `integer` and `bigint` take an integer and `real` and `double precision` a number as on
    /// SQLite, `bytea` hex (`x'00ff'`, `\x00ff` or `00ff`), `boolean` PostgreSQL's own forms
    /// (``PostgresBoolean``: `true`/`false`, `t`/`f`, `yes`/`no`, `on`/`off`, `1`/`0`, as 1 or 0),
    /// and every other type (`numeric`, dates, `uuid`, `jsonb`, enums, arrays, `interval`…) the
    /// text as typed, which the edit's trial then judges in the server's words (`22P02` for `abc`
    /// in a `numeric`).
    ///
    /// - Throws: ``ParseError`` when the text is not of the column's type.
    static func parse(_ text: String, declaredType: String, on kind: SQLDialect.Kind = .sqlite) throws(ParseError) -> SQLValue {
        let trimmed = text.trimmedWhitespace
        if kind == .postgres, PostgresBoolean.isBoolean(declaredType) {
            guard let value = PostgresBoolean.parse(text) else {
                throw ParseError(description: PostgresBoolean.invalidInputMessage(text))
            }
            return .integer(value ? 1 : 0)
        }
        let affinity = kind == .postgres ? postgresAffinity(of: declaredType) : affinity(of: declaredType)
        if kind == .postgres, affinity == .blob, trimmed.hasPrefix("\\x") {
            guard let bytes = Hex.decode(trimmed.dropFirst(2)) else {
                throw ParseError(description: "not hex (x'00ff' or 00ff): \(text)")
            }
            return .blob(Data(bytes))
        }
        switch affinity {
        case .integer where trimmed.isEmpty:
            throw ParseError(description: "empty is not an integer (x sets NULL)")
        case .real where trimmed.isEmpty:
            throw ParseError(description: "empty is not a number (x sets NULL)")
        case .text where text.isEmpty, .numeric where text.isEmpty:
            return .text("")
        case .integer:
            guard let integer = Int64(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) ?? wholeNumber(trimmed)
            else {
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
            return declaredType.trimmedWhitespace.isEmpty ? plainNumber(trimmed) ?? .text(text) : .text(text)
        }
    }

    /// The integer a decimal with a zero fraction or an exponent spells (`5.0`, `1e3`, `-2.5e1`),
    /// as SQLite's INTEGER affinity reads it, worked out digit by digit (not through a double,
    /// which would round `9007199254740993.0`); nil for a fraction (`5.5`) or a value past 64 bits.
    private static func wholeNumber(_ text: String) -> Int64? {
        var rest = Substring(text)
        var sign = ""
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            rest.removeFirst()
        }
        let whole = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(whole.count)
        var fraction = Substring("")
        if rest.first == "." {
            fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(1 + fraction.count)
        }
        var exponent = 0
        if let marker = rest.first, marker == "e" || marker == "E" {
            guard let value = Int(rest.dropFirst()), abs(value) <= 40 else {
                return nil
            }
            exponent = value
            rest = ""
        }
        guard rest.isEmpty, !(whole.isEmpty && fraction.isEmpty) else {
            return nil
        }
        var digits = String(whole + fraction)
        let shift = exponent - fraction.count
        if shift >= 0 {
            digits += String(repeating: "0", count: shift)
        } else {
            let dropped = digits.suffix(-shift)
            guard dropped.allSatisfy({ $0 == "0" }) else {
                return nil
            }
            digits.removeLast(dropped.count)
        }
        let significant = digits.drop { $0 == "0" }
        return Int64(sign + (significant.isEmpty ? "0" : significant))
    }

    /// The number `text` spells in its plain form, else nil: an integer that fits 64 bits, without
    /// leading zeros or `+` (`42`, `-7`), or a decimal `digits[.digits][e[±]digits]` with a fraction
    /// or an exponent (`-1.5`, `2e3`). A longer integer stays text: as a real it would lose digits.
    private static func plainNumber(_ text: String) -> SQLValue? {
        var rest = Substring(text)
        if rest.first == "-" {
            rest.removeFirst()
        }
        let integerPart = rest.prefix { $0.isASCII && $0.isNumber }
        guard !integerPart.isEmpty, integerPart == "0" || !integerPart.hasPrefix("0") else {
            return nil
        }
        rest = rest.dropFirst(integerPart.count)
        if rest.isEmpty {
            return Int64(text).map { .integer($0) }
        }
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else {
                return nil
            }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if let marker = rest.first, marker == "e" || marker == "E" {
            rest.removeFirst()
            if let sign = rest.first, sign == "+" || sign == "-" {
                rest.removeFirst()
            }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else {
                return nil
            }
            rest = rest.dropFirst(exponent.count)
        }
        guard rest.isEmpty, let real = Double(text), real.isFinite else {
            return nil
        }
        return .real(real)
    }

    /// The text the editor starts from for `value` in a column declared `declaredType` on a
    /// database of `kind`: NULL is empty, a BLOB is `x'..'` hex, a PostgreSQL `boolean` `true` or
    /// `false`.
    static func editText(for value: SQLValue, declaredType: String = "", on kind: SQLDialect.Kind = .sqlite) -> String {
        if kind == .postgres, PostgresBoolean.isBoolean(declaredType), case .integer(let integer) = value {
            return CellFormatter.booleanText(integer)
        }
        return switch value {
        case .null: ""
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): text
        case .blob(let data): "x'" + Hex.encode(data) + "'"
        }
    }

    /// The affinity used for parsing: an empty declared type parses as text (not SQLite's BLOB),
    /// with plain numbers taken as numbers (see ``parse(_:declaredType:)``).
    private static func affinity(of declaredType: String) -> ColumnType {
        declaredType.trimmedWhitespace.isEmpty ? .text : ColumnType(affinityOf: declaredType)
    }

    /// How a PostgreSQL column's catalog type (as `format_type` writes it) is parsed: integers,
    /// reals and `bytea` as SQLite's INTEGER, REAL and BLOB; any other type as text the server reads.
    private static func postgresAffinity(of declaredType: String) -> ColumnType {
        switch declaredType.trimmedWhitespace.lowercased() {
        case "smallint", "integer", "bigint": .integer
        case "real", "double precision": .real
        case "bytea": .blob
        default: .text
        }
    }

    /// The bytes of `x'..'`, `X'..'` or bare hex digits, nil when it is not an even run of hex digits.
    private static func hexBytes(_ text: String) -> [UInt8]? {
        var digits = Substring(text)
        if (digits.hasPrefix("x'") || digits.hasPrefix("X'")) && digits.hasSuffix("'") && digits.count >= 3 {
            digits = digits.dropFirst(2).dropLast()
        }
        return Hex.decode(digits)
    }
}
