import BenchSupport
import CSQLiteRaw
import Foundation

/// The raw SQLite C API: one prepared statement reused, bound by index. The baseline.
final class RawSQLite {
    let db: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
            == SQLITE_OK, let handle
        else { throw BenchmarkError("cannot open \(path)") }
        db = handle
        try exec("PRAGMA journal_mode = WAL")
        try exec("PRAGMA synchronous = NORMAL")
    }

    deinit { sqlite3_close_v2(db) }

    func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkError(String(cString: sqlite3_errmsg(db)))
        }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchmarkError(String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    func insert(_ items: [RawItem]) throws {
        let statement = try prepare("INSERT INTO item (name, score, count, note) VALUES (?, ?, ?, ?)")
        defer { sqlite3_finalize(statement) }
        try exec("BEGIN IMMEDIATE")
        for item in items {
            try insertRow(statement, name: item.name, score: item.score, count: item.count, note: item.note, from: 1)
        }
        try exec("COMMIT")
    }

    /// Inserts the data set's values as they come, in one transaction: each with the rowid SQLite
    /// assigns, or with a random positive 64-bit key (as ORMCore's `.randomInteger` draws it).
    func insert(_ values: [Dataset.Value], randomKeys: Bool = false) throws {
        let sql =
            randomKeys
            ? "INSERT INTO item (id, name, score, count, note) VALUES (?, ?, ?, ?, ?)"
            : "INSERT INTO item (name, score, count, note) VALUES (?, ?, ?, ?)"
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        try exec("BEGIN IMMEDIATE")
        for value in values {
            if randomKeys {
                var inserted = false
                while !inserted {
                    sqlite3_bind_int64(statement, 1, Int64.random(in: 1...Int64.max))
                    inserted = try insertRow(
                        statement, name: value.name, score: value.score, count: value.count, note: value.note, from: 2,
                        collisionAllowed: true)
                }
            } else {
                try insertRow(statement, name: value.name, score: value.score, count: value.count, note: value.note, from: 1)
            }
        }
        try exec("COMMIT")
    }

    /// Binds one row's values from parameter `first` on and steps; false when a key collided.
    @inline(__always) @discardableResult
    private func insertRow(
        _ statement: OpaquePointer, name: String, score: Double, count: Int, note: String?, from first: Int32,
        collisionAllowed: Bool = false
    ) throws -> Bool {
        name.withCString { _ = raw_bind_text(statement, first, $0, -1) }
        sqlite3_bind_double(statement, first + 1, score)
        sqlite3_bind_int64(statement, first + 2, Int64(count))
        if let note {
            note.withCString { _ = raw_bind_text(statement, first + 3, $0, -1) }
        } else {
            sqlite3_bind_null(statement, first + 3)
        }
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        if code == SQLITE_DONE { return true }
        if collisionAllowed && sqlite3_extended_errcode(db) == 1555 { return false }
        throw BenchmarkError(String(cString: sqlite3_errmsg(db)))
    }

    func fetch(_ sql: String, _ bind: (OpaquePointer) -> Void = { _ in }) throws -> [RawItem] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        bind(statement)
        var items: [RawItem] = []
        while sqlite3_step(statement) == SQLITE_ROW { items.append(item(statement)) }
        return items
    }

    /// Like ``fetch(_:_:)``, into instances of a plain class (``RawObject`` or ``PaddedRawObject``):
    /// what one object per row costs at least.
    func fetchObjects<Object>(_ sql: String, as make: (consuming RawItem) -> Object) throws -> [Object] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var objects: [Object] = []
        while sqlite3_step(statement) == SQLITE_ROW { objects.append(make(item(statement))) }
        return objects
    }

    /// The current row's values.
    @inline(__always)
    private func item(_ statement: OpaquePointer) -> RawItem {
        RawItem(
            id: sqlite3_column_int64(statement, 0), name: text(statement, 1),
            score: sqlite3_column_double(statement, 2), count: Int(sqlite3_column_int64(statement, 3)),
            note: sqlite3_column_type(statement, 4) == SQLITE_NULL ? nil : text(statement, 4))
    }

    private func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, index) else { return "" }
        return String(cString: bytes)
    }
}

/// ``RawItem`` as a plain Swift class: no lock, no state, no identity map. Open only for
/// ``PaddedRawObject``.
class RawObject {
    var id: Int64
    var name: String
    var score: Double
    var count: Int
    var note: String?
    init(_ item: consuming RawItem) {
        id = item.id
        name = item.name
        score = item.score
        count = item.count
        note = item.note
    }
}

/// ``RawObject`` with unused words added, as big as an ORMCore `Item` instance was before its
/// bookkeeping shrank from 48 bytes to 32 (120 bytes): the same work per row, on an object of that
/// size. With glibc, blocks past 128 bytes (an object
/// past 120) are no longer kept in the fast bins when freed: a run's freed objects merge and are
/// trimmed back to the kernel, and the next run takes a page fault per 4 KB again. This separates
/// that cost of size from the ORM's own work.
final class PaddedRawObject: RawObject {
    let padding: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
}

/// ``RawObject`` padded to 104 bytes, the largest object in glibc's next smaller block (112 bytes
/// against 128), and an ORMCore `Item`'s size: the same work per row on an object of the ORM's
/// size, what its object costs at least.
final class SmallerPaddedRawObject: RawObject {
    let padding: (Int, Int, Int, Int) = (0, 0, 0, 0)
}

/// The bytes malloc reserved for an object's instance (its usable size).
func instanceBytes(_ object: AnyObject) -> Int {
    raw_usable_size(Unmanaged.passUnretained(object).toOpaque())
}
