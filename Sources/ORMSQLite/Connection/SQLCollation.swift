import CSQLite
import ORMShared

/// An order of texts written in Swift, registered on every connection of a database through
/// ``Configuration/collations``: a column declared `COLLATE name`, or an expression followed by
/// it, sorts, groups and compares its texts by it. SQLite only.
///
/// The comparison reads the two texts' UTF-8 bytes where SQLite holds them (no copy) and answers
/// as `strcmp` does: negative when the first comes first, zero when they are equal, positive
/// otherwise. It must be a total order (equal texts always equal, the same answer every time), or
/// SQLite's sorts and indexes give wrong results.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.collations = [
///     SQLCollation("by_length") { left, right in left.count - right.count }
/// ]
/// let db = try Database(path: "words.sqlite", configuration: configuration)
/// try db.fetchAll("SELECT word FROM words ORDER BY word COLLATE by_length")
/// ```
public struct SQLCollation: Sendable {
    /// The name SQL calls it by (`COLLATE name`).
    public let name: String
    /// The comparison of two texts' UTF-8 bytes.
    public let compare: @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int

    /// Describes a collation.
    public init(_ name: String, compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int) {
        self.name = name
        self.compare = compare
    }
}

extension Configuration {
    /// Orders of texts written in Swift that SQL may name, registered on every connection.
    /// SQLite only.
    public var collations: [SQLCollation] {
        get { driverOptions[[SQLCollation].self] ?? [] }
        set { driverOptions[[SQLCollation].self] = newValue }
    }
}

extension Connection {
    /// Registers `collation` on this connection.
    package func register(_ collation: SQLCollation) throws {
        let box = Unmanaged.passRetained(CollationBox(collation.compare)).toOpaque()
        let code = sqlite3_create_collation_v2(handle, collation.name, SQLITE_UTF8, box, compareWithSwift, releaseSwiftCollation)
        if code != SQLITE_OK {
            // SQLite calls the destructor only when the collation was made.
            Unmanaged<CollationBox>.fromOpaque(box).release()
            throw error(code: code, sql: "collation \(collation.name)")
        }
    }
}

/// Keeps a collation's comparison alive while SQLite holds it.
private final class CollationBox {
    let compare: @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int

    init(_ compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int) {
        self.compare = compare
    }
}

/// What SQLite calls to compare two texts: the Swift comparison on their bytes, its sign as an `Int32`.
private func compareWithSwift(
    _ data: UnsafeMutableRawPointer?, _ leftCount: Int32, _ left: UnsafeRawPointer?, _ rightCount: Int32,
    _ right: UnsafeRawPointer?
) -> Int32 {
    guard let data else { return 0 }
    let box = Unmanaged<CollationBox>.fromOpaque(data).takeUnretainedValue()
    let answer = box.compare(UnsafeRawBufferPointer(start: left, count: left == nil ? 0 : Int(leftCount)),
                             UnsafeRawBufferPointer(start: right, count: right == nil ? 0 : Int(rightCount)))
    return answer < 0 ? -1 : (answer > 0 ? 1 : 0)
}

/// Releases a collation's comparison when SQLite drops it (or its connection closes).
private func releaseSwiftCollation(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<CollationBox>.fromOpaque(data).release()
}
