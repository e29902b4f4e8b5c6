import Foundation
import ORMCore
import TestSupport
import XCTest

/// The live-queries guide's examples, run as written: what they print is kept (their `print` is
/// this class's), and the orders are closed one by one while they watch.
final class LiveQueryExamples: XCTestCase, @unchecked Sendable {
    /// The counts the examples printed, from any thread.
    private final class Printed: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int] = []
        func add(_ count: Int) { lock.withLock { counts.append(count) } }
        var all: [Int] { lock.withLock { counts } }
    }

    private let printed = Printed()

    private func print(_ label: String, _ count: Int) {
        printed.add(count)
    }

    private var countsPrinted: [Int] {
        printed.all
    }

    override func tearDown() {
        Database.setDefault(nil)
    }

    private func followOpenOrders() async throws {
        for try await open in Order.query().where("status = 'open'").orderBy("placedAt").observe() {
            print("open orders:", open.count)     // now, then after each commit to orders
            if open.isEmpty { break }             // leaving the loop stops the observation
        }
    }

    private func startCounting() throws -> EventRegistration {
        let printed = printed
        @Sendable func print(_ label: String, _ count: Int) { printed.add(count) }
        let registration = try Order.query().where("status = 'open'").observeCount().removingDuplicates()
            .start(queue: .main) { count in
                print("open orders:", count)
            }
        return registration
    }

    private func openTwoOrders() throws -> [Order] {
        let orders = [Order(), Order()]
        for order in orders { try order.commit() }
        return orders
    }

    private func close(_ order: Order) throws {
        order.status = "closed"
        try order.commit()
    }

    func testTheLoopFollowsTheOrdersUntilNoneIsOpen() async throws {
        Database.setDefault(try Database(path: ":memory:"))
        let orders = try openTwoOrders()
        let following = Task { try await followOpenOrders() }
        try waitUntil("the first value") { countsPrinted == [2] }
        try close(orders[0])
        try waitUntil("one order left") { countsPrinted == [2, 1] }
        try close(orders[1])
        try await following.value
        XCTAssertEqual(countsPrinted, [2, 1, 0])
    }

    func testTheCallbackHearsEachNewCount() throws {
        Database.setDefault(try Database(path: ":memory:"))
        let orders = try openTwoOrders()
        let registration = try startCounting()
        defer { registration.cancel() }
        let spinMainQueue = { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
        try waitUntil("the first count", between: spinMainQueue) { countsPrinted == [2] }
        orders[0].placedAt = Date(timeIntervalSince1970: 0)  // the table changes, the count does not
        try orders[0].commit()
        try close(orders[1])
        try waitUntil("the new count", between: spinMainQueue) { countsPrinted.last == 1 }
        XCTAssertEqual(countsPrinted, [2, 1])
    }
}
