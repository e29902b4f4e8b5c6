import Dispatch
import FoundationEssentials

/// Registers handlers for the committed changes of one table (SharkORM's `eventHandler()`).
///
/// Events arrive after the transaction commits, never for a rolled-back change, and never while a
/// lock is held. A registration stays active until it is cancelled (it is not held weakly). By
/// default each row changed by a commit gives one event, its final effect
/// (``EventGranularity/coalesced``: an object inserted then updated in one transaction is one insert,
/// inserted then removed is nothing); pass ``EventGranularity/everyRow`` for one event per row each
/// statement wrote. ``Database/observeChanges(synchronously:_:)`` hands over the whole ``ChangeSet``,
/// every row of it.
///
/// ```swift
/// let registration = try Person.eventHandler().register(events: [.insert, .delete], queue: .main) { event in
///     print(event)
/// }
/// for await event in try Person.eventHandler().events() { … }
/// ```
public struct EventHandler: Sendable {
    /// The table observed.
    public let table: String
    package let database: Database
    package let integerKey: Bool
    package let key: SQLValue?

    /// Calls `handler` for each committed change of the kinds asked, on `queue` (a private serial queue
    /// by default, so events keep their order). Changes from other connections and processes come as
    /// one event per commit batch with no operation, key or row (origin ``ChangeOrigin/external``).
    ///
    /// - Parameters:
    ///   - events: the operations wanted; with ``EventGranularity/coalesced``, of the final effects
    ///     (an insert then a delete is no insert and no delete).
    ///   - queue: where `handler` runs.
    ///   - granularity: one event per row and commit (the default), or one per row written.
    ///   - handler: called with each event, on `queue`.
    public func register(
        events: Set<RecordOperation> = Set(RecordOperation.allCases), queue: DispatchQueue? = nil,
        granularity: EventGranularity = .coalesced, _ handler: @escaping @Sendable (RecordEvent) -> Void
    ) -> EventRegistration {
        let queue = queue ?? DispatchQueue(label: "ormcore.events.\(table)")
        let filter = self
        let token = database.changeCenter.addObserver { changes in
            let matching = filter.events(in: changes, kinds: events, granularity: granularity)
            guard !matching.isEmpty else { return }
            queue.async { for event in matching { handler(event) } }
        }
        database.startExternalChangeMonitor()
        return EventRegistration(database: database, token: token)
    }

    /// The committed changes as an asynchronous sequence; it ends when the task iterating it is cancelled.
    /// `kinds` and `granularity` as for ``register(events:queue:granularity:_:)``.
    public func events(
        _ kinds: Set<RecordOperation> = Set(RecordOperation.allCases), granularity: EventGranularity = .coalesced
    ) -> AsyncStream<RecordEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: RecordEvent.self, bufferingPolicy: .unbounded)
        let filter = self
        let token = database.changeCenter.addObserver { changes in
            for event in filter.events(in: changes, kinds: kinds, granularity: granularity) { continuation.yield(event) }
        }
        database.startExternalChangeMonitor()
        let registration = EventRegistration(database: database, token: token)
        continuation.onTermination = { _ in registration.cancel() }
        return stream
    }

    /// The events of a change set that concern this table (and this key, for object observers).
    package func events(
        in changes: ChangeSet, kinds: Set<RecordOperation>, granularity: EventGranularity = .coalesced
    ) -> [RecordEvent] {
        guard changes.tables.contains(table) else { return [] }
        var rows: [RowChange] = []
        changes.forEachRow(inTable: table) { rows.append($0) }
        if granularity == .coalesced { rows = rows.coalescedByRow() }
        var events: [RecordEvent] = []
        for change in rows {
            guard kinds.contains(change.operation) else { continue }
            let eventKey = change.key ?? (integerKey ? .integer(change.rowID) : nil)
            if let key, eventKey != key { continue }
            events.append(
                RecordEvent(
                    entity: table, operation: change.operation, key: eventKey, rowID: change.rowID,
                    changedColumns: change.changedColumns, origin: change.origin))
        }
        if changes.tablesWithoutRowDetail.contains(table) {
            events.append(
                RecordEvent(
                    entity: table, operation: nil, key: key, rowID: nil, changedColumns: nil,
                    origin: changes.isExternal ? .external : .sql))
        }
        return events
    }
}

