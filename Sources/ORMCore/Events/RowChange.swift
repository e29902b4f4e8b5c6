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
    /// The row's rowid.
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

/// The changes one transaction committed: row-level where SQLite reports rows, and every table touched
/// (including `WITHOUT ROWID` tables, whose rows the update hook does not report).
public struct ChangeSet: Sendable, Equatable {
    /// Row-level changes, in the order they happened.
    public internal(set) var rows: [RowChange] = []
    /// Every table that changed.
    public internal(set) var tables: Set<String> = []
    /// Tables whose changes came with no row detail (`WITHOUT ROWID`, or another process).
    public internal(set) var tablesWithoutRowDetail: Set<String> = []
    /// Tables with at least one row in ``rows`` (kept as rows are appended, not searched for).
    var tablesWithRows: Set<String> = []
    /// Whether another connection or process committed these changes (then only tables are known).
    public internal(set) var isExternal = false

    /// Makes an empty change set.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { tables.isEmpty }

    mutating func append(_ change: RowChange) {
        // Compare the table alone (`rows.last` would copy the whole last change).
        if rows.isEmpty || rows[rows.count - 1].table != change.table {
            tables.insert(change.table)
            tablesWithRows.insert(change.table)
        }
        rows.append(change)
    }

    mutating func appendTableOnly(_ table: String) {
        tables.insert(table)
        tablesWithoutRowDetail.insert(table)
    }

    mutating func merge(_ other: ChangeSet) {
        rows += other.rows
        tables.formUnion(other.tables)
        tablesWithRows.formUnion(other.tablesWithRows)
        tablesWithoutRowDetail.formUnion(other.tablesWithoutRowDetail)
        isExternal = isExternal || other.isExternal
    }
}
