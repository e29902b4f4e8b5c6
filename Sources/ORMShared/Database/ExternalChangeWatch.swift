import Dispatch

/// One database's way of noticing commits made by other connections and processes and telling the
/// tables they changed (``ChangeOrigin/external``, no row detail): SQLite polls its file
/// (`SQLiteFileWatch`), PostgreSQL looks at the server from a session of its own
/// (`PostgresServerWatch`). Made once per database by its writer's driver
/// (``DatabaseConnection/makeExternalChangeWatch()``) and held by ``ExternalChangeMonitor``.
package protocol ExternalChangeWatch: AnyObject, Sendable {
    /// Starts watching `database` (later calls while it runs do nothing), handing what other
    /// connections commit to `deliver`, on `queue` with no lock held. The watch ends when
    /// `database` goes, or, where watching costs a session, once `isObserved` says nobody observes
    /// the database any more (the next call starts it again).
    func start(
        _ database: DatabaseCore, on queue: DispatchQueue, isObserved: @escaping @Sendable () -> Bool,
        deliver: @escaping @Sendable (ChangeSet) -> Void)

    /// Whether it is watching.
    var isRunning: Bool { get }

    /// Stops watching.
    func stop()

    /// How many looks at the database finished, each having delivered what it found (tests wait
    /// for looks, not for time); nil while it does not watch.
    var lookCount: Int? { get }

    /// This database's writer committed to `tables`: a watch that cannot tell its own commits
    /// from others' by itself takes them for its own for a while.
    func noteOwnCommit(_ tables: Set<String>)

    /// The notification triggers were installed or removed through this database.
    func triggersChanged()

    /// Watches `tables` of other schemas too (replacing the ones given before): their commits
    /// are named `schema.table`. A watch of a database with one schema ignores them.
    func watchOtherSchemas(_ tables: Set<QualifiedTableName>)

    /// Has the running watch call `gate` at the start of each look (tests hold it there to make
    /// commits land between two looks); false when it cannot.
    func holdLooks(_ gate: (@Sendable () -> Void)?) -> Bool
}

extension ExternalChangeWatch {
    package func noteOwnCommit(_ tables: Set<String>) {}

    package func triggersChanged() {}

    package func watchOtherSchemas(_ tables: Set<QualifiedTableName>) {}

    package func holdLooks(_ gate: (@Sendable () -> Void)?) -> Bool { false }
}
