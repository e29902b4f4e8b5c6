import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// The one-word lock every model object holds: mutual exclusion under contention, sleeping waiters woken.
final class AtomicLockTests: XCTestCase {
    private final class Counter: @unchecked Sendable {
        let lock = AtomicLock()
        // Only touched under `lock`.
        var value = 0
        var inside = 0
        var overlaps = 0
    }

    func testFourThreadsIncrementUnderTheLock() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50_000 {
                counter.lock.withLock {
                    counter.inside += 1
                    if counter.inside > 1 { counter.overlaps += 1 }
                    counter.value += 1
                    counter.inside -= 1
                }
            }
        }
        XCTAssertEqual(counter.value, 200_000)
        XCTAssertEqual(counter.overlaps, 0)
    }

    func testAWaiterSleepsUntilTheHolderReleases() throws {
        let counter = Counter()
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        counter.lock.lock()
        DispatchQueue.global().async {
            started.signal()
            counter.lock.withLock { counter.value = 2 }
            done.signal()
        }
        started.wait()
        // The waiter marks the word 2 once it has spun and is about to sleep on the futex (or, in
        // the portable build, to yield between tries).
        try waitUntil("the waiter is about to sleep", between: { _ = sched_yield() }) {
            counter.lock.word.load(ordering: .relaxed) == 2
        }
        counter.value = 1
        counter.lock.unlock()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(counter.lock.withLock { counter.value }, 2)
    }
}
