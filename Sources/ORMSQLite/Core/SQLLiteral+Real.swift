import ORMShared

// SQLite's literal for a real: the shortest decimal that this SQLite reads back as the same double
// (asked of SQLite itself, ``SQLiteDecimalReader``), else an exact quotient; and so a whole value's.
extension SQLLiteral {
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
