import Foundation
import ORMCore
import XCTest

// Bound values, expressions beside a typed column, and aggregates' result types: one answer on
// both databases, or the same ORMCore error on both before either database sees the statement.
extension ORMCoreBehaviour {
    /// A value bound where it is compared with a column of a known type is read by that column,
    /// as a literal written there is: a truth text or 0 and 1 for a `Bool`, seconds for a `Date`,
    /// numeric text for a number column; what the two databases cannot read alike is refused on
    /// both, naming the column.
    public func testBoundValuesAreReadByTheColumnTheyAreComparedWith() throws {
        let flags = BFlag.query(in: try flagged())
        XCTAssertEqual(try flags.where("active = ?", 1).count(), 3, name)
        XCTAssertEqual(try flags.where("active = ?", true).count(), 3, name)
        XCTAssertEqual(try flags.where("active = ?", "true").orderBy("label").fetch().map(\.label), ["f2", "f4", "f6"], name)
        XCTAssertEqual(try flags.where("? = active", "no").count(), 3, name)
        XCTAssertEqual(try flags.where("active IN ?", ["t", "yes"]).count(), 3, "\(name): a bound list")
        XCTAssertEqual(try flags.where("active = \("on") AND level = \(1)").count(), 1, "\(name): interpolated")
        assertRefused(try flags.where("active = ?", 2).count(), naming: "active")
        assertRefused(try flags.where("active = ?", "maybe").count(), naming: "active")
        XCTAssertEqual(try flags.where("ref = ?", 1).count(), 2, "\(name): a number compared with a text column is its digits")
        XCTAssertEqual(try flags.where("level = ?", "1").count(), 2, "\(name): numeric text compared with a number column")
        XCTAssertEqual(try flags.where("level IN ?", ["1", "2"]).count(), 4, name)
        assertRefused(try flags.where("level = ?", "one").count(), naming: "level")
        assertRefused(try flags.where("level = 'one'").count(), naming: "level")
        XCTAssertEqual(try BFlag.fetch(where: "active = ? AND level > ?", ["yes", "0"], in: try flagged()).count, 2, name)

        let db = try fresh()
        try db.transaction { _ in
            for (index, seconds) in [0, 1_700_000_000, 1_800_000_000.5].enumerated() {
                try BItem.make(name: "at \(index)", stock: index, price: 0, added: Date(timeIntervalSince1970: seconds)).commit(in: db)
            }
        }
        let items = BItem.query(in: db)
        XCTAssertEqual(try items.where("added > ?", 1000).orderBy("stock").fetch().map(\.stock), [1, 2], name)
        XCTAssertEqual(try items.where("added = ?", 1_800_000_000.5).first()?.stock, 2, name)
        XCTAssertEqual(try items.where("added = ?", Date(timeIntervalSince1970: 1_700_000_000)).first()?.stock, 1, name)
        assertRefused(try items.where("added > ?", "2024-01-01").count(), naming: "added")
    }

    /// A column that stores text or dates used as a condition, and a `Bool`, `Date` or text column
    /// compared with arithmetic, are refused on both databases (SQLite would read the text as a
    /// number, or the arithmetic's number as the column's type; PostgreSQL refuses both), naming
    /// the column; a number column compared with arithmetic gives one answer.
    public func testExpressionsBesideATypedColumnGiveOneAnswerOrOneError() throws {
        let flags = BFlag.query(in: try flagged())
        assertRefused(try flags.where("label").count(), naming: "label")
        assertRefused(try flags.where("NOT label").count(), naming: "label")
        assertRefused(try flags.where("level = 1 AND label").count(), naming: "label")
        assertRefused(try flags.where("active = 1 + 0").count(), naming: "active")
        assertRefused(try flags.where("ref = level + 1").count(), naming: "ref")
        assertRefused(try BItem.query(in: try fresh()).where("added > 1700000000 + 0").count(), naming: "added")
        XCTAssertEqual(try flags.where("level = 1 + 1").count(), 2, name)
        XCTAssertEqual(try flags.where("level + 1 = 2").count(), 2, name)
    }

    /// `sum` gives the same kind of value on both databases: an integer for integers, a real for
    /// reals, a `Decimal` column's exact sum as its text (`Decimal(string:)` reads it), NULL for
    /// no rows.
    public func testSumsGiveOneValueTypeOnBoth() throws {
        let db = try fresh()
        try db.transaction { _ in
            for (amount, cost, units) in [("1.10", 0.5, 2), ("2.20", 0.25, 3), ("0.05", 1, 5)] {
                let price = BPrice()
                price.amount = Decimal(string: amount) ?? 0
                price.cost = cost
                price.units = units
                try price.commit(in: db)
            }
        }
        let prices = BPrice.query(in: db)
        XCTAssertEqual(try prices.sum("amount"), .text("3.35"), name)
        XCTAssertEqual(try prices.where("units > 2").sum("amount"), .text("2.25"), name)
        XCTAssertEqual(try prices.sum("cost"), .real(1.75), name)
        XCTAssertEqual(try prices.sum("units"), .integer(10), name)
        XCTAssertEqual(try prices.where("units > 100").sum("amount"), .null, name)
        // Integers past the 64-bit range: SQLite's overflow, PostgreSQL's numeric, one error on both.
        let huge = BPrice()
        huge.units = Int.max
        try huge.commit(in: db)
        XCTAssertThrowsError(try prices.sum("units"), name) { error in
            guard case ORMError.invalidQuery(let reason) = error else { return XCTFail("\(name): \(error)") }
            XCTAssertTrue(reason.contains("units"), "\(name): \(reason)")
        }
    }

