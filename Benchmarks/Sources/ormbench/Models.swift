import Foundation
import GRDB
import ORMCore

/// One row of the benchmark table, as plain values (the raw C API builds these).
struct RawItem {
    var id: Int64
    var name: String
    var score: Double
    var count: Int
    var note: String?
}

/// The ORMCore model, with the default key: the rowid SQLite assigns.
@Model(table: "item")
final class Item {
    var name: String = ""
    var score: Double = 0
    var count: Int = 0
    var note: String?
}

/// The same model with the old default key, a random 64-bit integer (for the keys scenario).
@Model(table: "item", primaryKey: .randomInteger)
final class RandomKeyItem {
    var name: String = ""
    var score: Double = 0
    var count: Int = 0
    var note: String?
}

/// The same model with SQLite's AUTOINCREMENT keys (the key the benchmark's earlier figures used).
@Model(table: "item", primaryKey: .autoincrement)
final class AutoincrementItem {
    var name: String = ""
    var score: Double = 0
    var count: Int = 0
    var note: String?
}

/// An ORMCore model of the data set, made from one row's values.
protocol DatasetModel: Model {
    init(_ value: Dataset.Value)
}

extension Item: DatasetModel {
    convenience init(_ value: Dataset.Value) {
        self.init()
        name = value.name
        score = value.score
        count = value.count
        note = value.note
    }
}

extension AutoincrementItem: DatasetModel {
    convenience init(_ value: Dataset.Value) {
        self.init()
        name = value.name
        score = value.score
        count = value.count
        note = value.note
    }
}

extension RandomKeyItem: DatasetModel {
    convenience init(_ value: Dataset.Value) {
        self.init()
        name = value.name
        score = value.score
        count = value.count
        note = value.note
    }
}

/// The GRDB Codable record.
struct GRDBItem: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "item"
    var id: Int64?
    var name: String
    var score: Double
    var count: Int
    var note: String?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// GRDB's fastest record style: columns read by position and written by hand, no Codable.
struct GRDBRowItem: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "item"
    var id: Int64?
    var name: String
    var score: Double
    var count: Int
    var note: String?

    init(id: Int64?, name: String, score: Double, count: Int, note: String?) {
        self.id = id
        self.name = name
        self.score = score
        self.count = count
        self.note = note
    }

    init(row: Row) throws {
        id = row[0]
        name = row[1]
        score = row[2]
        count = row[3]
        note = row[4]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["score"] = score
        container["count"] = count
        container["note"] = note
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// The benchmark data set: deterministic values, a third of the notes NULL.
enum Dataset {
    /// One row's values.
    typealias Value = (name: String, score: Double, count: Int, note: String?)

    static func value(_ index: Int) -> Value {
        ("name \((index * 7919) % 100_000) #\(index)", Double((index * 104_729) % 1_000) / 1_000, index,
         index % 3 == 0 ? nil : "note for row \(index)")
    }

    /// The table ORMCore makes for ``Item`` (the rowid as its key), for all three libraries.
    static let createTable = """
        CREATE TABLE item (id INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL DEFAULT '',
        score REAL NOT NULL DEFAULT 0.0, count INTEGER NOT NULL DEFAULT 0, note TEXT DEFAULT NULL)
        """

    /// The table ORMCore makes for ``AutoincrementItem``.
    static let createAutoincrementTable = createTable.replacingOccurrences(
        of: "PRIMARY KEY,", with: "PRIMARY KEY AUTOINCREMENT,")
}
