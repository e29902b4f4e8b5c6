import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Many threads committing and reading objects at once. Run again under the thread sanitizer by
/// `scripts/test` (`--sanitize=thread --filter ConcurrencyTests`).
final class ConcurrencyTests: XCTestCase {
    func testEightThreadsCommitAndReadTenThousandObjects() throws {
        let db = try makeTestDatabase(self)
        try db.prepare(Counter.self)
        let failures = Locked<[String]>([])
        let perThread = 1_250
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            do {
                var mine: [Counter] = []
                for n in 0..<perThread {
                    let counter = Counter()
                    counter.thread = thread
                    counter.n = n
                    if n % 100 == 0 {
                        try db.transaction { _ in try counter.commit(in: db) }
                    } else {
                        try counter.commit(in: db)
                    }
                    mine.append(counter)
                    if n % 50 == 0 {
                        let seen = try Counter.fetch(where: "thread = \(thread)", in: db)
                        if seen.count < n + 1 { failures.mutate { $0.append("thread \(thread) saw \(seen.count) < \(n + 1)") } }
                        // Shared live instances: another thread's objects are read while being written.
                        _ = try Counter.fetch(where: "n = \(n)", in: db).map(\.n)
                    }
                }
                for counter in mine where counter.n % 10 == 0 {
                    counter.n += perThread
                    try counter.commit(in: db)
                }
            } catch {
                failures.mutate { $0.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM counter"), .integer(10_000))
        XCTAssertEqual(try db.scalar("SELECT count(DISTINCT thread * 100000 + n) FROM counter"), .integer(10_000))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM counter WHERE n >= ?", perThread), .integer(1_000))
    }

    /// Threads fetching the same rows (whole windows entered in the identity map at once) get the
    /// same live objects, change them, and let them go, so objects die on threads other than the
    /// one that last wrote them (their deinit reads the bookkeeping without taking their lock).
    func testThreadsFetchingTheSameRowsShareObjectsThatDieOnAnyThread() throws {
        let db = try makeTestDatabase(self)
        try db.transaction { _ in
            for n in 0..<300 {
                let counter = Counter()
                counter.n = n
                try counter.commit(in: db)
            }
        }
        let failures = Locked<[String]>([])
        let kept = Locked<[Counter]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                for round in 0..<40 {
                    let all = try Counter.fetch(where: "n >= 0", orderedBy: "n", in: db)
                    if all.map(\.n) != Array(0..<300) { failures.mutate { $0.append("thread \(thread) round \(round)") } }
                    all[(round * 7 + thread) % 300].thread = thread
                    // Some objects handed to the other threads, and let go of by whichever comes next.
                    kept.mutate { $0 = Array(all[(round % 3) * 100..<(round % 3) * 100 + 10]) }
                }
            } catch {
                failures.mutate { $0.append("\(error)") }
            }
        }
        kept.mutate { $0 = [] }
        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(db.identityMap.entryCount(of: ObjectIdentifier(Counter.self)), 0, "every object left the map as it died")
    }
}
