import FoundationEssentials
import ORMShared

/// On PostgreSQL, the key that stands for a long text or `bytea` where a statement groups, sorts
/// or compares values (reef's `F` and `I`), made on the server, so that libpq, which receives a
/// row whole, never receives the value: what SQLite's ``ValueKey`` is to a SQLite value.
///
/// A value of at most `limit` bytes is itself. A longer one is its start, its size in bytes and
/// the SHA-256 of its bytes (a text's in UTF-8), computed by the server (PostgreSQL 11 and later
/// have `sha256(bytea)`; older servers only `md5`, ``Digest``): a text's first `limit`
/// characters, a U+0001, 16 hex digits of the size and the digest's in hex; a `bytea`'s first
/// `limit` bytes, the size as 8 bytes, big-endian, and the digest's bytes. Two long values get one
/// key only when they are equal (short of a SHA-256 collision, which no one has found; MD5's can
/// be made on purpose). A key is longer than `limit` bytes, which no value given back as itself
/// is: ``decode(_:kind:limit:digest:)`` tells them apart. Keys order as their values' starts do.
///
/// ```swift
/// let key = ServerValueKey.select("body", kind: .text, limit: 1_024)
/// try db.fetchAll("SELECT \(sql: key), count(*) FROM docs GROUP BY 1")
/// ```
public enum ServerValueKey {
    /// The digest a key ends with: the server's `sha256` where it has one (PostgreSQL 11 and
    /// later), else its `md5` (``forServer(version:)``).
    public enum Digest: Sendable, Equatable {
        /// SHA-256, 32 bytes.
        case sha256
        /// MD5, 16 bytes: what PostgreSQL 10 and older have.
        case md5

        /// The digest a server of `version` (`server_version_num`, `110000` for 11.0) computes.
        public static func forServer(version: Int) -> Digest {
            version >= 110_000 ? .sha256 : .md5
        }

        /// The digest the server of `database` computes (asked of it: one statement).
        public static func of(_ database: Database) throws -> Digest {
            let rows = try database.fetchAll("SELECT CAST(current_setting('server_version_num') AS integer)")
            guard case .integer(let version)? = rows.first?.first else {
                return .md5
            }
            return forServer(version: Int(version))
        }

        /// Its size in bytes.
        package var byteCount: Int { self == .sha256 ? 32 : 16 }

        /// The server's function computing it over a `bytea`.
        package var function: String { self == .sha256 ? "sha256" : "md5" }

        /// The expression of `bytes`' digest as a `bytea` (`md5` gives hex text).
        package func bytes(of bytes: SQL) -> SQL {
            self == .sha256 ? "sha256(\(sql: bytes))" : "decode(md5(\(sql: bytes)), 'hex')"
        }
    }

    /// What a text's key holds past its start with `digest`: a U+0001, 16 hex digits of the size,
    /// the digest's hex digits.
    package static func textTail(_ digest: Digest) -> Int { 1 + 16 + 2 * digest.byteCount }
    /// What a `bytea`'s key holds past its start with `digest`: the size (8 bytes) and the digest.
    package static func blobTail(_ digest: Digest) -> Int { 8 + digest.byteCount }
    /// The most bytes a key holds past the value's start.
    public static let longestTail = max(textTail(.sha256), blobTail(.sha256))

    /// The expression that gives the key of `column` (a `kind` column of the statement's rows),
    /// keeping `limit` bytes of a value as itself, ending with `digest`.
    public static func select(_ column: String, kind: LongValueKind, limit: Int, digest: Digest = .sha256) -> SQL {
        let limit = String(max(0, limit))
        let key: SQL = switch kind {
        case .text:
            """
            substr(\(identifier: column), 1, \(raw: limit)) || chr(1) || \
            lpad(to_hex(CAST(octet_length(\(identifier: column)) AS bigint)), 16, '0') || \
            encode(\(sql: digest.bytes(of: "convert_to(\(identifier: column), 'UTF8')")), 'hex')
            """
        case .blob:
            """
            substr(\(identifier: column), 1, \(raw: limit)) || int8send(CAST(octet_length(\(identifier: column)) AS bigint)) || \
            \(sql: digest.bytes(of: "\(identifier: column)"))
            """
        }
        return "CASE WHEN octet_length(\(identifier: column)) > \(raw: limit) THEN \(sql: key) ELSE \(identifier: column) END"
    }

    /// The start (a text's cut to `limit` bytes at a character boundary, as SQLite's key keeps
    /// it), the full size in bytes and the digest of the value `key` stands for, when it is a key
    /// of a `kind` value made with `limit` and `digest`; nil for a value given back as itself.
    public static func decode(_ key: SQLValue, kind: LongValueKind, limit: Int, digest: Digest = .sha256)
        -> (start: SQLValue, size: Int, digest: Data)?
    {
        let textTail = textTail(digest)
        let blobTail = blobTail(digest)
        switch (key, kind) {
        case (.text(let text), .text):
            let bytes = Array(text.utf8)
            guard bytes.count > limit, bytes.count >= textTail, bytes[bytes.count - textTail] == 1 else { return nil }
            let tail = bytes[(bytes.count - textTail + 1)...]
            guard let size = Int(String(decoding: tail.prefix(16), as: UTF8.self), radix: 16),
                  let found = Hex.decode(String(decoding: tail.dropFirst(16), as: UTF8.self)), found.count == digest.byteCount
            else { return nil }
            var end = min(limit, bytes.count - textTail)
            while end > 0 && end < bytes.count - textTail && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
            return (.text(String(decoding: bytes[..<end], as: UTF8.self)), size, Data(found))
        case (.blob(let data), .blob):
            guard data.count > limit, data.count >= blobTail else { return nil }
            let bytes = Array(data)
            let size = bytes[(bytes.count - blobTail)...].prefix(8).reduce(0) { $0 << 8 | Int($1) }
            return (.blob(Data(bytes[..<(bytes.count - blobTail)])), size, Data(bytes.suffix(digest.byteCount)))
        default:
            return nil
        }
    }

    /// The condition that keeps the rows whose `column` (a `kind` column) holds the long value of
    /// `size` bytes whose digest is `digest` (as ``decode(_:kind:limit:digest:)`` gives them: its
    /// SHA-256, or its MD5 from a server older than 11, told by its size), both bound.
    public static func matching(_ column: String, kind: LongValueKind, size: Int, digest: Data) -> SQL {
        let bytes: SQL = kind == .text ? "convert_to(\(identifier: column), 'UTF8')" : "\(identifier: column)"
        let function: Digest = digest.count == Digest.md5.byteCount ? .md5 : .sha256
        return "(octet_length(\(identifier: column)) = \(size) AND \(sql: function.bytes(of: bytes)) = \(SQLValue.blob(digest)))"
    }
}
