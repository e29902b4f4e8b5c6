import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The persistence state of one model object, and the lock that guards its properties.
///
/// Generated accessors take the lock around every read and write of a persisted property, so an
/// object shared by the identity map is safe to use from several threads. The state and its mutex
/// live in one allocation.
///
/// A state belongs to exactly one object, which alone keeps it alive: the state's `deinit` runs as
/// its object is destroyed, and that is when the object leaves the identity map (see ``IdentityMap``).
public final class ModelState: LockStorage<ModelState.Header> {
    /// Where an object stands with respect to its row.
    public enum Status: Sendable, Hashable {
        /// Never inserted.
        case new
        /// Loaded from or written to its row.
        case persisted
        /// Only its key is loaded; the rest loads on first access.
        case fault
        /// Its row was deleted.
        case deleted
    }

    /// The bookkeeping guarded by the lock.
    public struct Meta: Sendable {
        var status = Status.new
        var dirty = ColumnSet()
        var database: Database?
        /// The key the row has in the database (an update or delete targets it).
        var storedKey: SQLValue = .null
        /// Values of joined tables from the last query that fetched the object, keyed `"Table.column"`.
        var joined: [String: SQLValue] = [:]
        /// The serial of the last transaction frame that recorded this state for a rollback.
        var touchedBy: UInt64 = 0
    }

    /// What the lock guards: the metadata a rollback restores, and the identity-map entry (never
    /// restored: it follows the map).
    public struct Header: Sendable {
        var meta = Meta()
        var registration: IdentityMap.Registration?
    }

    /// A new object's state. `@Model` calls it for every object.
    public static func make() -> ModelState {
        make(Header())
    }

    deinit {
        // The object is being destroyed: its map entry, if any, must go before its memory does.
        if let registration = withLock({ $0.registration }) {
            registration.map.forget(registration, state: self)
        }
    }

    // MARK: - Used by generated accessors

    /// Runs `body` (which reads the object's storage) under the lock, after faulting the object in.
    @inline(__always)
    public func read<Owner: Model, T>(_ owner: Owner, _ body: () -> T) -> T {
        lockFaultedIn(owner)
        defer { unlock() }
        return body()
    }

    /// Runs `body` (which writes the storage of column `column`) under the lock and marks it changed.
    @inline(__always)
    public func write<Owner: Model>(_ owner: Owner, column: Int, _ body: () -> Void) {
        lockFaultedIn(owner)
        defer { unlock() }
        body()
        withUnsafeMutablePointerToHeader { $0.pointee.meta.dirty.insert(column) }
    }

    /// Runs `body` (which writes the key's storage) under the lock.
    public func writeKey<Owner: Model>(_ owner: Owner, _ body: () -> Void) {
        lockFaultedIn(owner)
        defer { unlock() }
        body()
    }

    /// Runs `body` under the object's lock.
    @inline(__always)
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the lock, loading a fault's row first (which takes the lock itself).
    @inline(__always)
    private func lockFaultedIn<Owner: Model>(_ owner: Owner) {
        lock()
        if withUnsafeMutablePointerToHeader({ $0.pointee.meta.status == .fault }) {
            unlock()
            faultIn(owner)
            lock()
        }
    }

    func faultInIfNeeded<Owner: Model>(_ owner: Owner) {
        if withMeta({ $0.status == .fault }) { faultIn(owner) }
    }

    private func faultIn<Owner: Model>(_ owner: Owner) {
        guard let database = withMeta({ $0.database }) else { return }
        database.faultIn(owner)
    }

    /// Sets up a fresh object's state without locking: only valid before the object is shared.
    func initialize(status: Status, database: Database, key: SQLValue) {
        withUnsafeMutablePointerToHeader { header in
            header.pointee.meta.status = status
            header.pointee.meta.database = database
            header.pointee.meta.storedKey = key
        }
    }

    // MARK: - Read by the runtime

    /// Runs `body` with the metadata, holding the lock.
    @inline(__always)
    func withMeta<T>(_ body: (inout Meta) throws -> T) rethrows -> T {
        try withLock { try body(&$0.meta) }
    }

    /// Where the object stands.
    public var status: Status { withMeta { $0.status } }
    /// The columns changed since the last load or commit.
    var dirtyColumns: ColumnSet { withMeta { $0.dirty } }
    /// The database the object belongs to.
    var database: Database? { withMeta { $0.database } }
    /// A copy of the metadata, to restore after a rollback.
    var snapshot: Meta { withMeta { $0 } }

    /// The metadata before a write in transaction frame `frame`, when that frame has not recorded it
    /// yet; marks it recorded. One lock for what a write needs to know and a rollback to restore.
    func touch(frame: UInt64) -> (meta: Meta, isFirst: Bool) {
        withMeta { meta in
            let before = meta
            if meta.touchedBy == frame { return (before, false) }
            meta.touchedBy = frame
            return (before, true)
        }
    }

    /// A copy of the metadata; when `frame` is given and the object is new and not yet recorded by
    /// that frame, also marks it recorded (`recorded` is then true and the caller records `meta`).
    func read(recordingNewIn frame: UInt64?) -> (meta: Meta, recorded: Bool) {
        withMeta { meta in
            let before = meta
            guard let frame, meta.status == .new, meta.touchedBy != frame else { return (before, false) }
            meta.touchedBy = frame
            return (before, true)
        }
    }

    func restore(_ snapshot: Meta) {
        withMeta { $0 = snapshot }
    }

    func update(_ body: (inout Meta) -> Void) {
        withMeta { body(&$0) }
    }

    /// Records (or clears) the identity-map entry and applies `update` to the metadata, in one lock;
    /// returns the entry it replaces. Called by the map, never while the map's own lock is held.
    func setRegistration(
        _ registration: IdentityMap.Registration?, updating update: ((inout Meta) -> Void)? = nil
    ) -> IdentityMap.Registration? {
        withLock { header in
            update?(&header.meta)
            defer { header.registration = registration }
            return header.registration
        }
    }

    /// Clears the identity-map entry if it is `registration` (same map and key).
    func clearRegistration(ifMatching registration: IdentityMap.Registration) {
        withLock { header in
            if let current = header.registration, current.isSame(as: registration) { header.registration = nil }
        }
    }
}
