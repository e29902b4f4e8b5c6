/// Who made a change: ORMCore writing an object, or SQL run directly.
public enum ChangeOrigin: Sendable, Hashable {
    /// A model object's commit or remove.
    case object
    /// Raw SQL, a query's `removeAll()`, or a trigger.
    case sql
    /// Another connection or process; only the tables are known.
    case external
}

/// One committed change to one row.
public struct RowChange: Sendable, Hashable {
    /// The table's name.
    public let table: String
    /// Insert, update or delete.
    public let operation: RecordOperation
    /// The row's rowid. Where the database reports no changes itself and ORMCore records its own
    /// writes (PostgreSQL), the row's key when it is an integer, else a number standing for the key
    /// (the same for every change to that row, so that changes coalesce by row).
    public let rowID: Int64
    /// Who made the change.
    public let origin: ChangeOrigin
    /// The primary key, when an object made the change.
    public let key: SQLValue?
    /// The columns an object's update wrote (nil when unknown).
    public let changedColumns: [String]?

    /// Makes a change record.
    public init(
        table: String, operation: RecordOperation, rowID: Int64, origin: ChangeOrigin, key: SQLValue? = nil,
        changedColumns: [String]? = nil
    ) {
        self.table = table
        self.operation = operation
        self.rowID = rowID
        self.origin = origin
        self.key = key
        self.changedColumns = changedColumns
    }
}
