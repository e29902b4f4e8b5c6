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

/// The ORMCore model.
@Model(table: "item", primaryKey: .autoincrement)
final class Item {
    var name: String = ""
    var score: Double = 0
    var count: Int = 0
    var note: String?
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

/// The benchmark data set: deterministic values, a third of the notes NULL.
enum Dataset {
    static func value(_ index: Int) -> (name: String, score: Double, count: Int, note: String?) {
        ("name \((index * 7919) % 100_000) #\(index)", Double((index * 104_729) % 1_000) / 1_000, index,
         index % 3 == 0 ? nil : "note for row \(index)")
    }

    static let createTable = """
        CREATE TABLE item (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL DEFAULT '',
        score REAL NOT NULL DEFAULT 0.0, count INTEGER NOT NULL DEFAULT 0, note TEXT DEFAULT NULL)
        """
}
