import Foundation
import ORMCore
import XCTest

// A batched result set's windows read after the first: an error reaching the caller, never an
// empty or a made-up result.
extension ORMCoreBehaviour {
    /// A later window that fails to load (its table dropped) throws from every throwing way of
    /// reading the set; windows in memory still read.
    public func testALaterWindowThatFailsThrows() throws {
        let db = try employees()
        let set = try BEmployee.query(in: db).orderBy("employeeId").batch(5).fetch()
        XCTAssertEqual(set.count, 30, name)
        XCTAssertEqual(set[2].employeeId, 103, name)
        try db.execute("DROP TABLE \(identifier: "BEmployee")")
        XCTAssertThrowsError(try set.array, "\(name): the windows not read throw")
    }
}
