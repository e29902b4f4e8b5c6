import Foundation
import ORMCore
import XCTest

// A batched result set's windows read after the first: an error reaching the caller, never an
// empty or a made-up result.
extension ORMCoreBehaviour {
    /// A later window that fails to load (its table dropped) throws from every throwing way of
    /// reading the set (`record(at:)`, `records(in:)`, `forEachRecord`, `array`); windows in
    /// memory still read, and the subscript, which cannot throw, sets `windowError`.
    public func testALaterWindowThatFailsThrows() throws {
        let db = try employees()
        let set = try BEmployee.query(in: db).orderBy("employeeId").batch(5).fetch()
        XCTAssertEqual(try set.checkedCount(), 30, name)
        XCTAssertEqual(try set.record(at: 2).employeeId, 103, name)
        XCTAssertEqual(try set.records(in: 5..<7).map(\.employeeId), [106, 107], "\(name): a later window, read")
        try db.execute("DROP TABLE \(identifier: "BEmployee")")

        XCTAssertEqual(try set.record(at: 6).employeeId, 107, "\(name): a window in memory still reads")
        XCTAssertThrowsError(try set.record(at: 20), name) { error in
            XCTAssertTrue(error is any DatabaseError, "\(name): the database's own error: \(error)")
        }
        XCTAssertNotNil(set.windowError, name)
        XCTAssertThrowsError(try set.records(in: 0..<30), name)
        var given: [Int] = []
        XCTAssertThrowsError(try set.forEachRecord { given.append($0.employeeId) }, name)
        XCTAssertEqual(given, Array(101...110), "\(name): the windows before the failed one, none of it")
        XCTAssertThrowsError(try set.array, "\(name): the windows not read throw")
        _ = set[20]
        XCTAssertNotNil(set.windowError, "\(name): the subscript gives what it can and says why")
        assertRefused(try set.record(at: 30), naming: "30")
    }
}
