import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// Collects the tables of the change sets other connections commit to a database, and waits for
/// them by condition: for the tables a change should name, or for the watch to look again (its
/// polls on SQLite, its looks on PostgreSQL), never for a fixed time.
final class ExternalChangeInbox: Sendable {
    private let received = Locked<[Set<String>]>([])
    private let registration = Locked<EventRegistration?>(nil)
    private let monitor: ExternalChangeMonitor

    /// An inbox on `database`'s external changes, delivered on the watch's own queue (so that a
    /// look counted has delivered what it found).
    init(_ database: Database) {
        monitor = database.core.externalChanges
        let registration = database.observeChanges(synchronously: true) { [received] changes in
            if changes.isExternal { received.mutate { $0.append(changes.tables) } }
        }
        self.registration.mutate { $0 = registration }
    }

    deinit { registration.value?.cancel() }

    /// Every change set received after the first `seen`, in order.
    private func sets(since seen: Int) -> [Set<String>] {
        Array(received.value.dropFirst(seen))
    }

    /// Waits until the watch has looked `count` more times from now: whatever it found before is
    /// delivered by then.
    func waitForLooks(_ count: Int = 2, file: StaticString = #filePath, line: UInt = #line) throws {
        let looks = { [monitor] in monitor.lookCount ?? 0 }
        let start = looks()
        try waitUntil("the watch looked \(count) more times", file: file, line: line) { looks() >= start + count }
    }

    /// Runs `change` once earlier deliveries are in, waits until the tables reported for it
    /// include `expected`, and returns every table reported for it (the caller asserts the exact
    /// set).
    func tables(
        including expected: Set<String>, file: StaticString = #filePath, line: UInt = #line,
        after change: () throws -> Void
    ) throws -> Set<String> {
        try waitForLooks(file: file, line: line)
        let seen = received.value.count
        try change()
        func named() -> Set<String> { sets(since: seen).reduce(into: []) { $0.formUnion($1) } }
        try waitUntil("\(expected.sorted()) named", file: file, line: line) { named().isSuperset(of: expected) }
        return named()
    }

    /// Runs `change`, this database's own, and returns every table reported as another's once the
    /// watch has looked four more times (empty when its commits are known for its own).
    func tablesAfterOwn(_ change: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        try waitForLooks(file: file, line: line)
        let seen = received.value.count
        try change()
        try waitForLooks(4, file: file, line: line)
        return sets(since: seen).reduce(into: []) { $0.formUnion($1) }
    }

    /// Runs `change`, waits until `enough` holds for the change sets reported for it, and returns
    /// them once the watch has looked twice more (what one look found but delivered later is in).
    func deliveries(
        file: StaticString = #filePath, line: UInt = #line, after change: () throws -> Void,
        until enough: ([Set<String>]) -> Bool
    ) throws -> [Set<String>] {
        try waitForLooks(file: file, line: line)
        let seen = received.value.count
        try change()
        try waitUntil("enough deliveries", file: file, line: line) { enough(sets(since: seen)) }
        try waitForLooks(file: file, line: line)
        return sets(since: seen)
    }
}
