/// The encodings a text file to import may be in, told from its first bytes as the common CSV
/// readers do: a byte-order mark, else UTF-8 if the bytes are valid UTF-8, else Windows-1252 (which
/// every byte sequence is).
enum TextEncoding: Equatable, Sendable {
    /// UTF-8; `bomLength` bytes of byte-order mark to skip.
    case utf8(bomLength: Int)
    /// UTF-16, little- or big-endian; `bomLength` bytes of byte-order mark to skip.
    case utf16(bigEndian: Bool, bomLength: Int)
    /// Windows-1252 (a superset of Latin-1's printable characters).
    case windows1252

    /// The encoding of a file starting with `sample`.
    ///
    /// - Returns: nil for a file that is not text (a NUL byte outside UTF-16).
    static func detect(_ sample: [UInt8]) -> TextEncoding? {
        if sample.starts(with: [0xEF, 0xBB, 0xBF]) {
            return .utf8(bomLength: 3)
        }
        if sample.starts(with: [0xFF, 0xFE]) {
            return .utf16(bigEndian: false, bomLength: 2)
        }
        if sample.starts(with: [0xFE, 0xFF]) {
            return .utf16(bigEndian: true, bomLength: 2)
        }
        let zeros = sample.indices.filter { sample[$0] == 0 }
        if !zeros.isEmpty {
            // UTF-16 without a mark: ASCII text has every other byte zero.
            // (A character outside the BMP or a CJK one may put a zero on the other side.)
            let odd = zeros.filter { $0 % 2 == 1 }.count, even = zeros.count - odd
            if sample.count >= 4, zeros.count * 3 >= sample.count, odd * 10 <= zeros.count || even * 10 <= zeros.count {
                return .utf16(bigEndian: odd < even, bomLength: 0)
            }
            return nil
        }
        let (valid, invalid) = utf8Sequences(sample)
        return invalid == 0 || valid > invalid ? .utf8(bomLength: 0) : .windows1252
    }

    /// The valid multi-byte UTF-8 sequences and the bytes that start no valid sequence in `bytes`
    /// (a sequence cut by the end counts as neither): a file with more of the first is UTF-8 with a
    /// few damaged bytes, one with only the second is in an 8-bit encoding.
    static func utf8Sequences(_ bytes: [UInt8]) -> (valid: Int, invalid: Int) {
        var valid = 0, invalid = 0
        var index = 0
        while index < bytes.count {
            let length: Int
            switch bytes[index] {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default:
                invalid += 1
                index += 1
                continue
            }
            if index + length > bytes.count {
                break
            }
            var decoder = UTF8()
            var iterator = bytes[index..<(index + length)].makeIterator()
            if case .scalarValue = decoder.decode(&iterator) {
                valid += 1
                index += length
            } else {
                invalid += 1
                index += 1
            }
        }
        return (valid, invalid)
    }

    /// The Unicode scalars of Windows-1252's bytes 0x80 to 0x9F (the rest equal their code point;
    /// the five undefined bytes keep theirs, as browsers and Python's `cp1252` with replacement do).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]
}

/// Turns a file's bytes in its encoding into UTF-8, chunk by chunk (a character cut by a chunk's end
/// waits for the next chunk).
struct UTF8Transcoder {
    /// The encoding read.
    let encoding: TextEncoding
    /// Bytes of the mark still to skip.
    private var markToSkip: Int
    /// The first byte of a UTF-16 code unit cut by a chunk's end.
    private var pendingByte: UInt8?
    /// A high surrogate waiting for its low one.
    private var pendingSurrogate: UInt16?

    init(encoding: TextEncoding) {
        self.encoding = encoding
        switch encoding {
        case .utf8(let bom), .utf16(_, let bom): markToSkip = bom
        case .windows1252: markToSkip = 0
        }
    }

    /// Appends the UTF-8 of `chunk` to `output`.
    mutating func transcode(_ chunk: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var start = 0
        if markToSkip > 0 {
            start = min(markToSkip, chunk.count)
            markToSkip -= start
        }
        switch encoding {
        case .utf8:
            output.append(contentsOf: chunk[start...])
        case .windows1252:
            for byte in chunk[start...] {
                if byte < 0x80 {
                    output.append(byte)
                } else if byte < 0xA0 {
                    appendScalar(TextEncoding.windows1252High[Int(byte - 0x80)], to: &output)
                } else {
                    appendScalar(UInt32(byte), to: &output)
                }
            }
        case .utf16(let bigEndian, _):
            for byte in chunk[start...] {
                guard let first = pendingByte else {
                    pendingByte = byte
                    continue
                }
                pendingByte = nil
                let unit = bigEndian ? UInt16(first) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(first)
                appendUTF16(unit, to: &output)
            }
        }
    }

    private mutating func appendUTF16(_ unit: UInt16, to output: inout [UInt8]) {
        if let high = pendingSurrogate {
            pendingSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                let scalar = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                appendScalar(scalar, to: &output)
                return
            }
            appendScalar(0xFFFD, to: &output)
        }
        if (0xD800...0xDBFF).contains(unit) {
            pendingSurrogate = unit
        } else if (0xDC00...0xDFFF).contains(unit) {
            appendScalar(0xFFFD, to: &output)
        } else {
            appendScalar(UInt32(unit), to: &output)
        }
    }

    private func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        output.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [0xEF, 0xBF, 0xBD])
    }
}
