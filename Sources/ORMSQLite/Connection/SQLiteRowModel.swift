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
