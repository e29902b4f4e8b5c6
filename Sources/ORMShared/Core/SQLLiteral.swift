/// Values written as SQL text that SQLite reads back as exactly the same value: the one place
/// ORMCore and reef write literals, for SQL that must stand on its own (a `DEFAULT` clause, an
/// export loaded with `sqlite3`, a preview of a pending change). Everywhere else values are bound.
/// Text and blobs are written here; a real, checked against how SQLite itself reads a decimal, and
/// a whole value (``value(_:)``) by SQLite's folder (`SQLite/Core/SQLLiteral+Real.swift`).
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
}
