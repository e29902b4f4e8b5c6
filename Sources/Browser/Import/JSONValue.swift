import ORMCore

/// A JSON value as written: object keys keep their order and numbers keep their digits, so an
/// import loses nothing JSON said.
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, as its text (`12345678901234567890` and `1.50` stay as written).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object's members in the order written (a repeated key keeps its last value where the
    /// first stood).
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value written back as compact JSON (for nested arrays and objects kept as text).
    var compactText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): JSONText.quoted(text)
        case .array(let items): "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { JSONText.quoted($0.key) + ":" + $0.value.compactText }.joined(separator: ",") + "}"
        }
    }
}

/// Why a JSON text could not be read, and where.
struct JSONSyntaxError: Error, Equatable {
    /// What was wrong.
    var message: String
    /// The byte offset in the text parsed.
    var offset: Int
}

/// Parses one JSON text (RFC 8259) from UTF-8 bytes into a ``JSONValue``.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// How deep arrays and objects may nest before the text is refused (no stack overflow).
    private static let maximumDepth = 512

    /// Parses `bytes`, which must hold exactly one value (white space around it allowed).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw JSONSyntaxError(message: "text after the value", offset: parser.index)
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(message: "nested more than \(Self.maximumDepth) deep", offset: index)
        }
        guard index < bytes.count else {
            throw JSONSyntaxError(message: "unexpected end", offset: index)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var positions: [String: Int] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw JSONSyntaxError(message: "expected a member name in quotes", offset: index)
            }
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let item = try value(depth: depth + 1)
            if let position = positions[key] {
                members[position].value = item
            } else {
                positions[key] = members.count
                members.append((key, item))
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return .array(items)
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var plainStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try appendPlain(from: plainStart, to: index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw JSONSyntaxError(message: "a control character inside a string", offset: index)
            }
            if byte == UInt8(ascii: "\\") {
                try appendPlain(from: plainStart, to: index, into: &scalars)
                index += 1
                scalars.append(try escape())
                plainStart = index
                continue
            }
            index += 1
        }
        throw JSONSyntaxError(message: "a string never closed", offset: start)
    }

    private func appendPlain(from start: Int, to end: Int, into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
        guard start < end else {
            return
        }
        guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
            throw JSONSyntaxError(message: "bytes that are not UTF-8 inside a string", offset: start)
        }
        scalars.append(contentsOf: text.unicodeScalars)
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else {
            throw JSONSyntaxError(message: "unexpected end in an escape", offset: index)
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800...0xDBFF).contains(unit), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let save = index
                index += 2
                let low = try hexUnit()
                if (0xDC00...0xDFFF).contains(low),
                   let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
                index = save
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            throw JSONSyntaxError(message: "an unknown escape", offset: index - 1)
        }
    }

    private mutating func hexUnit() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count, let unit = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else {
            throw JSONSyntaxError(message: "\\u needs four hex digits", offset: index)
        }
        index += 4
        return unit
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if peek(UInt8(ascii: "-")) {
            index += 1
        }
        let integerStart = index
        skipDigits()
        guard index > integerStart else {
            throw JSONSyntaxError(message: "expected a value", offset: start)
        }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw JSONSyntaxError(message: "a number with a leading zero", offset: start)
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            let fractionStart = index
            skipDigits()
            guard index > fractionStart else {
                throw JSONSyntaxError(message: "expected digits after the point", offset: index)
            }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) {
                index += 1
            }
            let exponentStart = index
            skipDigits()
            guard index > exponentStart else {
                throw JSONSyntaxError(message: "expected digits in the exponent", offset: index)
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<(index + count)].elementsEqual(expected) else {
            throw JSONSyntaxError(message: "expected a value", offset: index)
        }
        index += count
    }

    private mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard peek(byte) else {
            throw JSONSyntaxError(message: "expected '\(Character(Unicode.Scalar(byte)))'", offset: index)
        }
        index += 1
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