    /// A `Decimal` column (text on SQLite, `numeric` on PostgreSQL) compares and sorts by size on
    /// both databases: `10.5` after `9`, with a literal, a numeric text or a bound `Decimal`.
    public func testADecimalColumnComparesAndSortsBySizeOnBoth() throws {
        let db = try fresh()
        try db.transaction { _ in
            for amount in ["9", "10.5", "1.25"] {
                let price = BPrice()
                price.amount = Decimal(string: amount) ?? 0
                try price.commit(in: db)
            }
        }
        let prices = BPrice.query(in: db)
        let ordered = { (query: Query<BPrice>) in try query.fetch().map { "\($0.amount)" } }
        XCTAssertEqual(try ordered(prices.orderBy("amount")), ["1.25", "9", "10.5"], name)
        XCTAssertEqual(try ordered(prices.orderBy("AMOUNT", descending: true)), ["10.5", "9", "1.25"], name)
        XCTAssertEqual(try ordered(prices.where("amount > 2").orderBy("amount")), ["9", "10.5"], name)
        XCTAssertEqual(try ordered(prices.where("amount < '10'").orderBy("amount")), ["1.25", "9"], name)
        XCTAssertEqual(try ordered(prices.where("amount >= ?", Decimal(string: "9.5") ?? 0).orderBy("amount")), ["10.5"], name)
        XCTAssertEqual(try prices.where("amount = ?", Decimal(string: "10.50") ?? 0).count(), 1, name)
        XCTAssertEqual(try prices.where("amount = '10.50'").count(), 1, "\(name): an equal text spelt otherwise")
        XCTAssertEqual(try prices.where("amount IN ?", ["1.250", "9.0"]).count(), 2, "\(name): bound text spelt otherwise")
        XCTAssertEqual(try BPrice.fetch(where: "amount > 5", orderedBy: "amount DESC", in: db).map { "\($0.amount)" }, ["10.5", "9"], name)
    }

    /// `groupBy` keys its groups by the same values on both databases: a `Bool` column's 0 and 1,
    /// a `Date` column's seconds, a `Decimal` column's text.
    public func testGroupByKeysAreTheSameValuesOnBoth() throws {
        let flags = BFlag.query(in: try flagged())
        XCTAssertEqual(Set(try flags.groupBy("active").keys), [.integer(0), .integer(1)], name)
        XCTAssertEqual(try flags.groupBy("ref")[.text("1")]?.count, 2, name)
        let db = try fresh()
        let item = BItem.make(name: "a", stock: 1, price: 0.5, added: Date(timeIntervalSince1970: 1_700_000_000.5))
        try item.commit(in: db)
        XCTAssertEqual(Array(try BItem.query(in: db).groupBy("added").keys), [.real(1_700_000_000.5)], name)
        let price = BPrice()
        price.amount = Decimal(string: "1.10") ?? 0
        try price.commit(in: db)
        XCTAssertEqual(Array(try BPrice.query(in: db).groupBy("amount").keys), [.text("1.1")], name)
        XCTAssertEqual(try BItem.query(in: db).distinct("added"), [.real(1_700_000_000.5)], name)
    }

    /// `joinTo` from a `Bool` column, or a `Date` one, to a number column compares the truth's 0
    /// or 1, or the date's seconds, with the number on both databases, as SQLite stores them.
    public func testAJoinFromABoolOrDateColumnToANumberComparesAsStored() throws {
        let db = try flagged()
        try db.transaction { _ in
            for number in 0...1 {
                let level = BLevel()
                level.number = number
                level.title = "level \(number)"
                try level.commit(in: db)
            }
            try BItem.make(name: "epoch", stock: 1, price: 0, added: Date(timeIntervalSince1970: 0)).commit(in: db)
            try BItem.make(name: "later", stock: 2, price: 0, added: Date(timeIntervalSince1970: 5)).commit(in: db)
        }
        let flags = BFlag.query(in: db).joinTo(BLevel.self, leftParameter: "active", targetParameter: "number")
        XCTAssertEqual(
            try flags.orderBy("label").fetch().map { $0.joinedValues["BLevel.title"] ?? .null },
            ["level 0", "level 1", "level 0", "level 1", "level 0", "level 1"].map { SQLValue.text($0) }, name)
        XCTAssertEqual(try flags.where("BLevel.title = 'level 1'").count(), 3, name)
        let items = BItem.query(in: db).joinTo(BLevel.self, leftParameter: "added", targetParameter: "number")
        XCTAssertEqual(
            try items.orderBy("stock").fetch().map { $0.joinedValues["BLevel.title"] ?? .null }, [.text("level 0"), .null], name)
    }
}

/// Amounts of three types, for sums.
@Model(table: "BPrice")
final class BPrice {
    var amount: Decimal = 0
    var cost: Double = 0
    var units: Int = 0
}
