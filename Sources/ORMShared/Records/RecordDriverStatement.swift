/// A driver's own statement as the record layer asks it: its rows as live objects through the
/// driver's own loop (SQLite's reads columns in place through the macro's concrete path;
/// PostgreSQL's reads each column by the reader chosen once), implemented in the driver's folder.
package protocol RecordDriverStatement: DriverStatement {
    /// Every remaining row (bound, not stepped yet) as live objects of `type`; `columnMap` places
    /// the model's columns (key first) among the statement's, nil for the schema's order.
    func materialize<T: Model>(_ type: T.Type, database: Database, columnMap: [Int32]?) throws -> [T]

    /// Binds `object`'s `columns` in column order, starting at parameter `index`: SQLite's
    /// statement through the macro's concrete path (every value's bind inlined), any other
    /// through the generic one (the default). Chosen by the statement's type, so generic code
    /// specialised for a driver calls its own directly.
    func bindColumns<T: Model>(of object: T, _ columns: ColumnSet, startingAt index: Int32) throws
}

extension RecordDriverStatement {
    /// The macro's generic path, over the statement as a ``_ValueBinder``.
    @inline(__always)
    package func bindColumns<T: Model>(of object: T, _ columns: ColumnSet, startingAt index: Int32) throws {
        try object._$bindColumns(columns, to: self, startingAt: index)
    }
}
