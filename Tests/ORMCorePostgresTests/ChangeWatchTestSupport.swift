import Synchronization
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A value shared with other threads (what an observer of changes has heard).
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}

/// The watch of other sessions' commits, as the PostgreSQL change tests wait for and hear it.
extension XCTestCase {
    /// Waits until the watch of `db` has made `count` looks (from now, with `more`).
    func waitForLooks(_ count: Int, more: Bool = false, of db: Database) throws {
        let start = more ? (db.core.externalChanges.lookCount ?? 0) : 0
        try waitUntil("the watch looked \(count) times") {
            (db.core.externalChanges.lookCount ?? 0) >= start + count
        }
    }

    /// Every change set delivered to an observer of `db` from now on (the observer is removed as
    /// the test ends).
    func observeEveryChange(of db: Database) -> Shared<[ChangeSet]> {
        let sets = Shared<[ChangeSet]>([])
        let registration = db.observeChanges { changes in sets.mutate { $0.append(changes) } }
        addTeardownBlock { registration.cancel() }
        return sets
    }
}
