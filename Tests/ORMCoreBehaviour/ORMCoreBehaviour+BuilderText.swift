import Foundation
import ORMCore
import XCTest

// The same query, the same answer: names in builder text, the query's tables in a `where`, empty
// lists and batched sets, on SQLite (names compared without regard to case) and PostgreSQL (names
// folded to lower case unless quoted) alike.
extension ORMCoreBehaviour {
    /// 30 employees (payroll numbers 1…30, ids 101…130), odd ones in R&D (London), even ones in
    /// Sales (Paris).
    func employees() throws -> Database {
        let db = try fresh()
        let london = BLocation()
        london.locationName = "London"
        let paris = BLocation()
        paris.locationName = "Paris"
        let rnd = BDepartment()
        rnd.Name = "R&D"
        rnd.location = london
        let sales = BDepartment()
        sales.Name = "Sales"
        sales.location = paris
        try db.transaction { _ in
            for number in 1...30 {
                let employee = BEmployee()
                employee.Name = "emp \(number)"
                employee.payrollNumber = number
                employee.employeeId = 100 + number
                employee.bDepartment = number % 2 == 1 ? rnd : sales
                try employee.commit(in: db)
            }
        }
        return db
    }

    /// Names of the model's columns with capitals, in `where`, `orderBy`, `distinct`, `sum` and
    /// `groupBy`, written in the model's case or another, bare or quoted, mean those columns.
    public func testBuilderNamesOfColumnsWithCapitalsMeanThoseColumns() throws {
        let db = try employees()
        let query = BEmployee.query(in: db)
        XCTAssertEqual(try query.where("Name = ?", "emp 3").first()?.employeeId, 103, name)
        XCTAssertEqual(try query.where("payrollNumber > 5").count(), 25, name)
        XCTAssertEqual(try query.where("PAYROLLNUMBER <= 2 AND \"payrollnumber\" >= 1").count(), 2, "\(name): any case, quoted or not")
        XCTAssertEqual(try query.orderBy("employeeId", descending: true).limit(2).fetch().map(\.employeeId), [130, 129], name)
        XCTAssertEqual(try query.orderBy("payrollNumber % 3").orderBy("Name").limit(2).fetch().map(\.payrollNumber), [12, 15], name)
        XCTAssertEqual(try query.where("payrollNumber <= 3").orderBy("Name").distinct("Name"), ["emp 1", "emp 2", "emp 3"], name)
        XCTAssertEqual(try query.where("payrollNumber <= 3").sum("employeeId"), .integer(306), name)
        XCTAssertEqual(try query.where("payrollNumber <= 3").sum("employeeId * 2"), .integer(612), name)
        let groups = try query.where("payrollNumber <= 4").groupBy("bDepartment")
        XCTAssertEqual(groups.values.map(\.count).sorted(), [2, 2], name)
        XCTAssertEqual(try query.where("employeeId IN ?", [101, 130]).orderBy("employeeid").fetch().map(\.Name), ["emp 1", "emp 30"], name)
    }

