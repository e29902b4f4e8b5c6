import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "transient_sessions")
final class TransientSession {
    var user: String = ""
    @Transient var recent: [Int] = []
    let opened: String = "today"
}

/// `@Transient` properties live in the object, are guarded by its lock, and are not persisted,
/// tracked or faulted in.
final class TransientPropertyTests: XCTestCase {
    func testATransientValueIsNeitherStoredNorAChange() throws {
        let db = try makeTestDatabase(self)
        let session = TransientSession()
        session.user = "ann"
        try session.commit(in: db)
        session.recent = [1, 2]
        XCTAssertFalse(session.hasChanges, "a transient value is no change")
        XCTAssertEqual(session.recent, [1, 2])
        XCTAssertEqual(try db.fetchRows("SELECT * FROM transient_sessions").columns, ["id", "user"])
    }

    func testReadingATransientValueDoesNotLoadAFault() throws {
        let db = try makeTestDatabase(self)
        let session = TransientSession()
        session.user = "bo"
        try session.commit(in: db)

        let other = try openSameDatabase(db)  // nothing alive there yet
        let fault = try XCTUnwrap(try TransientSession.query(in: other).fetchLightweight().first)
        XCTAssertTrue(fault.isFault)
        fault.recent = [7]
        XCTAssertEqual(fault.recent, [7])
        XCTAssertTrue(fault.isFault, "only persisted properties load the row")
        XCTAssertEqual(fault.user, "bo")
        XCTAssertEqual(fault.recent, [7], "loading the row keeps the transient value")
    }

    /// Run under the thread sanitizer by `scripts/test`: without the object's lock around the
    /// transient storage, these writes and reads race.
    func testThreadsWriteAndReadATransientValueWhole() {
        let session = TransientSession()
        let values = (0..<8).map { thread in Array(repeating: thread, count: 16) }
        let torn = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<500 {
                session.recent = values[thread]
                let seen = session.recent
                if !values.contains(seen) { torn.mutate { $0 += 1 } }
            }
        }
        XCTAssertEqual(torn.value, 0)
        XCTAssertTrue(values.contains(session.recent))
    }
}
