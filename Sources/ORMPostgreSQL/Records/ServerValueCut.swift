import FoundationEssentials
import ORMShared

/// How a query over a PostgreSQL table reads the values its records keep only the start of
/// (``DynamicTable/query(cuttingValuesAt:computing:joining:)``): cut on the server, so that libpq,
/// which receives a row whole, never receives a 50 MB value (a `bytea`'s twice that, in hex).
///
/// The statement selects, in place of each `text`, `varchar`, `char` or `bytea` column, the value
/// itself when it holds at most `limit` bytes, else a marker longer than `limit` bytes: a text's
/// first `limit` characters, a U+0001 and its size in bytes in decimal; a `bytea`'s first `limit`
/// bytes and its size as 8 bytes, big-endian (`octet_length` reads no value; `substr` reads the
/// stored value up to the piece's end). Any value read back longer than `limit` bytes is a
/// marker, whatever it holds: ``decode(_:column:)`` tells its start and size.
///
/// ```swift
/// let cut = ServerValueCut(limit: 1_024, texts: ["body"], blobs: ["data"])
/// cut.select("\"t\".\"body\"", column: "body")  // CASE WHEN octet_length("t"."body") > 1024 THEN …
/// ```
final class ServerValueCut: LongValueCut {
    /// The bytes of a value kept.
    package let limit: Int
    /// The text columns cut so.
    package let texts: Set<String>
    /// The `bytea` columns cut so.
    package let blobs: Set<String>

    /// The columns of `info` a query that keeps `limit` bytes cuts on the server, among `cut`;
    /// nil when there is none.
    init?(limit: Int, info: TableInfo, cutting cut: [String]) {
        var texts: Set<String> = [], blobs: Set<String> = []
        let cut = Set(cut)
        for column in info.columns where cut.contains(column.name) {
            switch PostgresLongValueType.kind(of: column.declaredType) {
            case .text: texts.insert(column.name)
            case .blob: blobs.insert(column.name)
            case nil: break
            }
        }
        guard !texts.isEmpty || !blobs.isEmpty else { return nil }
        self.limit = max(0, limit)
        self.texts = texts
        self.blobs = blobs
    }

    /// The expression selected instead of `qualified` (`column` qualified by its table), nil for
    /// a column read as it is.
    package func select(_ qualified: String, column: String) -> String? {
        let long = "CASE WHEN octet_length(\(qualified)) > \(limit) THEN "
        if texts.contains(column) {
            return long + "substr(\(qualified), 1, \(limit)) || chr(1) || octet_length(\(qualified)) ELSE \(qualified) END"
        }
        if blobs.contains(column) {
            return long + "substr(\(qualified), 1, \(limit)) || int8send(CAST(octet_length(\(qualified)) AS bigint)) "
                + "ELSE \(qualified) END"
        }
        return nil
    }

    /// The start and full size in bytes of the value a marker read from `column` stands for; nil
    /// for a value read as itself (at most ``limit`` bytes, or a column not cut).
    package func decode(_ value: SQLValue, column: String) -> (start: SQLValue, size: Int)? {
        switch value {
        case .text(let text) where texts.contains(column) && text.utf8.count > limit:
            let bytes = Array(text.utf8)
            guard let separator = bytes.lastIndex(of: 1),
                  let size = Int(String(decoding: bytes[(separator + 1)...], as: UTF8.self)) else { return nil }
            return (.text(String(decoding: bytes[..<separator], as: UTF8.self)), size)
        case .blob(let data) where blobs.contains(column) && data.count > limit && data.count >= 8:
            let size = data.suffix(8).reduce(0) { $0 << 8 | Int($1) }
            return (.blob(Data(data.dropLast(8))), size)
        default:
            return nil
        }
    }
}
