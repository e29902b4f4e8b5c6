import Dispatch

/// Notices commits made by other connections and processes to the same database and reports the
/// tables they changed, as table-level changes (``ChangeOrigin/external``, no row detail), through
/// the ``ExternalChangeWatch`` its writer's driver made; delivers on a private queue with no lock
/// held. A database whose driver cannot tell such commits (``DriverCapabilities/externalChanges``)
/// has none.
package final class ExternalChangeMonitor: Sendable {
    private let watch: (any ExternalChangeWatch)?
    private let queue = DispatchQueue(label: "ormcore.external-changes", qos: .utility)

    /// A monitor of the database `writer` writes to, not yet started.
    init(writer: DatabaseConnection, capabilities: DriverCapabilities) {
        watch = capabilities.externalChanges ? writer.makeExternalChangeWatch() : nil
    }

    /// Starts watching `database` (later calls while it runs do nothing), handing what other
    /// connections commit to `deliver`, on the monitor's queue with no lock held. Notes where the
    /// database stands at once, so that commits from here on are reported. Watching stops when the
    /// monitor or `database` goes; `deliver` should not keep `database`'s owner alive either.
    ///
    /// Where watching costs a session (PostgreSQL) it also ends once `isObserved` says nobody
    /// observes the database any more; the next call starts it again.
    package func start(
        _ database: DatabaseCore, isObserved: @escaping @Sendable () -> Bool = { true },
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        watch?.start(database, on: queue, isObserved: isObserved, deliver: deliver)
    }

    /// Whether it is watching (started, and not stopped).
    package var isRunning: Bool { watch?.isRunning ?? false }

    /// Stops watching.
    package func stop() {
        watch?.stop()
    }

    /// This database's writer committed to `tables` (see ``ExternalChangeWatch/noteOwnCommit(_:)``).
    package func noteOwnCommit(_ tables: Set<String>) {
        watch?.noteOwnCommit(tables)
    }

    /// The notification triggers were installed or removed through this database.
    package func triggersChanged() {
        watch?.triggersChanged()
    }

    /// Watches `tables` of other schemas too (see ``ExternalChangeWatch/watchOtherSchemas(_:)``).
    package func watchOtherSchemas(_ tables: Set<QualifiedTableName>) {
        watch?.watchOtherSchemas(tables)
    }

    /// How many looks the watch made, each having delivered what it found (tests wait for looks,
    /// not for time); nil when none runs.
    package var lookCount: Int? { watch?.lookCount }

    /// Has the running watch call `gate` at the start of each look, on its queue (tests hold it
    /// there to make commits land between two looks); false when no watch runs.
    package func holdLooks(_ gate: (@Sendable () -> Void)?) -> Bool {
        watch?.holdLooks(gate) ?? false
    }

    deinit { stop() }
}
