/// A table or view as the database describes it: found at run time, not declared.
public struct TableInfo: Sendable, Hashable {
    /// What kind of object it is.
    public enum Kind: String, Sendable, Hashable {
        case table, view, virtual
        /// PostgreSQL's materialized view: a query's rows stored, read like a table, written only by
        /// `REFRESH MATERIALIZED VIEW`.
        case materializedView = "materialized view"
        /// PostgreSQL's partitioned table: its rows live in its partitions (tables of their own).
        case partitionedTable = "partitioned table"
        /// PostgreSQL's foreign table: rows another server holds, through a foreign data wrapper.
        case foreignTable = "foreign table"
    }

    /// The name.
    public let name: String
    /// Table, view or virtual table.
    public let kind: Kind
    /// Columns in table order, hidden and generated ones included.
    public let columns: [ColumnInfo]
    /// The primary key's columns in key order (empty when the table has none but its rowid).
    public let primaryKey: [String]
    /// Whether the table is `WITHOUT ROWID`.
    public let isWithoutRowID: Bool
    /// Whether the table is `STRICT`.
    public let isStrict: Bool
    /// Indexes, including those SQLite made for UNIQUE and PRIMARY KEY constraints.
    public let indexes: [IndexInfo]
    /// Foreign keys, one per constraint.
    public let foreignKeys: [ForeignKeyInfo]
    /// The `CREATE` statement, as stored.
    public let sql: String?

    /// Makes a description.
    public init(
        name: String, kind: Kind, columns: [ColumnInfo], primaryKey: [String], isWithoutRowID: Bool, isStrict: Bool,
        indexes: [IndexInfo], foreignKeys: [ForeignKeyInfo], sql: String?
    ) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.primaryKey = primaryKey
        self.isWithoutRowID = isWithoutRowID
        self.isStrict = isStrict
        self.indexes = indexes
        self.foreignKeys = foreignKeys
        self.sql = sql
    }

    /// Whether rows have a rowid (tables that are not `WITHOUT ROWID`; not views).
    public var hasRowID: Bool { kind != .view && !isWithoutRowID }

    /// A column by name (case-insensitive, as SQLite matches names).
    public func column(named name: String) -> ColumnInfo? {
        columns.first { $0.name.equalsIgnoringCase(name) }
    }
}

/// One column of a table found at run time.
public struct ColumnInfo: Sendable, Hashable {
    /// How a column is generated, if it is.
    public enum Generated: Sendable, Hashable {
        case no, virtual, stored, hidden
    }

    /// The name.
    public let name: String
    /// The declared type, as written ("" when none).
    public let declaredType: String
    /// Whether NOT NULL is declared.
    public let isNotNull: Bool
    /// The DEFAULT expression as written, if any.
    public let defaultSQL: String?
    /// The position in the primary key (1-based), or 0.
    public let primaryKeyPosition: Int
    /// Whether the column is generated or hidden.
    public let generated: Generated

    /// Makes a description.
    public init(
        name: String, declaredType: String, isNotNull: Bool, defaultSQL: String?, primaryKeyPosition: Int,
        generated: Generated
    ) {
        self.name = name
        self.declaredType = declaredType
        self.isNotNull = isNotNull
        self.defaultSQL = defaultSQL
        self.primaryKeyPosition = primaryKeyPosition
        self.generated = generated
    }

    /// The affinity the declared type gives.
    public var affinity: ColumnType { ColumnType(affinityOf: declaredType) }
}

/// An index found at run time.
public struct IndexInfo: Sendable, Hashable {
    /// Where an index comes from.
    public enum Origin: String, Sendable, Hashable {
        /// `CREATE INDEX`.
        case created = "c"
        /// A UNIQUE constraint.
        case unique = "u"
        /// A PRIMARY KEY constraint.
        case primaryKey = "pk"
    }

    /// The name.
    public let name: String
    /// Its columns in order (expressions appear as an empty name).
    public let columns: [IndexedColumn]
    /// Whether it enforces uniqueness.
    public let isUnique: Bool
    /// What made it.
    public let origin: Origin
    /// Whether it is partial (has a WHERE clause).
    public let isPartial: Bool
    /// The `CREATE INDEX` statement (nil for constraint indexes).
    public let sql: String?

    /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
    package init(name: String, columns: [IndexedColumn], isUnique: Bool, origin: Origin, isPartial: Bool, sql: String?) {
        self.name = name
        self.columns = columns
        self.isUnique = isUnique
        self.origin = origin
        self.isPartial = isPartial
        self.sql = sql
    }
}

/// A foreign key found at run time.
public struct ForeignKeyInfo: Sendable, Hashable {
    /// The referencing columns in this table.
    public let columns: [String]
    /// The referenced table.
    public let table: String
    /// The referenced columns (empty means the referenced table's primary key).
    public let referencedColumns: [String]
    /// `ON UPDATE` action.
    public let onUpdate: String
    /// `ON DELETE` action.
    public let onDelete: String

    /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
    package init(columns: [String], table: String, referencedColumns: [String], onUpdate: String, onDelete: String) {
        self.columns = columns
        self.table = table
        self.referencedColumns = referencedColumns
        self.onUpdate = onUpdate
        self.onDelete = onDelete
    }
}
