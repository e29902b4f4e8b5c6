import FoundationEssentials

/// On PostgreSQL, the key that stands for a long text or `bytea` where a statement groups, sorts
/// or compares values (reef's `F` and `I`), made on the server, so that libpq, which receives a
/// row whole, never receives the value: what SQLite's ``ValueKey`` is to a SQLite value.
///
/// A value of at most `limit` bytes is itself. A longer one is its start, its size in bytes and
/// the SHA-256 of its bytes (a text's in UTF-8), computed by the server (PostgreSQL 11 and later
/// have `sha256(bytea)`): a text's first `limit` characters, a U+0001, 16 hex digits of the size
/// and 64 of the digest; a `bytea`'s first `limit` bytes, the size as 8 bytes, big-endian, and the
/// digest's 32 bytes. Two long values get one key only when they are equal (short of a SHA-256
/// collision, which no one has found). A key is longer than `limit` bytes, which no value given
/// back as itself is: ``decode(_:kind:limit:)`` tells them apart. Keys order as their values'
/// starts do.
///
/// ```swift
/// let key = ServerValueKey.select("body", kind: .text, limit: 1_024)
/// try db.fetchAll("SELECT \(sql: key), count(*) FROM docs GROUP BY 1")
/// ```
public enum ServerValueKey {
    /// What a text's key holds past its start: a U+0001, 16 hex digits of the size, 64 of the digest.
    static let textTail = 1 + 16 + 64
    /// What a `bytea`'s key holds past its start: the size (8 bytes) and the digest (32).
    static let blobTail = 8 + 32
    /// The most bytes a key holds past the value's start.
    public static let longestTail = max(textTail, blobTail)

    /// The expression that gives the key of `column` (a `kind` column of the statement's rows),
    /// keeping `limit` bytes of a value as itself.
    public static func select(_ column: String, kind: LongValueKind, limit: Int) -> SQL {
        let limit = String(max(0, limit))
        let key: SQL = switch kind {
        case .text:
            """
            substr(\(identifier: column), 1, \(raw: limit)) || chr(1) || \
            lpad(to_hex(CAST(octet_length(\(identifier: column)) AS bigint)), 16, '0') || \
            encode(sha256(convert_to(\(identifier: column), 'UTF8')), 'hex')
            """
        case .blob:
            """
            substr(\(identifier: column), 1, \(raw: limit)) || int8send(CAST(octet_length(\(identifier: column)) AS bigint)) || \
            sha256(\(identifier: column))
            """
        }
        return "CASE WHEN octet_length(\(identifier: column)) > \(raw: limit) THEN \(sql: key) ELSE \(identifier: column) END"
    }

    /// The start (a text's cut to `limit` bytes at a character boundary, as SQLite's key keeps
    /// it), the full size in bytes and the digest of the value `key` stands for, when it is a key
    /// of a `kind` value made with `limit`; nil for a value given back as itself.
    public static func decode(_ key: SQLValue, kind: LongValueKind, limit: Int) -> (start: SQLValue, size: Int, digest: Data)? {
        switch (key, kind) {
        case (.text(let text), .text):
            let bytes = Array(text.utf8)
            guard bytes.count > limit, bytes.count >= textTail, bytes[bytes.count - textTail] == 1 else { return nil }
            let tail = bytes[(bytes.count - textTail + 1)...]
            guard let size = Int(String(decoding: tail.prefix(16), as: UTF8.self), radix: 16),
                  let digest = Hex.decode(String(decoding: tail.dropFirst(16), as: UTF8.self)), digest.count == 32
            else { return nil }
            var end = min(limit, bytes.count - textTail)
            while end > 0 && end < bytes.count - textTail && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
            return (.text(String(decoding: bytes[..<end], as: UTF8.self)), size, Data(digest))
        case (.blob(let data), .blob):
            guard data.count > limit, data.count >= blobTail else { return nil }
            let bytes = Array(data)
            let size = bytes[(bytes.count - blobTail)...].prefix(8).reduce(0) { $0 << 8 | Int($1) }
            return (.blob(Data(bytes[..<(bytes.count - blobTail)])), size, Data(bytes.suffix(32)))
        default:
            return nil
        }
    }

    /// The condition that keeps the rows whose `column` (a `kind` column) holds the long value of
    /// `size` bytes whose SHA-256 is `digest` (as ``decode(_:kind:limit:)`` gives them), both bound.
    public static func matching(_ column: String, kind: LongValueKind, size: Int, digest: Data) -> SQL {
        let bytes: SQL = kind == .text ? "convert_to(\(identifier: column), 'UTF8')" : "\(identifier: column)"
        return "(octet_length(\(identifier: column)) = \(size) AND sha256(\(sql: bytes)) = \(SQLValue.blob(digest)))"
    }
}