/// An active event registration. Keep it and call ``cancel()`` to stop; it is never dropped silently.
public final class EventRegistration: Sendable {
    private let database: Database
    private let token: UInt64?
    private let onCancel: (@Sendable () -> Void)?

    /// A registration of the observer `token` (if any) of `database`'s change center; `onCancel`
    /// also runs when it is cancelled (a live query's observer stopping).
    package init(database: Database, token: UInt64?, onCancel: (@Sendable () -> Void)? = nil) {
        self.database = database
        self.token = token
        self.onCancel = onCancel
    }

    /// Stops delivery.
    public func cancel() {
        if let token { database.changeCenter.removeObserver(token) }
        onCancel?()
    }
}

extension Model {
    /// The event handler for this model's table.
    public static func eventHandler(in database: Database? = nil) throws -> EventHandler {
        let target = try database ?? Database.current()
        try target.ensureSchema(Self.self)
        return EventHandler(
            table: modelSchema.table, database: target, integerKey: modelSchema.primaryKey.type == .integer, key: nil)
    }

    /// Makes this object live: `handler` is told when its row is updated or deleted, by anyone (this
    /// process or another), and the object's properties reload the committed values on next access.
    /// One event per commit by default (updates then a delete are one delete; see
    /// ``EventGranularity``). An object observed inside the transaction that inserts it hears that
    /// commit as the insert its changes net out to.
    public func observe(
        queue: DispatchQueue? = nil, granularity: EventGranularity = .coalesced,
        _ handler: @escaping @Sendable (RecordEvent) -> Void
    ) throws -> EventRegistration {
        let target = try stateDatabase ?? Database.current()
        let key = stateStoredKey
        let handlerForRow = EventHandler(
            table: Self.modelSchema.table, database: target, integerKey: Self.modelSchema.primaryKey.type == .integer,
            key: key.isNull ? _$primaryKey : key)
        return handlerForRow.register(events: [.insert, .update, .delete], queue: queue, granularity: granularity, handler)
    }
}

extension DynamicTable {
    /// The event handler for this table.
    public func eventHandler() -> EventHandler {
        EventHandler(table: info.name, database: database, integerKey: entity.hasIntegerKey, key: nil)
    }
}

extension Database {
    /// Calls `handler` with every committed change set, for all tables: changes made through this
    /// database (objects, SQL) and, for a file, commits by other connections and processes (noticed
    /// within 16 ms, and delivered with no row detail). Those name the tables the commits
    /// wrote, with the views and virtual tables that show them, read from the pages in the WAL; every
    /// table and view is named instead when that cannot be known (a file not in WAL mode, a schema
    /// change, a checkpoint that overwrote commits not yet read). On PostgreSQL, other sessions'
    /// commits are looked for every 250 ms from a connection of the database's own: a commit names
    /// every table and view of the schema at once, then its table again once the committing
    /// session's statistics name it (within a second, or ten when it went idle); a table carrying
    /// the notification triggers (``Database/installChangeNotifications(on:)``) is named as its
    /// transaction commits. Rolled-back transactions and this database's own commits are not
    /// delivered as external. Delivered after the commit,
    /// outside every lock: on a private serial queue, or, with `synchronously`, on the thread that
    /// committed, before its write call returns (external changes: on the monitor's queue). Keep a
    /// synchronous handler short; it must not wait for other threads.
    public func observeChanges(
        synchronously: Bool = false, _ handler: @escaping @Sendable (ChangeSet) -> Void
    ) -> EventRegistration {
        let queue = DispatchQueue(label: "ormcore.changes")
        let token = changeCenter.addObserver { changes in
            if synchronously { handler(changes) } else { queue.async { handler(changes) } }
        }
        startExternalChangeMonitor()
        return EventRegistration(database: self, token: token)
    }
}
