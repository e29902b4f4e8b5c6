import Foundation
import ORMCore
import XCTest

// SQLite's loose typing in builder text (a number for true, a Bool column as 0 or 1, text compared
// with a number), read the same on PostgreSQL, where a Bool column is `boolean`.
extension ORMCoreBehaviour {
    /// A `Bool` column compared with 0 or 1, a number or a number column standing for true, the sum
    /// of a `Bool` column, a text column compared with a number, and a `joinTo` from a text column
    /// to a number column give SQLite's answers on every database.
    public func testNumbersAsTruthAndTextComparedWithNumbersGiveSQLitesAnswers() throws {
        let db = try fresh()
        try db.transaction { _ in
            for number in 1...2 {
                let level = BLevel()
                level.number = number
                level.title = "level \(number)"
                try level.commit(in: db)
            }
            for number in 1...6 {
                let flag = BFlag()
                flag.label = "f\(number)"
                flag.active = number % 2 == 0
                flag.level = number % 3
                flag.ref = "\(number % 4)"
                try flag.commit(in: db)
            }
        }
        let flags = BFlag.query(in: db)
        XCTAssertEqual(try flags.where("active = 1").orderBy("label").fetch().map(\.label), ["f2", "f4", "f6"], name)
        XCTAssertEqual(try flags.where("active = 0 AND (level <> 0)").count(), 2, name)
        XCTAssertEqual(try flags.where("(active != 0)").count(), 3, name)
        XCTAssertEqual(try flags.where("level").count(), 4, "\(name): a number column stands for true unless 0")
        XCTAssertEqual(try flags.where("1").count(), 6, name)
        XCTAssertEqual(try flags.where("0").count(), 0, name)
        XCTAssertEqual(try flags.sum("active"), .integer(3), name)
        XCTAssertEqual(try flags.where("ref = 1").orderBy("label").fetch().map(\.label), ["f1", "f5"], name)
        XCTAssertEqual(try flags.where("ref <> 0 AND active").count(), 2, name)
        let joined = flags.joinTo(BLevel.self, leftParameter: "ref", targetParameter: "number")
        XCTAssertEqual(try joined.where("BLevel.title IS NOT NULL").orderBy("label").fetch().map(\.label), ["f1", "f2", "f5", "f6"], name)
        XCTAssertEqual(try joined.orderBy("label").fetch().first?.joinedValues["BLevel.title"], .text("level 1"), name)
    }
}

/// A flag: a `Bool`, a number and a text column.
@Model(table: "BFlag")
final class BFlag {
    var label: String = ""
    var active: Bool = false
    var level: Int = 0
    var ref: String = ""
}

/// A level a flag's text `ref` names by number.
@Model(table: "BLevel")
final class BLevel {
    var number: Int = 0
    var title: String = ""
}
