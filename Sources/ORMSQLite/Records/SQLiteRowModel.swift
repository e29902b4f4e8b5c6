import ORMShared

/// A model that SQLite reads and binds through the macro's concrete path: its columns read in place
/// from SQLite's statement and bound to it, every call inlined into the generated members
/// (Decision 0002). `@Model`'s generated extension conforms to it beside ``Model``; SQLite's
/// driver asks a model type for it once a query, an insert or a refresh, and takes the
/// driver-neutral path (``Model/init(_$values:key:)``) for a model that does not conform.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module conforms to it, hence the underscore.
public protocol _SQLiteRowModel: Model {
    /// Makes an object from a row holding the key then every column of ``Model/modelSchema``;
    /// `key` is the key column's value as stored, which the caller has read already. Generated.
    init(_$row row: borrowing _StatementRow, key: borrowing SQLValue) throws
    /// Binds the given columns in column order, starting at parameter `start`. Generated.
    func _$bindColumns(_ columns: _ColumnSet, to statement: _Statement, startingAt start: Int32) throws
    /// Replaces the values of every column not in `keeping` with the row's. Generated.
    func _$apply(_ row: _StatementRow, keeping: _ColumnSet) throws
}

extension _Statement {
    /// The `_SQLiteRowModel` conformance of `type`, asked once for each model statement and kept
    /// (a run of writes of one model asks it of the same statement: one comparison, no lookup);
    /// nil for a model that takes the driver-neutral path.
    @inline(__always)
    package func rowModel<T: Model>(_ type: T.Type) -> (any _SQLiteRowModel.Type)? {
        if let known = rowModelType, ObjectIdentifier(known) == ObjectIdentifier(type) { return known }
        return lookUpRowModel(type)
    }

    /// ``rowModel(_:)`` for one of `type`'s own statements (``Connection/modelStatement(_:sql:)``,
    /// prepared for that model alone), which need not compare the model it kept.
    @inline(__always)
    package func ownRowModel<T: Model>(_ type: T.Type) -> (any _SQLiteRowModel.Type)? {
        if let known = rowModelType { return known }
        return lookUpRowModel(type)
    }

    @inline(never)
    private func lookUpRowModel<T: Model>(_ type: T.Type) -> (any _SQLiteRowModel.Type)? {
        let found = onConnection { $0.rowModels[ObjectIdentifier(type)] } ?? type as? any _SQLiteRowModel.Type
        if found != nil { rowModelType = found }
        return found
    }
}

extension Connection {
    /// Asks `type` for its ``_SQLiteRowModel`` conformance when the model is first prepared in a
    /// database, and keeps it: the runtime's scan of every conformance is made then, not in the
    /// first query or insert (a connection that did not prepare the model finds the answer in the
    /// runtime's cache).
    package func prepareModel<T: Model>(_ type: T.Type) {
        if let found = type as? any _SQLiteRowModel.Type { rowModels[ObjectIdentifier(type)] = found }
    }
}
