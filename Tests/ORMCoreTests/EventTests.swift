import Foundation
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

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

        /// Waits until `count` events have come; returns every event come.
        func wait(for count: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [RecordEvent] {
            try waitUntil("\(count) events came", file: file, line: line) { events.value.count >= count }
            return events.value
        }
    }

    func testClassEventsForObjectsRawSQLAndRemoveAllOnlyAfterCommit() throws {
        let db = try makeTestDatabase(self)
        let inbox = Inbox()
        let queue = DispatchQueue(label: "events")
        let registration = try EItem.eventHandler(in: db).register(queue: queue) { inbox.add($0) }
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

        // Events are queued on the handler's queue as each commit returns: flushing it sees them all.
        queue.sync {}
        let events = inbox.events.value
        // SQLite's hook tells the rows raw SQL (and removeAll's statement) wrote; on PostgreSQL raw
        // SQL is told as its table, no row named.
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(events.map(\.operation), [.insert, .update, .update, .delete])
            XCTAssertEqual(events.map(\.key), Array(repeating: .integer(item.id), count: 4))
        case .postgres:
            XCTAssertEqual(events.map(\.operation), [.insert, .update, nil, nil])
            XCTAssertEqual(events.map(\.key), [.integer(item.id), .integer(item.id), nil, nil])
            XCTAssertEqual(events.map(\.entity), Array(repeating: "e_item", count: 4))
            XCTAssertEqual(events[3].origin, .sql)
        }
        XCTAssertEqual(events.count, 4)
        XCTAssertEqual(events[1].changedColumns, ["stock"])
        XCTAssertEqual(events[1].origin, .object)
        XCTAssertEqual(events[2].origin, .sql, "the rolled-back update was never delivered")
    }

    func testRegistrationsAreNotDroppedSilentlyAndHandlersMayUseTheDatabase() throws {
        let db = try makeTestDatabase(self)
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
        XCTAssertEqual(try inbox.wait(for: 2).compactMap(\.key).count, 2)
    }

    func testObjectEventsMakeAnObjectLive() throws {
        let db = try makeTestDatabase(self)
        let item = EItem()
        item.name = "nut"
        try item.commit(in: db)
        let other = EItem()
        try other.commit(in: db)
        let inbox = Inbox()
        let registration = try item.observe { inbox.add($0) }
        defer { registration.cancel() }

        let elsewhere = try openSameDatabase(db)  // another connection
        try waitForTheWatchToStart(db)
        try elsewhere.execute("UPDATE e_item SET stock = 3 WHERE id = ?", other.id)
        try elsewhere.execute("UPDATE e_item SET stock = 42 WHERE id = ?", item.id)
        // The two commits may come as one change or two (PostgreSQL tells another session's commits
        // as their tables): wait for the one that carries the value.
        try waitUntil("another connection's commit is seen, and the live object reflects the committed value") {
            !inbox.events.value.isEmpty && item.stock == 42
        }
        XCTAssertEqual(item.stock, 42)
        let heardBefore = inbox.events.value.count
        try db.execute("DELETE FROM e_item WHERE id = ?", item.id)
        switch TestDatabaseKind.current {
        case .sqlite:
            try waitUntil("the delete is heard") { inbox.events.value.contains { $0.operation == .delete } }
        case .postgres:
            // Raw SQL is told as its table there: the object hears a change of no named row, and
            // finds its row gone as it reads it again.
            try waitUntil("the change is heard") { inbox.events.value.count > heardBefore }
            XCTAssertEqual(inbox.events.value.last?.key, .integer(item.id))
            XCTAssertNil(inbox.events.value.last?.operation)
            XCTAssertEqual(item.stock, 42, "the last values read stay")
        }
        XCTAssertTrue(item.isDeleted)
    }

    /// How soon is measured in Benchmarks/ (reef_live.py), not asserted here.
    func testAnotherProcessInsertingIsSeen() throws {
        let db = try makeTestDatabase(self)
        try db.prepare(EItem.self)
        let inbox = Inbox()
        // Registering reads the starting version before it returns, so the insert cannot be missed.
        let registration = try EItem.eventHandler(in: db).register { inbox.add($0) }
        defer { registration.cancel() }

        try waitForTheWatchToStart(db)
        // Each database's own command-line client is the other process.
        let insert = "INSERT INTO e_item(id, name, stock) VALUES (7, 'from outside', 1)"
        let process = Process()
        switch TestDatabaseKind.current {
        case .sqlite:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [db.path, insert]
        case .postgres:
            let conninfo = try XCTUnwrap(db.core.serverConnectionString)
            process.executableURL = URL(fileURLWithPath: try TestPostgresServer.program("psql"))
            process.arguments = ["--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1", "-d", conninfo, "-c", insert]
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let events = try inbox.wait(for: 1)
        XCTAssertEqual(events.first?.entity, "e_item")
        XCTAssertEqual(events.first?.origin, .external)
        XCTAssertEqual(try EItem.find(Int64(7), in: db)?.name, "from outside")
    }

    /// Inside one transaction the changes to one object coalesce into its final effect, delivered
    /// once after the commit; the per-row stream stays available. (Every write was an event.)
    func testTheChangesOfOneTransactionCoalesceIntoEachRowsFinalEffect() throws {
        let db = try makeTestDatabase(self)
        let updated = EItem()
        updated.name = "updated"
        let removed = EItem()
        removed.name = "removed"
        try db.transaction { _ in
            try updated.commit(in: db)
            try removed.commit(in: db)
        }
        let queue = DispatchQueue(label: "events")
        let coalesced = Locked<[RecordEvent]>([])
        let everyRow = Locked<[RecordEvent]>([])
        let inserts = Locked<[RecordEvent]>([])
        let registrations = [
            try EItem.eventHandler(in: db).register(queue: queue) { event in coalesced.mutate { $0.append(event) } },
            try EItem.eventHandler(in: db).register(queue: queue, granularity: .everyRow) { event in
                everyRow.mutate { $0.append(event) }
            },
            try EItem.eventHandler(in: db).register(events: [.insert], queue: queue) { event in
                inserts.mutate { $0.append(event) }
            },
        ]
        defer { registrations.forEach { $0.cancel() } }

        let inserted = EItem()
        let fleeting = EItem()
        try db.transaction { _ in
            inserted.name = "new"
            try inserted.commit(in: db)
            inserted.stock = 1
            try inserted.commit(in: db)
            try fleeting.commit(in: db)
            updated.stock = 2
            try updated.commit(in: db)
            updated.name = "renamed"
            try updated.commit(in: db)
            try fleeting.remove()
            removed.stock = 3
            try removed.commit(in: db)
            try removed.remove()
            XCTAssertTrue(coalesced.value.isEmpty, "nothing before the commit")
        }
        queue.sync {}
        XCTAssertEqual(coalesced.value.map(\.operation), [.insert, .update, .delete])
        XCTAssertEqual(coalesced.value.map(\.key), [inserted.id, updated.id, removed.id].map { .integer($0) })
        XCTAssertEqual(coalesced.value[0].changedColumns, nil, "an insert, of the final values")
        XCTAssertEqual(coalesced.value[1].changedColumns, ["stock", "name"], "every column the updates wrote")
        XCTAssertEqual(inserts.value.map(\.key), [.integer(inserted.id)], "the fleeting insert is no insert")
        XCTAssertEqual(
            everyRow.value.map(\.operation),
            [.insert, .update, .insert, .update, .update, .delete, .update, .delete], "the per-row stream")
    }

    /// A cycle's commit (inserts, then the back-reference written by an update) is one insert per
    /// object; an observed object updated then removed in one transaction hears one delete.
    func testACycleIsOneInsertPerObjectAndAnObserverHearsTheFinalEffect() throws {
        let db = try makeTestDatabase(self)
        let queue = DispatchQueue(label: "events")
        let events = Locked<[RecordEvent]>([])
        let registration = try CycNode.eventHandler(in: db).register(queue: queue) { event in
            events.mutate { $0.append(event) }
        }
        defer { registration.cancel() }
        let a = CycNode()
        let b = CycNode()
        a.next = b
        b.next = a
        try a.commit(in: db)
        queue.sync {}
        XCTAssertEqual(events.value.map(\.operation), [.insert, .insert])
        XCTAssertEqual(Set(events.value.compactMap(\.key)), [.integer(a.id), .integer(b.id)])

        let heard = Locked<[RecordEvent]>([])
        let observation = try a.observe(queue: queue) { event in heard.mutate { $0.append(event) } }
        defer { observation.cancel() }
        try db.transaction { _ in
            a.label = "changed"
            try a.commit(in: db)
            b.next = nil
            try b.commit(in: db)
            try a.remove()
        }
        queue.sync {}
        XCTAssertEqual(heard.value.map(\.operation), [.delete])
    }

    /// An object observed inside the transaction that inserted it, then changed there, hears the
    /// commit: the insert its changes net out to (it heard nothing: its observer took updates and
    /// deletes only).
    func testAnObjectObservedInTheTransactionThatInsertedItHearsTheCommit() throws {
        let db = try makeTestDatabase(self)
        let inbox = Inbox()
        let queue = DispatchQueue(label: "events")
        let item = EItem()
        var observation: EventRegistration?
        try db.transaction { _ in
            try item.commit(in: db)
            observation = try item.observe(queue: queue) { inbox.add($0) }
            item.stock = 7
            try item.commit(in: db)
        }
        defer { observation?.cancel() }
        let heard = try inbox.wait(for: 1)
        XCTAssertEqual(heard.map(\.operation), [.insert])
        XCTAssertEqual(heard.first?.key, .integer(item.id))
        // After it, the object's own updates still come one by one.
        item.stock = 8
        try item.commit(in: db)
        XCTAssertEqual(try inbox.wait(for: 2).map(\.operation), [.insert, .update])
    }

    func testAsyncStreamOfEvents() async throws {
        let db = try makeTestDatabase(self)
        let stream = try EItem.eventHandler(in: db).events([.insert])
        let item = EItem()
        try item.commit(in: db)
        var iterator = stream.makeAsyncIterator()
        let event = await iterator.next()
        XCTAssertEqual(event?.key, .integer(item.id))
    }
}
