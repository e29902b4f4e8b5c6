import FoundationEssentials
import ORMCore

/// How the grouped columns of a frequency table hold long values: as keys the database made in
/// their place (SQLite's ``ORMCore/ValueKey``, PostgreSQL's ``ORMCore/ServerValueKey``), each
/// shown as its value's start and size, and filtered by when `Enter` opens the group's rows.
///
/// ```swift
/// let keys = GroupValueKeys(limit: 1_024, columns: 1, serverKinds: [.text])
/// keys.decode(row[0], column: 0)  // (start: .text("Zoë…"), size: 52_428_800, digest: …)
/// ```
struct GroupValueKeys: Sendable, Equatable {
    /// The bytes of a value kept as itself: a longer value is a key.
    let limit: Int
    /// How many leading columns hold keys.
    let columns: Int
    /// On PostgreSQL, what each grouped column keyed on the server holds (nil: not keyed, its
    /// values as they are); nil on SQLite, where every text and blob over the limit is a key.
    let serverKinds: [LongValueKind?]?
    /// The digest the server's keys end with.
    var serverDigest: ServerValueKey.Digest = .sha256

    /// The start, full size in bytes and digest (PostgreSQL's; nil on SQLite, whose key is
    /// compared whole) of the long value that `value`, read from grouped column `index`, stands
    /// for; nil for a value as itself.
    func decode(_ value: SQLValue, column index: Int) -> (start: SQLValue, size: Int, digest: Data?)? {
        guard index < columns else {
            return nil
        }
        guard let serverKinds else {
            return ValueKey.decode(value, limit: limit).map { ($0.start, $0.size, nil) }
        }
        guard serverKinds.indices.contains(index), let kind = serverKinds[index] else {
            return nil
        }
        return ServerValueKey.decode(value, kind: kind, limit: limit, digest: serverDigest).map { ($0.start, $0.size, $0.digest) }
    }

    /// Whether any of `values` (a row's grouped columns first) is a key.
    func holdsKey(_ values: [SQLValue]) -> Bool {
        values.indices.contains { decode(values[$0], column: $0) != nil }
    }
}
