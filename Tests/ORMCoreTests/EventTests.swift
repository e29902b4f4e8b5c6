import Foundation
import XCTest

@testable import ORMCore

@Model(table: "e_item")
final class EItem {
    var name: String = ""
    var stock: Int = 0
}

final class EventTests: XCTestCase {
    /// Collects events from any queue.
    private final class Inbox: Sendable {
        let events = Locked<[RecordEvent]>([])
        func add(_ event: RecordEvent) { events.mutate { $0.append(event) } }

        func wait(for count: Int, timeout: TimeInterval = 2) -> [RecordEvent] {
            let deadline = Date().addingTimeInterval(timeout)
            while events.value.count < count && Date() < deadline { usleep(5_000) }
            return events.value
        }
    }

    func testClassEventsForObjectsRawSQLAndRemoveAllOnlyAfterCommit() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
        let inbox = Inbox()
        let registration = try EItem.eventHandler(in: db).register { inbox.add($0) }
        defer { registration.cancel() }

        let item = EItem()
        item.name = "bolt"
        try item.commit(in: db)
        item.stock = 5
        try item.commit(in: db)
        try? db.transaction { _ in
            try EItem.execute("UPDATE $T SET stock = 99", in: db)
            throw CancellationError()  // never delivered
        }
        try EItem.execute("UPDATE $T SET stock = 7 WHERE $PK = ?", item.id, in: db)
        try EItem.query(in: db).removeAll()

        let events = inbox.wait(for: 4)
        XCTAssertEqual(events.map(\.operation), [.insert, .update, .update, .delete])
        XCTAssertEqual(events.map(\.key), Array(repeating: .integer(item.id), count: 4))
        XCTAssertEqual(events[1].changedColumns, ["stock"])
        XCTAssertEqual(events[1].origin, .object)
        XCTAssertEqual(events[2].origin, .sql)
        usleep(100_000)
        XCTAssertEqual(inbox.events.value.count, 4, "the rolled-back update was never delivered")
    }

    func testRegistrationsAreNotDroppedSilentlyAndHandlersMayUseTheDatabase() throws {
        let db = try Database.inMemory()
        let inbox = Inbox()
        // The registration is not kept by the caller: it still delivers (SharkORM's weak handlers stop).
        _ = try EItem.eventHandler(in: db).register(events: [.insert]) { event in
            // No lock is held while events are delivered: reading the database here cannot deadlock.
            let count = try? db.scalar("SELECT count(*) FROM e_item")
            inbox.add(RecordEvent(entity: event.entity, operation: event.operation, key: count, rowID: nil, changedColumns: nil, origin: event.origin))
        }
        for name in ["a", "b"] {
            let item = EItem()
            item.name = name
            try item.commit(in: db)
        }
        XCTAssertEqual(inbox.wait(for: 2).compactMap(\.key).count, 2)
    }

    func testObjectEventsMakeAnObjectLive() throws {
        let path = try temporaryDatabasePath(self)
        let db = try Database(path: path)
        let item = EItem()
        item.name = "nut"
        try item.commit(in: db)
        let other = EItem()
        try other.commit(in: db)
        let inbox = Inbox()
        let registration = try item.observe { inbox.add($0) }
        defer { registration.cancel() }

        let elsewhere = try Database(path: path)  // another connection
        try elsewhere.execute("UPDATE e_item SET stock = 3 WHERE id = ?", other.id)
        try elsewhere.execute("UPDATE e_item SET stock = 42 WHERE id = ?", item.id)
        let events = inbox.wait(for: 1)
        XCTAssertFalse(events.isEmpty, "another connection's commit is seen within the poll interval")
        XCTAssertEqual(item.stock, 42, "the live object reflects the committed value")
        try db.execute("DELETE FROM e_item WHERE id = ?", item.id)
        XCTAssertTrue(inbox.wait(for: events.count + 1).contains { $0.operation == .delete })
        XCTAssertTrue(item.isDeleted)
    }

    func testAnotherProcessInsertingIsSeenWithin250Milliseconds() throws {
        let path = try temporaryDatabasePath(self)
        let db = try Database(path: path)
        try db.prepare(EItem.self)
        let inbox = Inbox()
        let registration = try EItem.eventHandler(in: db).register { inbox.add($0) }
        defer { registration.cancel() }
        usleep(150_000)  // the monitor has read the starting version

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, "INSERT INTO e_item(id, name, stock) VALUES (7, 'from outside', 1)"]
        let started = Date()
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let events = inbox.wait(for: 1, timeout: 1)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(events.first?.entity, "e_item")
        XCTAssertEqual(events.first?.origin, .external)
        XCTAssertLessThan(elapsed, 0.25 + 0.1, "delivered within 250 ms of the commit (plus process start)")
        XCTAssertEqual(try EItem.find(Int64(7), in: db)?.name, "from outside")
    }

    func testAsyncStreamOfEvents() async throws {
        let db = try Database.inMemory()
        let stream = try EItem.eventHandler(in: db).events([.insert])
        let item = EItem()
        try item.commit(in: db)
        var iterator = stream.makeAsyncIterator()
        let event = await iterator.next()
        XCTAssertEqual(event?.key, .integer(item.id))
    }
}
