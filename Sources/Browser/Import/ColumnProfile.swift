/// What the values of one imported column look like, gathered over the whole file, and the
/// column type they call for.
///
/// A column is INTEGER when every value is an integer written the way SQLite writes it back
/// (`42`, `-7`; not `007`, `+1`, `-0` or past 64 bits, which stay text so no digit is lost), REAL
/// when every value is such an integer or a decimal number, TEXT otherwise. NULLs (empty unquoted
/// fields, JSON null) fit any type; a column of nothing but NULLs is TEXT.
struct ColumnProfile: Equatable, Sendable {
    /// The column type an import declares.
    enum Kind: String, Equatable, Sendable {
        case integer = "INTEGER", real = "REAL", text = "TEXT", blob = "BLOB"
    }

    private(set) var allInteger = true
    private(set) var allNumeric = true
    private(set) var allBlob = true
    private(set) var values = 0

    /// Takes one value's shape into account.
    mutating func add(_ shape: ValueShape) {
        switch shape {
        case .null:
            return
        case .integer:
            allBlob = false
        case .real:
            allInteger = false
            allBlob = false
        case .text:
            allInteger = false
            allNumeric = false
            allBlob = false
        case .blob:
            allInteger = false
            allNumeric = false
        }
        values += 1
    }

    /// The type the values call for.
    var kind: Kind {
        guard values > 0 else {
            return .text
        }
        if allInteger {
            return .integer
        }
        if allNumeric {
            return .real
        }
        return allBlob ? .blob : .text
    }
}

/// The shape of one value read from a file.
enum ValueShape: Equatable, Sendable {
    case null, integer, real, text, blob

    /// The shape of a field of a delimited file: an integer or a decimal number as written, else
    /// text.
    static func of(field bytes: [UInt8]) -> ValueShape {
        if NumberText.integer(bytes) != nil {
            return .integer
        }
        return NumberText.real(bytes) != nil ? .real : .text
    }
}

/// Numbers as files write them, read exactly.
enum NumberText {
    /// The integer `bytes` spell in SQLite's own way (`0`, `42`, `-7`), or nil: leading zeros, a plus
    /// sign, `-0`, spaces or a value past 64 bits would not read back the same.
    static func integer(_ bytes: [UInt8]) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative {
            index = 1
        }
        let digits = bytes.count - index
        guard digits > 0, digits <= 19 else {
            return nil
        }
        if bytes[index] == UInt8(ascii: "0") && (digits > 1 || negative) {
            return nil
        }
        var value: Int64 = 0
        for byte in bytes[index...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                return nil
            }
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else {
                return nil
            }
            value = sum
        }
        return value
    }

    /// The number `bytes` spell as a decimal (`3.14`, `-0.5`, `1e-3`, `2.5E10`, `1e999` for infinity), or nil. A
    /// value without a point or an exponent is a number only as an ``integer(_:)``, and the integer
    /// part has no leading zero, so `007`, `-0`, `+1` and integers past 64 bits stay text; `NaN`,
    /// `inf`, hex, spaces and thousands separators are text too.
    static func real(_ bytes: [UInt8]) -> Double? {
        guard bytes.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else {
            return integer(bytes).map(Double.init)
        }
        var index = 0
        if bytes.first == UInt8(ascii: "-") {
            index = 1
        }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0"),
           bytes[index + 1] >= UInt8(ascii: "0"), bytes[index + 1] <= UInt8(ascii: "9") {
            return nil
        }
        var sawDigit = false, sawPoint = false, sawExponent = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
            case UInt8(ascii: ".") where !sawPoint && !sawExponent:
                sawPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, !sawExponent else {
                    return nil
                }
                sawExponent = true
                sawDigit = false
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") || bytes[index + 1] == UInt8(ascii: "+") {
                    index += 1
                }
            default:
                return nil
            }
            index += 1
        }
        // A decimal too large for a double is infinity, as SQLite reads it (reef exports infinity as 1e999).
        guard sawDigit, let value = Double(String(decoding: bytes, as: UTF8.self)) else {
            return nil
        }
        return value
    }
}
