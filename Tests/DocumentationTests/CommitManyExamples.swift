import Foundation
import ORMCore
import XCTest

/// The transactions guide's example of many objects committed and removed in one call, run as
/// written.
final class CommitManyExamples: XCTestCase {
    func testManyObjectsAreCommittedWithTheirKeysAndRemoved() throws {
        let db = try Database(path: ":memory:")
        let names = ["Ann", "", "Bo"]
        let staff = names.map { name in
            let employee = Employee()
            employee.name = name
            return employee
        }
        try db.commit(staff)      // every key set when it returns
        try db.remove(staff.filter { $0.name.isEmpty })
        XCTAssertEqual(staff.map(\.id), [1, 2, 3])
        XCTAssertEqual(try Employee.query(in: db).fetch().map(\.name), ["Ann", "Bo"])
    }
}
