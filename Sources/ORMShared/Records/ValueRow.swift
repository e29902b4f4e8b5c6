/// The name ORMCore uses for `_ValueRow`.
@_spi(ModelSupport) public typealias ValueRow = _ValueRow

/// The current row of a driver other than SQLite while objects are decoded from it: the generic
/// path of the macro's contract, chosen once per statement (SQLite's rows are ``_StatementRow``s,
/// read in place with every call inlined).
///
/// A statement that reads its values directly (PostgreSQL's) is also held as such: the decoding
/// calls read its columns directly (one call a value into the statement's reader for the column,
/// chosen once a statement), where any other driver's go through ``reader``.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module decodes its properties from it.
public struct _ValueRow {
    /// The driver's row.
    public let reader: any _RowReader
    /// The database the row comes from (related objects are faulted from it).
    public let database: Database
    /// The entity being decoded, for error messages.
    public let entity: String
    /// For rows of hand-written SQL: where each schema position (key, then columns) is in the result.
    @usableFromInline package let columnMap: [Int32]?
    /// The driver's statement positioned on the row when it reads values directly
    /// (``DriverStatement/directRow``), read without ``reader``'s existentials.
    @usableFromInline let direct: (any DirectRow)?
    /// The number of result columns, read once rather than through ``reader`` for every value.
    @usableFromInline package let columnCount: Int32

    package init(reader: any _RowReader, database: Database, entity: String, columnMap: [Int32]? = nil) {
        self.reader = reader
        self.database = database
        self.entity = entity
        self.columnMap = columnMap
        direct = nil
        columnCount = reader.columnCount
    }

    /// The current row of `statement`: read directly where the statement is a ``DirectRow``
    /// (asked once), else through its ``DriverRowReader``.
    package init<Positioned: DriverStatement>(
        statement: Positioned, database: Database, entity: String, columnMap: [Int32]? = nil
    ) {
        reader = DriverRowReader(statement: statement)
        self.database = database
        self.entity = entity
        self.columnMap = columnMap
        direct = statement.directRow
        columnCount = statement.columnCount
    }

    /// The result column holding schema position `index` (0 is the key), or -1 when the row has none.
    @inlinable
    public func resolve(_ index: Int32) -> Int32 {
        if let columnMap { return Int(index) < columnMap.count ? columnMap[Int(index)] : -1 }
        return index < columnCount ? index : -1
    }
}
