/// A PostgreSQL array literal (`{"1","it's","a \"b\"",NULL}`) made from the JSON array ``SQL``
/// binds a long list as (``SQL/jsonArray(_:)``: numbers, strings, `null`), for a parameter
/// PostgreSQL typed as an array (``SQLToken/postgresText(for:)``). Every element is quoted, with
/// `"` and `\` escaped, so the server reads it as the element type it inferred (`bigint`, `text`,
/// `numeric`…); `null` is NULL.
struct PostgresArrayLiteral {
    /// The literal's text.
    let text: String

    /// The literal for `json`, nil when it is not a flat JSON array of numbers, strings and nulls
    /// (the value is then bound as it is, and the server says what is wrong with it).
    init?(json: String) {
        var scanner = Scanner(Array(json.utf8))
        guard let elements = scanner.elements() else { return nil }
        var text = "{"
        text.reserveCapacity(json.utf8.count + elements.count * 2 + 2)
        for (index, element) in elements.enumerated() {
            if index > 0 { text += "," }
            guard let element else {
                text += "NULL"
                continue
            }
            text += "\""
            for scalar in element.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { text += "\\" }
                text.unicodeScalars.append(scalar)
            }
            text += "\""
        }
        self.text = text + "}"
    }

    /// Reads a flat JSON array.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The elements, each its text (a string unescaped, a number as written) or nil for `null`;
        /// nil when the text is anything else.
        mutating func elements() -> [String?]? {
            skipBlanks()
            guard take(UInt8(ascii: "[")) else { return nil }
            var elements: [String?] = []
            skipBlanks()
            if take(UInt8(ascii: "]")) { return atEnd() ? elements : nil }
            while true {
                skipBlanks()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "\"") {
                    guard let string = string() else { return nil }
                    elements.append(string)
                } else {
                    let start = index
                    while index < bytes.count, Self.isScalarByte(bytes[index]) { index += 1 }
                    guard index > start else { return nil }
                    let word = String(decoding: bytes[start..<index], as: UTF8.self)
                    if word == "null" {
                        elements.append(nil)
                    } else {
                        guard word.utf8.allSatisfy(Self.isNumberByte) else { return nil }
                        elements.append(word)
                    }
                }
                skipBlanks()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "]")) else { return nil }
                return atEnd() ? elements : nil
            }
        }

        /// A JSON string from its opening quote, unescaped.
        private mutating func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush() {
                if run < index { scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush()
                    index += 1
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                flush()
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    scalars.append(scalar)
                default: return nil
                }
                run = index
            }
            return nil
        }

        /// The scalar of a `\uXXXX` escape whose `\u` was read (a surrogate pair's two escapes
        /// as one).
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low) else {
                    return nil
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = Hex.value(of: byte) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipBlanks() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        private func atEnd() -> Bool {
            var rest = index
            while rest < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[rest]) { rest += 1 }
            return rest == bytes.count
        }

        private static func isScalarByte(_ byte: UInt8) -> Bool {
            byte != UInt8(ascii: ",") && byte != UInt8(ascii: "]") && byte > 0x20
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
    }
}
