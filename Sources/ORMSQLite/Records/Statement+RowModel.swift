import ORMShared

extension _Statement {
    /// The `_SQLiteRowModel` conformance of `type`, asked once for each model statement and kept
    /// (a run of writes of one model asks it of the same statement: one comparison, no lookup);
    /// nil for a model that takes the driver-neutral path.
    @inline(__always)
    func rowModel<T: Model>(_ type: T.Type) -> (any _SQLiteRowModel.Type)? {
        if let known = rowModelType, ObjectIdentifier(known) == ObjectIdentifier(type) { return known }
        return lookUpRowModel(type)
    }

    /// ``rowModel(_:)`` for one of `type`'s own statements (``Connection/modelStatement(_:sql:)``,
    /// prepared for that model alone), which need not compare the model it kept.
    @inline(__always)
    func ownRowModel<T: Model>(_ type: T.Type) -> (any _SQLiteRowModel.Type)? {
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
