/// Values written as SQL text that SQLite reads back as exactly the same value: the one place
/// ORMCore and reef write literals, for SQL that must stand on its own (a `DEFAULT` clause, an
/// export loaded with `sqlite3`, a preview of a pending change). Everywhere else values are bound.
///
/// | Value | Written as |
/// | --- | --- |
/// | NULL | `NULL` |
/// | integer | its digits: `-9223372036854775808` |
/// | real | the shortest decimal that reads back as it (`0.1`, `2.0`, `-0.0`, `1e-05`); `1e999` and `-1e999` for the infinities; an exact quotient `(CAST(m AS REAL) / 2^k …)` where this SQLite would read the decimal a bit off |
/// | text | `'…'`, quotes doubled; text holding a NUL or a carriage return, or bytes that are not UTF-8, as `(CAST(X'…' AS TEXT))` |
/// | blob | `X'…'` |
///
/// Carriage returns go in hex because the `sqlite3` shell reads its input by lines and drops the
/// `\r` before each `\n`; a NUL would end the shell's copy of the statement.
///
/// ```swift
/// SQLLiteral.value(.text("O'Brien"))     // 'O''Brien'
/// SQLLiteral.value(.blob(Data([1, 2])))  // X'0102'
/// SQLLiteral.value(.text("a\r\nb"))      // (CAST(X'610D0A62' AS TEXT))
/// ```
public enum SQLLiteral {
    /// The literal for `value`.
    public static func value(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): Self.real(real)
        case .text(let text): Self.text(text)
        case .blob(let data): blob(data)
        }
    }

    /// The literal for text given as its bytes, which need not be valid UTF-8.
    public static func text(utf8 bytes: some Collection<UInt8>) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return "(CAST(" + blob(bytes) + " AS TEXT))"
        }
        return Self.text(text)
    }

    /// The literal for `text`.
    public static func text(_ text: String) -> String {
        var hasQuote = false
        for byte in text.utf8 {
            if byte == 0 || byte == 0x0D {
                return "(CAST(" + blob(text.utf8) + " AS TEXT))"
            }
            hasQuote = hasQuote || byte == UInt8(ascii: "'")
        }
        guard hasQuote else {
            return "'" + text + "'"
        }
        var literal = "'"
        literal.reserveCapacity(text.utf8.count + 4)
        // By scalar: a quote followed by a combining mark is one Character, which a
        // Character-wise replacement would not double.
        for scalar in text.unicodeScalars {
            literal.unicodeScalars.append(scalar)
            if scalar == "'" {
                literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "'"
    }

    /// `X'…'` for `bytes`.
    public static func blob(_ bytes: some Collection<UInt8>) -> String {
        "X'" + Hex.encode(bytes, uppercase: true) + "'"
    }

    /// The literal for a double; see ``SQLLiteral``. NaN, which SQLite stores as NULL, is `NULL`.
    public static func real(_ value: Double) -> String {
        if value.isNaN {
            return "NULL"
        }
        if value.isInfinite {
            return value < 0 ? "-1e999" : "1e999"
        }
        if value == 0 {
            return value.sign == .minus ? "-0.0" : "0.0"
        }
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        if magnitude < 0x1p53, magnitude == magnitude.rounded(.towardZero) {
            return sign + String(Int64(magnitude)) + ".0"  // an integer: read exactly by any SQLite
        }
        let decimal = String(magnitude)
        if SQLiteDecimalReader.shared.read(decimal) == magnitude {
            return sign + decimal
        }
        return exactQuotient(value)
    }

    // MARK: - Helpers

    /// 2^62, the largest power of two an integer literal holds.
    private static let largestPowerOfTwo = "4611686018427387904"

    /// `value` as `(CAST(m AS REAL) * 2^a * …)` or `(CAST(m AS REAL) / 2^a / …)`: an integer
    /// significand of at most 53 bits scaled by powers of two, every step exact in IEEE arithmetic
    /// (each intermediate result has the same significand), so SQLite computes the very value.
    static func exactQuotient(_ value: Double) -> String {
        let magnitude = value.magnitude
        var significand: UInt64
        var exponent: Int
        if magnitude.isNormal {
            significand = magnitude.significandBitPattern | (1 << 52)
            exponent = Int(magnitude.exponent) - 52
        } else {
            significand = magnitude.significandBitPattern
            exponent = -1074
        }
        let zeros = significand.trailingZeroBitCount
        significand >>= zeros
        exponent += zeros
        var text = "(CAST(" + (value < 0 ? "-" : "") + String(significand) + " AS REAL)"
        let operation = exponent < 0 ? " / " : " * "
        var remaining = exponent.magnitude
        while remaining > 0 {
            let step = min(remaining, 62)
            text += operation + (step == 62 ? largestPowerOfTwo : String(UInt64(1) << step))
            remaining -= step
        }
        return text + ")"
    }
}

extension SQLValue {
    /// The value as an SQL literal that reads back as the same value (see ``SQLLiteral``).
    public var sqlLiteral: String {
        SQLLiteral.value(self)
    }
}
