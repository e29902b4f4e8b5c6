import Foundation

/// The persistence state of one model object, and the lock that guards its properties.
///
/// Generated accessors take the lock around every read and write of a persisted property, so an
/// object shared by the identity map is safe to use from several threads. The state and its mutex
/// live in one allocation.
public final class ModelState: LockStorage<ModelState.Meta> {
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
    }

    /// A new object's state. `@Model` calls it for every object.
    public static func make() -> ModelState {
        make(Meta())
    }

    // MARK: - Used by generated accessors

    /// Runs `body` (which reads the object's storage) under the lock, after faulting the object in.
    @inline(__always)
    public func read<Owner: Model, T>(_ owner: Owner, _ body: () -> T) -> T {
        lock()
        if withUnsafeMutablePointerToHeader({ $0.pointee.status == .fault }) {
            unlock()
            faultIn(owner)
            lock()
        }
        defer { unlock() }
        return body()
    }

    /// Runs `body` (which writes the storage of column `column`) under the lock and marks it changed.
    @inline(__always)
    public func write<Owner: Model>(_ owner: Owner, column: Int, _ body: () -> Void) {
        faultInIfNeeded(owner)
        withLock { meta in
            body()
            meta.dirty.insert(column)
        }
    }

    /// Runs `body` (which writes the key's storage) under the lock.
    public func writeKey<Owner: Model>(_ owner: Owner, _ body: () -> Void) {
        faultInIfNeeded(owner)
        withLock { _ in body() }
    }

    /// Runs `body` under the object's lock.
    @inline(__always)
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try withLock { _ in try body() }
    }

    func faultInIfNeeded<Owner: Model>(_ owner: Owner) {
        if withLock({ $0.status == .fault }) { faultIn(owner) }
    }

    private func faultIn<Owner: Model>(_ owner: Owner) {
        guard let database = withLock({ $0.database }) else { return }
        database.faultIn(owner)
    }

    /// Sets up a fresh object's state without locking: only valid before the object is shared.
    func initialize(status: Status, database: Database, key: SQLValue) {
        withUnsafeMutablePointerToHeader { meta in
            meta.pointee.status = status
            meta.pointee.database = database
            meta.pointee.storedKey = key
        }
    }

    // MARK: - Read by the runtime

    /// Where the object stands.
    public var status: Status { withLock { $0.status } }
    /// The columns changed since the last load or commit.
    var dirtyColumns: ColumnSet { withLock { $0.dirty } }
    /// The database the object belongs to.
    var database: Database? { withLock { $0.database } }
    /// A copy of the metadata, to restore after a rollback.
    var snapshot: Meta { withLock { $0 } }

    func restore(_ snapshot: Meta) {
        withLock { $0 = snapshot }
    }

    func update(_ body: (inout Meta) -> Void) {
        withLock { body(&$0) }
    }
}
