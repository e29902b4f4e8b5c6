import CSQLite
import FoundationEssentials
import ORMShared

/// The SQL function `orm_value_key(x, limit)`, on every SQLite connection: `x` itself when it is
/// NULL, a number, or a text or blob of at most `limit` bytes; for a longer one a short key that
/// stands for it, so that grouping and sorting by it (`F`, `I`) hold a kilobyte a row, not the
/// value: the same type, its first `limit` bytes (a text's at a character boundary), then its
/// size and the SHA-256 of all its bytes. Two long values get one key only when they are equal:
/// two that share their start and size and differ would need a SHA-256 collision, which no one
/// has found (a 128-bit non-cryptographic hash could be made to collide). A key is longer
/// than `limit` bytes, which no value given back as itself is: ``decode(_:limit:)`` tells them
/// apart. Keys order as their values' starts do.
///
/// ```swift
/// try db.fetchAll("SELECT \(raw: ValueKey.functionName)(body, 1024), count(*) FROM docs GROUP BY 1")
/// ```
public enum ValueKey {
    /// The function's SQL name.
    public static let functionName = "orm_value_key"
    /// What follows the start in a text's key: a NUL, 16 hex digits of the size, 64 of the digest.
    package static let textTail = 1 + 16 + 64
    /// What follows the start in a blob's key: the size (8 bytes, big-endian) and the digest (32).
    package static let blobTail = 8 + 32
    /// The most bytes a key holds past the value's start.
    public static let longestTail = max(textTail, blobTail)

    /// The start and full size in bytes of the value `key` stands for, when it is a key made
    /// with `limit`; nil for a value given back as itself.
    public static func decode(_ key: SQLValue, limit: Int) -> (start: SQLValue, size: Int)? {
        switch key {
        case .text(let text):
            let bytes = Array(text.utf8)
            guard bytes.count > limit, bytes.count >= textTail, bytes[bytes.count - textTail] == 0,
                  let size = Int(String(decoding: bytes[(bytes.count - textTail + 1)...].prefix(16), as: UTF8.self), radix: 16)
            else { return nil }
            return (.text(String(decoding: bytes[..<(bytes.count - textTail)], as: UTF8.self)), size)
        case .blob(let data):
            guard data.count > limit, data.count >= blobTail else { return nil }
            let sizeBytes = data[(data.startIndex + data.count - blobTail)...].prefix(8)
            let size = sizeBytes.reduce(0) { $0 << 8 | Int($1) }
            return (.blob(Data(data.prefix(data.count - blobTail))), size)
        default:
            return nil
        }
    }
}

extension Connection {
    /// Registers ``ValueKey`` on this connection.
    func registerValueKey() throws {
        let code = sqlite3_create_function_v2(
            handle, ValueKey.functionName, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, valueKey, nil, nil, nil)
        if code != SQLITE_OK { throw error(code: code, sql: "function \(ValueKey.functionName)") }
    }
}

/// What SQLite calls for `orm_value_key`.
private func valueKey(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 2, let arguments else { return sqlite3_result_null(context) }
    let value = arguments[0]
    let limit = max(0, Int(sqlite3_value_int64(arguments[1])))
    let type = sqlite3_value_type(value)
    guard type == SQLITE_TEXT || type == SQLITE_BLOB else { return sqlite3_result_value(context, value) }
    let isText = type == SQLITE_TEXT
    // The text's bytes as stored or converted to UTF-8; a blob's as they are.
    let start = isText ? sqlite3_value_text(value).map(UnsafeRawPointer.init) : sqlite3_value_blob(value)
    let size = Int(sqlite3_value_bytes(value))
    guard size > limit, let start else { return sqlite3_result_value(context, value) }
    var key = ValueKeyBuilder(limit: limit, isText: isText)
    key.add(UnsafeRawBufferPointer(start: start, count: size))
    key.result(size: size, in: context)
}

/// A long value's key (``ValueKey``) made from its bytes as they come, in one piece or in chunks
/// (``RowValueKey`` reads them 64 KiB at a time): its first bytes kept, all of them hashed
/// (SHA-256). Only values longer than the limit are hashed: a short one is its own key.
struct ValueKeyBuilder {
    /// The bytes of the value's start the key keeps at most.
    package let limit: Int
    /// Whether the value is a text (cut at a character boundary, its tail written in hex).
    package let isText: Bool
    /// The value's first bytes: `limit` of them and one more, which tells a text's boundary.
    private var start: [UInt8] = []
    /// The digest of the bytes so far.
    private var hasher = SHA256.Hasher()

    /// A builder for a value longer than `limit` bytes, a text when `isText`.
    init(limit: Int, isText: Bool) {
        self.limit = limit
        self.isText = isText
        start.reserveCapacity(limit + 1)
    }

    /// Takes the value's next bytes.
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        if start.count <= limit {
            start.append(contentsOf: bytes.prefix(limit + 1 - start.count))
        }
        hasher.add(bytes)
    }

    /// The key's bytes for the value of `size` bytes whose bytes were all added.
    package func key(size: Int) -> [UInt8] {
        let digest = hasher.finish()
        var key: [UInt8] = []
        if isText {
            var end = min(limit, start.count)
            while end > 0 && end < start.count && start[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
            key.reserveCapacity(end + ValueKey.textTail)
            key.append(contentsOf: start[..<end])
            key.append(0)
            let sizeDigits = Array(String(UInt64(size), radix: 16).utf8)
            key.append(contentsOf: Array(repeating: UInt8(ascii: "0"), count: 16 - sizeDigits.count) + sizeDigits)
            key.append(contentsOf: Array(Hex.encode(digest).utf8))
        } else {
            key.reserveCapacity(limit + ValueKey.blobTail)
            key.append(contentsOf: start.prefix(limit))
            for shift in stride(from: 56, through: 0, by: -8) { key.append(UInt8(truncatingIfNeeded: UInt64(size) >> UInt64(shift))) }
            key.append(contentsOf: digest)
        }
        return key
    }

    /// The key of the value of `size` bytes whose bytes were all added, as SQLite's result.
    package func result(size: Int, in context: OpaquePointer?) {
        let key = key(size: size)
        if isText {
            key.withUnsafeBufferPointer { csqlite_result_text(context, $0.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32($0.count)) }
        } else {
            key.withUnsafeBytes { csqlite_result_blob(context, $0.baseAddress, Int32($0.count)) }
        }
    }
}