    /// A `where` names the query's own table and its `joinTo` tables in any case, beside a dot
    /// path through a relationship of the same name; `joinTo`'s parameters too. Counted, fetched
    /// and batched alike.
    public func testAWhereNamesTheQuerysTablesInAnyCase() throws {
        let db = try employees()
        let inRnD = BEmployee.query(in: db).where("bdepartment.Name = 'R&D'")
            .joinTo(BDepartment.self, leftParameter: "bDepartment", targetParameter: "id")
        XCTAssertEqual(try inRnD.count(), 15, name)
        XCTAssertEqual(try inRnD.fetch().count, 15, name)
        let batched = try inRnD.orderBy("payrollNumber").batch(4).fetch()
        XCTAssertEqual(batched.count, 15, "\(name): a batched set gives what the plain one does")
        XCTAssertEqual(batched[14].payrollNumber, 29, name)
        XCTAssertEqual(batched[0].joinedValues["BDepartment.Name"], .text("R&D"), name)

        let inParis = BEmployee.query(in: db)
            .joinTo(BDepartment.self, leftParameter: "BEMPLOYEE.BDEPARTMENT", targetParameter: "bdepartment.ID")
            .joinTo(BLocation.self, leftParameter: "bdepartment.location", targetParameter: "Id")
            .where("blocation.locationName = 'Paris' AND BEmployee.payrollNumber > 20")
        XCTAssertEqual(try inParis.count(), 5, name)
        XCTAssertEqual(try inParis.orderBy("BLOCATION.LOCATIONNAME").orderBy("payrollNumber").fetch().map(\.payrollNumber), [22, 24, 26, 28, 30], name)
        XCTAssertEqual(try inParis.where("locationname = 'Paris'").count(), 5, "\(name): a joined table's column, alone")
        XCTAssertEqual(try inParis.batch(2).fetch().count, 5, name)

        let byPath = BEmployee.query(in: db).where("BDepartment.location.LocationName = ?", "London")
        XCTAssertEqual(try byPath.count(), 15, "\(name): a relationship's name in another case is a path")
        XCTAssertEqual(try byPath.orderBy("bdepartment.name").distinct("BDEPARTMENT.NAME"), ["R&D"], name)
    }

    /// A batched query the database refuses throws from `fetch()`, as the same query unbatched
    /// does: never an empty set.
    public func testABatchedQueryTheDatabaseRefusesThrows() throws {
        let db = try employees()
        let refused = BEmployee.query(in: db).where("no_such_column = 1")
        XCTAssertThrowsError(try refused.fetch(), name)
        XCTAssertThrowsError(try refused.batch(5).fetch(), "\(name): the first window's error") { error in
            XCTAssertTrue(error is any DatabaseError, "\(name): the database's own error: \(error)")
        }
        let missingTable = BEmployee.query(in: db).where("nowhere.Name = 'x'")
        XCTAssertThrowsError(try missingTable.batch(5).fetch(), name)
        XCTAssertThrowsError(try missingTable.count(), name)
    }

    /// An empty list bound into `IN` matches nothing and into `NOT IN` everything, NULLs included.
    public func testAnEmptyListMatchesNothingAndItsNegationEverything() throws {
        let db = try employees()
        let query = BEmployee.query(in: db)
        XCTAssertEqual(try query.where("payrollNumber IN ?", [Int]()).count(), 0, name)
        XCTAssertEqual(try query.where("payrollNumber NOT IN ?", [Int]()).count(), 30, name)
        XCTAssertEqual(try query.where("Name IN \([String]())").fetch().count, 0, name)
        XCTAssertEqual(try query.where("Name NOT IN \(Set<String>())").batch(7).fetch().count, 30, name)
        XCTAssertEqual(try query.where("bDepartment NOT IN ? OR bDepartment IS NULL", [Int]()).count(), 30, name)
        XCTAssertEqual(
            try db.scalar("SELECT count(*) FROM \(identifier: "BEmployee") WHERE CAST(NULL AS integer) NOT IN \([Int]())"), .integer(30),
            "\(name): NULL is not in an empty list")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM \(identifier: "BEmployee") WHERE CAST(NULL AS integer) IN \([Int]())"), .integer(0), name)
    }
}

/// A location, its one column with a capital inside.
@Model(table: "BLocation")
final class BLocation {
    var locationName: String = ""
}

/// A department: a column named with a capital, and a relationship.
@Model(table: "BDepartment")
final class BDepartment {
    var Name: String = ""
    var location: BLocation?
}

/// An employee: columns with capitals, and a relationship named as its target's table is, but for case.
@Model(table: "BEmployee")
final class BEmployee {
    var Name: String = ""
    var payrollNumber: Int = 0
    var employeeId: Int = 0
    var bDepartment: BDepartment?
}
