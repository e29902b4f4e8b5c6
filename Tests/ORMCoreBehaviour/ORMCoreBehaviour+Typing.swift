import Foundation
import ORMCore
import XCTest

// Literals compared with columns of a known type, numbers used as conditions beside AND, OR and
// NOT, sums and text given to fetch(where:), and tables found at run time: one answer on both
// databases, or the same ORMCore error on both before either database sees the text.
extension ORMCoreBehaviour {
    /// Six flags f1…f6: even ones active, level the number mod 3, ref the number mod 4 as text.
    func flagged() throws -> Database {
        let db = try fresh()
        try db.transaction { _ in
            for number in 1...6 {
                let flag = BFlag()
                flag.label = "f\(number)"
                flag.active = number % 2 == 0
                flag.level = number % 3
                flag.ref = "\(number % 4)"
                try flag.commit(in: db)
            }
        }
        return db
    }

    /// Asserts that `body` throws ``ORMError/invalidQuery(_:)`` whose text names `column`.
    func assertRefused<T>(_ body: @autoclosure () throws -> T, naming column: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), "\(name): refused", line: line) { error in
            guard case ORMError.invalidQuery(let detail) = error else {
                return XCTFail("\(name): \(error) is not ORMCore's invalidQuery", line: line)
            }
            XCTAssertTrue(detail.contains(column), "\(name): \(detail) names \(column)", line: line)
        }
    }

    /// A text compared with a `Bool` column is read as PostgreSQL reads it ('true', 't', 'yes',
    /// 'on', '1' and their opposites, in any case) on both databases; any other text is refused
    /// on both.
    public func testATextComparedWithABoolColumnIsReadAsATruthValue() throws {
        let flags = BFlag.query(in: try flagged())
        XCTAssertEqual(try flags.where("active = 'true'").orderBy("label").fetch().map(\.label), ["f2", "f4", "f6"], name)
        XCTAssertEqual(try flags.where("active = 'F'").count(), 3, name)
        XCTAssertEqual(try flags.where("'yes' = active AND level = 1").count(), 1, name)
        XCTAssertEqual(try flags.where("active <> 'on'").orderBy("label").fetch().map(\.label), ["f1", "f3", "f5"], name)
        XCTAssertEqual(try flags.where("active IN ('1')").count(), 3, name)
        assertRefused(try flags.where("active = 'maybe'").count(), naming: "active")
        assertRefused(try flags.where("active = 2").count(), naming: "active")
    }

    /// An integer column or number beside `AND`, `OR` or `NOT`, a number before a `Bool` column,
    /// and a `Bool` or text column `IN` a list of numbers give SQLite's answers on both databases.
    public func testNumbersBesideConnectivesAndInListsGiveOneAnswer() throws {
        let flags = BFlag.query(in: try flagged())
        XCTAssertEqual(try flags.where("NOT level").orderBy("label").fetch().map(\.label), ["f3", "f6"], name)
        XCTAssertEqual(try flags.where("level AND active").orderBy("label").fetch().map(\.label), ["f2", "f4"], name)
        XCTAssertEqual(try flags.where("active OR level").count(), 5, name)
        XCTAssertEqual(try flags.where("level BETWEEN 1 AND 2 AND active").count(), 2, "\(name): BETWEEN's AND joins nothing")
        XCTAssertEqual(try flags.where("1 = active").count(), 3, name)
        XCTAssertEqual(try flags.where("0 <> active AND (level <> 0)").count(), 2, name)
        XCTAssertEqual(try flags.where("active IN (1)").orderBy("label").fetch().map(\.label), ["f2", "f4", "f6"], name)
        XCTAssertEqual(try flags.where("active NOT IN (0)").count(), 3, name)
        XCTAssertEqual(try flags.where("ref IN (1, 2)").orderBy("label").fetch().map(\.label), ["f1", "f2", "f5", "f6"], name)
        XCTAssertEqual(try flags.where("BFlag.level AND NOT BFlag.active").count(), 2, "\(name): Table.column alike")
    }

    /// `sum` of a text column is refused on both databases (SQLite would add what it reads of each
    /// text as a number, PostgreSQL has no sum of text), naming the column; numbers still sum.
    public func testTheSumOfATextColumnIsRefusedOnBoth() throws {
        let flags = BFlag.query(in: try flagged())
        assertRefused(try flags.sum("label"), naming: "label")
        assertRefused(try flags.sum("REF"), naming: "ref")
        XCTAssertEqual(try flags.sum("level"), .integer(6), name)
    }

    /// A `Date` column compared with a number compares its seconds since 1970 (as SQLite stores
    /// it) on both databases; compared with a text it is refused on both.
    public func testADateComparedWithANumberComparesItsSeconds() throws {
        let db = try fresh()
        try db.transaction { _ in
            for (index, seconds) in [0, 1_700_000_000, 1_800_000_000.5].enumerated() {
                try BItem.make(name: "at \(index)", stock: index, price: 0, added: Date(timeIntervalSince1970: seconds)).commit(in: db)
            }
        }
        let items = BItem.query(in: db)
        XCTAssertEqual(try items.where("added > 1000").orderBy("stock").fetch().map(\.stock), [1, 2], name)
        XCTAssertEqual(try items.where("added = 0").first()?.stock, 0, name)
        XCTAssertEqual(try items.where("1800000000.5 = added").first()?.stock, 2, name)
        XCTAssertEqual(try items.where("added IN (1700000000)").first()?.stock, 1, name)
        assertRefused(try items.where("added > '2024-01-01'").count(), naming: "added")
    }

    /// `fetch(where:orderedBy:)` reads names, paths and literals as the builder's `where` and
    /// `orderBy` do.
    public func testFetchWhereResolvesNamesAsTheBuilderDoes() throws {
        let db = try employees()
        XCTAssertEqual(
            try BEmployee.fetch(where: "payrollNumber > 27", orderedBy: "employeeId DESC", in: db).map(\.employeeId),
            [130, 129, 128], name)
        XCTAssertEqual(
            try BEmployee.fetch(where: "bDepartment.Name = ? AND PAYROLLNUMBER <= 4", ["R&D"], orderedBy: "Name", in: db)
                .map(\.Name),
            ["emp 1", "emp 3"], "\(name): a dot path joins")
        let flagsDB = try flagged()
        XCTAssertEqual(try BFlag.fetch(where: "active = 1 AND level", orderedBy: "label", in: flagsDB).map(\.label), ["f2", "f4"], name)
        XCTAssertEqual(try BFlag.fetch(where: "active = 'true' AND $PK > 2", in: flagsDB).count, 2, name)
        assertRefused(try BFlag.fetch(where: "active = 'maybe'", in: flagsDB), naming: "active")
        let first = try XCTUnwrap(try BDepartment.fetch(where: "Name = 'R&D'", in: db).first, name)
        XCTAssertEqual(try first.related(BEmployee.self, by: "BDEPARTMENT").count, 15, "\(name): related names a column in any case")
    }

    /// A table found at run time reads literals by its columns' declared types: a model's table
    /// opened as a `DynamicTable` answers as the model's query does.
    public func testATableFoundAtRunTimeReadsLiteralsByItsColumnTypes() throws {
        let db = try flagged()
        let table = try db.table("BFlag").query()
        XCTAssertEqual(try table.where("active = 1").count(), 3, name)
        XCTAssertEqual(try table.where("level AND active").count(), 2, name)
        XCTAssertEqual(try table.where("level").count(), 4, name)
        XCTAssertEqual(try table.where("ref = 1").count(), 2, name)
        XCTAssertEqual(try table.where("ref IN (1, 2)").count(), 4, name)
        assertRefused(try table.sum("label"), naming: "label")
    }
}
