import ORMShared

/// The name ORMCore uses for `_StatementRow`.
@_spi(ModelSupport) public typealias StatementRow = _StatementRow

/// The current row of a statement while objects are decoded from it.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module decodes its properties from it, hence the underscore. ORMCore calls it
/// `StatementRow`, a name tools built on ORMCore reach with `@_spi(ModelSupport) import ORMCore`.
public struct _StatementRow {
    /// The statement positioned on the row.
    public let statement: _Statement
    /// The database the row comes from (related objects are faulted from it).
    public let database: Database
    /// The entity being decoded, for error messages.
    public let entity: String
    /// For rows of hand-written SQL: where each schema position (key, then columns) is in the result.
    @usableFromInline package let columnMap: [Int32]?

    package init(statement: Statement, database: Database, entity: String, columnMap: [Int32]? = nil) {
        self.statement = statement
        self.database = database
        self.entity = entity
        self.columnMap = columnMap
    }

    /// The result column holding schema position `index` (0 is the key).
    @inlinable @inline(__always)
    public func resolve(_ index: Int32) -> Int32 {
        guard let columnMap else { return index }
        return Int(index) < columnMap.count ? columnMap[Int(index)] : -1
    }
}
