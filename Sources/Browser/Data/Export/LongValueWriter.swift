import FoundationEssentials
import ORMCore

/// Writes a ``LongValue`` a chunk at a time in the very bytes the format's encoder writes for the
/// value held whole (``CSVEncoder/field(_:)``, ``JSONRowWriter/json(_:)``,
/// ``SQLInsertEncoder/literal(_:)``), holding a chunk and its escaped copy, never the value.
///
/// A blob is written in one pass (hex or base64). A text takes two: the first finds what the
/// whole-value encoders look at before writing (whether the bytes are valid UTF-8, which bytes
/// occur, whether the text starts with backslashes and an `x`), the second writes it. Text is
/// escaped in pieces that end at character boundaries (``TextChunks``), so an escape is never
/// split; base64 is made of pieces of a multiple of three bytes.
enum LongValueWriter {
    /// Writes `value` as `encoding` writes it, handing the text to `write` in pieces.
    static func write(_ value: LongValue, as encoding: LongValueEncoding, to write: (String) throws -> Void) throws {
        switch (value.kind, encoding) {
        case (.blob, .csv):
            try write("\\x")
            try value.read { try write(Hex.encode($0)) }
        case (.blob, .json):
            try write(#"{"$base64":""#)
            try writeBase64(value, to: write)
            try write(#""}"#)
        case (.blob, .sql):
            try write("X'")
            try value.read { try write(Hex.encode($0, uppercase: true)) }
            try write("'")
        case (.text, _):
            let scan = try TextScan(value)
            try writeText(value, scan: scan, as: encoding, to: write)
        }
    }

    /// A text, once scanned.
    private static func writeText(_ value: LongValue, scan: TextScan, as encoding: LongValueEncoding,
                                  to write: (String) throws -> Void) throws {
        switch encoding {
        case .csv(let separator):
            if !scan.isValid || scan.contains(0) {
                try write("\\x")
                try value.read { try write(Hex.encode($0)) }
                return
            }
            let quoted = [separator, UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(where: scan.contains)
            try write((quoted ? "\"" : "") + (scan.startsWithBackslashesAndX ? "\\" : ""))
            try TextChunks.forEach(value) { try write(doubling(UInt8(ascii: "\""), in: $0, when: quoted)) }
            try write(quoted ? "\"" : "")
        case .json:
            guard scan.isValid else {
                try write(#"{"$textBase64":""#)
                try writeBase64(value, to: write)
                try write(#""}"#)
                return
            }
            try write("\"")
            try TextChunks.forEach(value) { chunk in
                let quoted = JSONText.quoted(String(decoding: chunk, as: UTF8.self))
                try write(String(quoted.dropFirst().dropLast()))
            }
            try write("\"")
        case .sql:
            if !scan.isValid || scan.contains(0) || scan.contains(0x0D) {
                try write("(CAST(X'")
                try value.read { try write(Hex.encode($0, uppercase: true)) }
                try write("' AS TEXT))")
                return
            }
            try write("'")
            try TextChunks.forEach(value) { try write(doubling(UInt8(ascii: "'"), in: $0, when: true)) }
            try write("'")
        }
    }

    /// `chunk` as text, each `quote` doubled when `doubles`.
    private static func doubling(_ quote: UInt8, in chunk: ArraySlice<UInt8>, when doubles: Bool) -> String {
        guard doubles, chunk.contains(quote) else {
            return String(decoding: chunk, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chunk.count + chunk.count / 8)
        for byte in chunk {
            bytes.append(byte)
            if byte == quote {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value's bytes in base64 (standard alphabet, padded, no line breaks), as
    /// `Data.base64EncodedString()` writes them whole.
    private static func writeBase64(_ value: LongValue, to write: (String) throws -> Void) throws {
        var carry: [UInt8] = []
        try value.read { chunk in
            var bytes = carry
            bytes.append(contentsOf: chunk)
            let whole = bytes.count - bytes.count % 3
            carry = Array(bytes[whole...])
            if whole > 0 {
                try write(Data(bytes[..<whole]).base64EncodedString())
            }
        }
        if !carry.isEmpty {
            try write(Data(carry).base64EncodedString())
        }
    }
}

/// What the encoders of a whole text look at before writing it, found in one pass over a
/// ``LongValue``.
struct TextScan {
    /// Whether the bytes are valid UTF-8.
    private(set) var isValid = true
    /// Whether the text starts with one or more backslashes and an `x` (CSV escapes it).
    private(set) var startsWithBackslashesAndX = false
    /// Which byte values occur.
    private var seen = [Bool](repeating: false, count: 256)

    /// Scans `value`.
    init(_ value: LongValue) throws {
        var isValid = true, startsWithBackslashesAndX = false, isStartKnown = false
        var leadingBackslashes = 0
        var seen = [Bool](repeating: false, count: 256)
        try TextChunks.forEach(value) { chunk in
            if isValid && String(validating: chunk, as: UTF8.self) == nil {
                isValid = false
            }
            for byte in chunk {
                seen[Int(byte)] = true
            }
            guard !isStartKnown else { return }
            for byte in chunk {
                if byte == UInt8(ascii: "\\") {
                    leadingBackslashes += 1
                    continue
                }
                startsWithBackslashesAndX = leadingBackslashes > 0 && byte == UInt8(ascii: "x")
                isStartKnown = true
                break
            }
        }
        self.isValid = isValid
        self.startsWithBackslashesAndX = startsWithBackslashesAndX
        self.seen = seen
    }

    /// Whether `byte` occurs in the text.
    func contains(_ byte: UInt8) -> Bool {
        seen[Int(byte)]
    }
}

/// A long text's bytes in pieces that end at character boundaries: a chunk's last bytes that
/// begin a character it does not finish are carried to the next, so that no piece splits a
/// character (nor, then, an escape made of one). Pieces of valid UTF-8 are each valid.
enum TextChunks {
    /// Hands `value`'s bytes to `body` in such pieces.
    static func forEach(_ value: LongValue, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        var carry: [UInt8] = []
        try value.read { chunk in
            var bytes = carry
            bytes.append(contentsOf: chunk)
            let end = completeLength(bytes)
            carry = Array(bytes[end...])
            if end > 0 {
                try body(bytes[..<end])
            }
        }
        if !carry.isEmpty {
            try body(carry[...])
        }
    }

    /// How many of `bytes`' first bytes end at a character boundary: all but a last character
    /// begun and not finished.
    static func completeLength(_ bytes: [UInt8]) -> Int {
        var index = bytes.count - 1
        while index >= max(0, bytes.count - 4) {
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 {
                index -= 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return index + length <= bytes.count ? bytes.count : index
        }
        return bytes.count
    }
}
