import ORMCore

/// Follows foreign keys: finds the key a column refers through and the referenced row.
///
/// A key of several columns (`FOREIGN KEY (a, b) REFERENCES t(x, y)`) is followed on all of them.
/// The referenced columns are the ones the key names, or the referenced table's primary key when
/// it names none (as many columns as the key has).
///
/// ```swift
/// let lookup = ForeignKeyLookup(database: database)
/// if let reference = try lookup.reference(from: "orders", column: "customer_id") {
///     let key = try lookup.key(of: reference, values: [.integer(3)])
/// }
/// ```
struct ForeignKeyLookup {
    /// Why a reference cannot be followed.
    enum Failure: Error, Equatable {
        /// The referenced table does not exist.
        case missingTable(String)
        /// The key names no column and the referenced table has no primary key of as many columns.
        case unknownColumn(table: String)
    }

    /// The database read.
    let database: Database

    /// The foreign key of `table` that `column` is in (a single-column one first), nil when the
    /// column is in no foreign key.
    ///
    /// - Throws: ``Failure`` when the key cannot be followed, or the database's error.
    func reference(from table: String, column: String) throws -> ForeignKeyReference? {
        guard let info = try database.tableInfo(table) else {
            return nil
        }
        let matches = info.foreignKeys.filter { key in
            key.columns.contains { $0.equalsIgnoringCase(column) }
        }
        guard let key = matches.first(where: { $0.columns.count == 1 }) ?? matches.first else {
            return nil
        }
        let cursor = key.columns.first { $0.equalsIgnoringCase(column) } ?? column
        if key.referencedColumns.count == key.columns.count {
            return ForeignKeyReference(column: cursor, table: key.table, columns: key.columns, referencedColumns: key.referencedColumns)
        }
        guard let target = try database.tableInfo(key.table) else {
            throw Failure.missingTable(key.table)
        }
        guard key.referencedColumns.isEmpty, target.primaryKey.count == key.columns.count else {
            throw Failure.unknownColumn(table: key.table)
        }
        return ForeignKeyReference(column: cursor, table: key.table, columns: key.columns, referencedColumns: target.primaryKey)
    }

    /// The key of the first row of the referenced table whose referenced columns equal `values`
    /// (one for each, in the key's order, bound), nil when there is no such row (or the table
    /// has no key to find a row by).
    func key(of reference: ForeignKeyReference, values: [SQLValue]) throws -> RowKey? {
        var query = try database.table(reference.table).query()
        for (referenced, value) in zip(reference.referencedColumns, values) {
            query = query.where("\(identifier: referenced) = \(value)")
        }
        guard let key = try query.first()?.key, !key.isEmpty else {
            return nil
        }
        return RowKey(values: key)
    }
}
