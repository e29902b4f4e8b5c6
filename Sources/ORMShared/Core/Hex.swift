/// Bytes written as hexadecimal digits and read back: the one place ORMCore and reef do it.
///
/// ```swift
/// Hex.encode([0x0A, 0xFF])                    // "0aff"
/// Hex.encode([0x0A, 0xFF], uppercase: true)   // "0AFF"
/// Hex.decode("0aFF")                          // [0x0A, 0xFF]
/// ```
public enum Hex {
    /// Two digits per byte, `separator` between bytes.
    public static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false, separator: String = "") -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        var text = ""
        text.reserveCapacity(bytes.underestimatedCount * (2 + separator.utf8.count))
        var first = true
        for byte in bytes {
            if !first {
                text += separator
            }
            first = false
            text.unicodeScalars.append(digits[Int(byte >> 4)])
            text.unicodeScalars.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// The bytes of an even run of hex digits (either case), nil for anything else.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(of: utf8[index]), let low = value(of: utf8[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    // MARK: - Helpers

    private static let lowerDigits = Array("0123456789abcdef".unicodeScalars)
    private static let upperDigits = Array("0123456789ABCDEF".unicodeScalars)

    /// The value of one hexadecimal digit, nil for any other byte.
    package static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
