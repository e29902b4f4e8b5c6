/// A class persisted in a table. Declare it with the `@Model` macro; the members whose names start
/// with `_$` are generated and not meant to be called directly.
///
/// ```swift
/// @Model
/// final class Person {
///     var name: String = ""
///     var age: Int = 0
///     var email: String?
///     var department: Department?      // to-one relationship, loaded lazily
///     @Transient var scratch: Int = 0  // not persisted
/// }
///
/// let ann = Person()
/// ann.name = "Ann"
/// try ann.commit()
/// ```
///
/// In SQL an object stands for its row's key (see `Model+SQLExpressible.swift`):
/// `Person.query().where("department = \(rnd)")`.
public protocol Model: SchemaDescribed, SQLExpressible {
    /// The table and key alone, for the relationship columns of other models. Generated: reading
    /// ``modelSchema`` there instead would recurse (and hang in the static initializer) for a model that
    /// refers to itself or to a model that refers back.
    static var _$tableAndKey: (table: String, primaryKey: PrimaryKey) { get }
    /// The object's persistence bookkeeping, stored in the object beside its lock (`_$state`, a
    /// `_ModelState`). Generated; only read or written while that lock is held.
    var _$stateFields: _ModelState.Fields { get set }
    /// Runs `body` with the object's bookkeeping, holding the object's lock. Generated.
    func _$withStateFields<R>(_ body: (inout _ModelState.Fields) throws -> R) rethrows -> R
    /// Makes an object from a row holding the key then every column of ``modelSchema``, read
    /// through the driver's ``_RowReader`` (the driver-neutral path, chosen once per statement;
    /// SQLite reads a ``_SQLiteRowModel``'s rows in place instead); `key` is the key column's value
    /// as stored, which the caller has read already. Generated.
    init(_$values row: borrowing _ValueRow, key: SQLValue) throws
    /// Makes a fault: only the key is set; the other properties load on first access. Generated.
    init(_$faultKey key: SQLValue) throws
    /// The primary key's current value, read while the caller holds the object's lock (inside
    /// ``_$withStateFields(_:)``). Generated.
    var _$primaryKeyHoldingLock: SQLValue { get }
    /// Sets the primary key while the caller holds the object's lock; throws, changing nothing, when
    /// `key` does not fit the key's type. Generated.
    func _$setPrimaryKeyHoldingLock(_ key: SQLValue) throws
    /// Binds the given columns in column order, starting at parameter `start`, to the driver's
    /// ``_ValueBinder`` (the driver-neutral path, chosen once per statement). Generated.
    func _$bindColumns(_ columns: _ColumnSet, to binder: some _ValueBinder, startingAt start: Int32) throws
    /// Replaces the values of every column not in `keeping` with the row's. Generated.
    func _$apply(_ row: _ValueRow, keeping: _ColumnSet) throws
    /// The value of column `column` (an index into ``modelSchema``'s columns), boxed; when `value`
    /// holds a value of that column's type, it is stored in the column's place (and the value it
    /// replaces returned). Called while the caller holds the object's lock; marks nothing changed.
    /// Generated.
    func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable
    /// The to-one related objects the object holds now. Generated.
    var _$relatedObjects: [any Model] { get }
    /// Tells the object's observers (Swift's `Observation`) that `columns` changed, or may have;
    /// called outside the object's lock. Generated for a class declared `Observable`; a no-op
    /// otherwise (`Model+Observation.swift`).
    func _$observedColumnsDidChange(_ columns: _ColumnSet)
    /// Stores `decoded`'s values (an object of the same model, just read, that no other thread
    /// sees) in every column but those in `keeping`, under the caller's lock on this object, and
    /// returns the columns whose values changed. Generated for a class declared `Observable`;
    /// otherwise every column is stored and none returned (nothing observes them).
    func _$replaceColumns(from decoded: any Model, keeping: _ColumnSet) -> _ColumnSet

    /// What committing a new object of this model does when it clashes with a stored row on a unique
    /// column or key: ``InsertConflictPolicy/fail`` (the default) or ``InsertConflictPolicy/update`` (an upsert).
    /// ``CommitOptions/onConflict`` overrides it for one commit.
    static var onConflict: InsertConflictPolicy { get }

    /// Called before the row is inserted, inside the write. Return false to veto: nothing is written
    /// and `commit()` throws ``ORMError/vetoed(entity:operation:)``, which, like any error, rolls
    /// back the transactions it leaves (a caller that catches it inside a transaction goes on).
    func willInsert() -> Bool
    /// Called before the row is updated. Return false to veto.
    func willUpdate() -> Bool
    /// Called before the row is deleted. Return false to veto.
    func willDelete() -> Bool
    /// Called after the transaction that inserted the row committed, outside any lock.
    func didInsert()
    /// Called after the transaction that updated the row committed.
    func didUpdate()
    /// Called after the transaction that deleted the row committed.
    func didDelete()
}

extension Model {
    /// The primary key's current value.
    public var _$primaryKey: SQLValue { _$withStateFields { _ in _$primaryKeyHoldingLock } }

    /// Sets the primary key; throws, changing nothing, when `key` does not fit the key's type.
    public func _$setPrimaryKey(_ key: SQLValue) throws {
        try _$withStateFields { _ in try _$setPrimaryKeyHoldingLock(key) }
    }

    /// The table and key read from ``modelSchema`` (for conformances written by hand).
    public static var _$tableAndKey: (table: String, primaryKey: PrimaryKey) {
        (modelSchema.table, modelSchema.primaryKey)
    }

    /// Fails on a clash with a stored row.
    public static var onConflict: InsertConflictPolicy { .fail }

    /// Allows the insert.
    public func willInsert() -> Bool { true }
    /// Allows the update.
    public func willUpdate() -> Bool { true }
    /// Allows the delete.
    public func willDelete() -> Bool { true }
    /// Does nothing.
    public func didInsert() {}
    /// Does nothing.
    public func didUpdate() {}
    /// Does nothing.
    public func didDelete() {}

    /// The model's table name.
    public static var tableName: String { modelSchema.table }

    /// Whether the object has never been inserted (or its insert was rolled back).
    public var isNew: Bool { persistenceStatus == .new }
    /// Whether the object is a fault: only its key is loaded, and the other properties load from its
    /// row on first access.
    public var isFault: Bool { persistenceStatus == .fault }
    /// Whether the object's row was deleted.
    public var isDeleted: Bool {
        faultInIfNeeded()
        return persistenceStatus == .deleted
    }
    /// Whether the object is new, or properties changed since it was last loaded or committed. A
    /// property assigned the value it holds, or set back to the value it was loaded with, is not
    /// changed (values compare as stored: text byte for byte, related objects by identity).
    public var hasChanges: Bool { _$withStateFields { $0.meta.status == .new || !$0.dirty.isEmpty } }
    /// The names of the columns changed since the object was last loaded or committed (see
    /// ``hasChanges``).
    public var changedColumns: [String] {
        dirtyColumns.indices.map { Self.modelSchema.columns[$0].name }
    }
    /// Values of the tables joined by the last query that fetched the object, keyed `"Table.column"`.
    public var joinedValues: [String: SQLValue] { _$withStateFields { $0.joined } }
    /// The database the object was fetched from or committed to.
    public var database: Database? { stateDatabase }
}
