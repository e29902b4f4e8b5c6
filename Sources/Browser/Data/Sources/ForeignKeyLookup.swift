import ORMCore

/// Follows foreign keys: finds the key a column refers through and the referenced row.
///
/// Only single-column foreign keys are followed. The referenced column is the one the key names,
/// or the referenced table's single-column primary key when it names none.
///
/// ```swift
/// let lookup = ForeignKeyLookup(database: database)
/// if let reference = try lookup.reference(from: "orders", column: "customer_id") {
///     let key = try lookup.key(of: reference, value: .integer(3))
/// }
/// ```
struct ForeignKeyLookup {
    /// Why a reference cannot be followed.
    enum Failure: Error, Equatable {
        /// The key has several columns.
        case composite(columns: [String])
        /// The referenced table does not exist.
        case missingTable(String)
        /// The key names no column and the referenced table has no single-column primary key.
        case unknownColumn(table: String)
    }

    /// The database read.
    let database: Database

    /// The foreign key of `table` whose column is `column`, nil when the column is in no foreign key.
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
        guard key.columns.count == 1 else {
            throw Failure.composite(columns: key.columns)
        }
        if let referenced = key.referencedColumns.first {
            return ForeignKeyReference(column: column, table: key.table, referencedColumn: referenced)
        }
        guard let target = try database.tableInfo(key.table) else {
            throw Failure.missingTable(key.table)
        }
        guard target.primaryKey.count == 1, let primary = target.primaryKey.first else {
            throw Failure.unknownColumn(table: key.table)
        }
        return ForeignKeyReference(column: column, table: key.table, referencedColumn: primary)
    }

    /// The key of the first row of the referenced table whose referenced column equals `value`,
    /// nil when there is no such row (or the table has no key to find a row by).
    func key(of reference: ForeignKeyReference, value: SQLValue) throws -> RowKey? {
        let record = try database.table(reference.table).query()
            .where("\(identifier: reference.referencedColumn) = \(value)")
            .first()
        guard let key = record?.key, !key.isEmpty else {
            return nil
        }
        return RowKey(values: key)
    }
}
