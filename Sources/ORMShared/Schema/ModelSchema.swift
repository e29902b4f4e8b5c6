/// What a model class maps to: its table, key, columns and indexes. `@Model` generates it.
///
/// A class: the write and fetch paths read it for every object, and handing out a reference costs
/// one retain where copying a struct of strings and arrays costs one per field.
public final class ModelSchema: Sendable {
    /// The table name.
    public let table: String
    /// Names the table had before (renamed by migration when found).
    public let formerTableNames: [String]
    /// The primary key column.
    public let primaryKey: PrimaryKey
    /// The persisted columns other than the key, in declaration order.
    public let columns: [ModelColumn]
    /// Indexes, including those declared on single properties.
    public let indexes: [IndexDefinition]

    /// Makes a schema; single-column `indexed`/`unique` flags become indexes, relationship columns are
    /// indexed automatically.
    public init(
        table: String, formerTableNames: [String] = [], primaryKey: PrimaryKey, columns: [ModelColumn],
        indexes: [IndexDefinition] = []
    ) {
        self.table = table
        self.formerTableNames = formerTableNames
        self.primaryKey = primaryKey
        self.columns = columns
        var all = indexes
        for column in columns where column.isUnique || column.isIndexed || column.reference != nil {
            let index = IndexDefinition([IndexedColumn(column.name)], unique: column.isUnique)
            if !all.contains(where: { $0.columns == index.columns }) { all.append(index) }
        }
        self.indexes = all
        self.columnIndex = Dictionary(columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.selectColumnsSQL = Self.selectColumnsText(table: table, key: primaryKey.name, columns: columns, nil)
        self.insertSQL = Self.insertText(table: table, key: primaryKey.name, columns: columns, nil)
        self.insertGeneratedKeySQL = Self.insertGeneratedKeyText(
            table: table, key: primaryKey.name, columns: columns, nil)
        self.allColumns = ColumnSet.all(columns.count)
        self.hasRelationships = columns.contains { $0.reference != nil }
        self.deleteSQL = Self.deleteText(table: table, key: primaryKey.name, nil)
    }

    package let columnIndex: [String: Int]
    /// `"t"."id", "t"."a", …`: the key then every column, as `init(_$row:)` reads them (SQLite's
    /// text, kept at hand; ``selectColumnsSQL(in:)`` for any dialect).
    public let selectColumnsSQL: String
    /// SQLite's insert statement binding the key then every column (``insertSQL(in:)``).
    public let insertSQL: String
    /// The insert statement binding every column but the key, which SQLite assigns (a rowid or
    /// autoincrement key not set yet). Cheaper than binding NULL to the key: SQLite then skips the
    /// check for an existing row with that key.
    public let insertGeneratedKeySQL: String
    /// Every column.
    package let allColumns: ColumnSet
    /// Whether any column is a to-one relationship (only then can an object hold related objects).
    public let hasRelationships: Bool
    /// SQLite's delete-by-key statement (``deleteSQL(in:)``).
    public let deleteSQL: String

    /// The index of a column in ``columns`` by name.
    public func indexOfColumn(named name: String) -> Int? { columnIndex[name] }

    /// SQLite's update statement for the given columns, keyed by the primary key (bound last).
    func updateSQL(for changed: ColumnSet) -> String {
        let assignments = changed.indices.map { "\(quoteIdentifier(columns[$0].name)) = ?" }
        return "UPDATE \(quoteIdentifier(table)) SET \(assignments.joined(separator: ", ")) WHERE "
            + "\(quoteIdentifier(primaryKey.name)) = ?"
    }
}

/// A model's primary key.
public struct PrimaryKey: Sendable, Hashable {
    /// How new keys are made.
    public enum Strategy: Sendable, Hashable {
        /// The rowid SQLite assigns at insert (the default): one more than the largest key in the
        /// table, so keys ascend in insertion order, rows are appended at the end of the table's
        /// B-tree, and a query without `orderBy` reads them in the order they were inserted. The
        /// object learns its key as it is inserted. The key of a table's last row may be given
        /// again once that row is deleted (``autoincrement`` never reuses one).
        case rowID
        /// A random positive 64-bit integer, drawn at insert (FCModel's way): keys say nothing
        /// about order and are practically never reused, but each insert lands at a random place
        /// in the table's B-tree (slower inserts, a larger file) and rows come back in random order.
        case randomInteger
        /// SQLite's `AUTOINCREMENT`: increasing, never reused (SQLite keeps the largest key ever
        /// given in `sqlite_sequence`, one more write per insert).
        case autoincrement
        /// The object carries its own key (a `String` or `UUID`, say).
        case provided
    }
    /// The column name.
    public let name: String
    /// The declared column type.
    public let type: ColumnType
    /// How new keys are made.
    public let strategy: Strategy
    /// The kind of value the key is (`uuid` on PostgreSQL for a `UUID` key); by default the one
    /// ``type`` implies.
    public let storedType: StoredType

    /// Makes a key description.
    public init(name: String, type: ColumnType, strategy: Strategy, storedType: StoredType? = nil) {
        self.name = name
        self.type = type
        self.strategy = strategy
        self.storedType = storedType ?? StoredType(columnType: type)
    }
}

/// One persisted property's column.
public struct ModelColumn: Sendable, Hashable {
    /// The column name (the property name unless renamed).
    public let name: String
    /// The declared type.
    public let type: ColumnType
    /// Whether NULL is allowed (the property is optional).
    public let isNullable: Bool
    /// The value used for new objects and to fill the column when a migration adds it.
    public let defaultValue: SQLValue
    /// Names the column had before (renamed by migration when found).
    public let formerNames: [String]
    /// Whether a single-column index is wanted.
    public let isIndexed: Bool
    /// Whether values must be unique.
    public let isUnique: Bool
    /// For a to-one relationship: the referenced table and key column.
    public let reference: Reference?
    /// The kind of value the column stores, which picks its type on a database with real column
    /// types (PostgreSQL); by default the one ``type`` implies.
    public let storedType: StoredType

    /// A to-one relationship's target.
    public struct Reference: Sendable, Hashable {
        /// The referenced table.
        public let table: String
        /// The referenced key column.
        public let column: String
        /// The referenced model, whose table is prepared before the referencing one.
        public let model: (any SchemaDescribed.Type)?

        /// Makes a reference.
        public init(table: String, column: String, model: (any SchemaDescribed.Type)? = nil) {
            self.table = table
            self.column = column
            self.model = model
        }

        public static func == (lhs: Reference, rhs: Reference) -> Bool {
            lhs.table == rhs.table && lhs.column == rhs.column
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(table)
            hasher.combine(column)
        }
    }

    /// Makes a column description.
    public init(
        name: String, type: ColumnType, isNullable: Bool, defaultValue: SQLValue, formerNames: [String] = [],
        isIndexed: Bool = false, isUnique: Bool = false, reference: Reference? = nil, storedType: StoredType? = nil
    ) {
        self.name = name
        self.type = type
        self.storedType = storedType ?? StoredType(columnType: type)
        self.isNullable = isNullable
        self.defaultValue = defaultValue
        self.formerNames = formerNames
        self.isIndexed = isIndexed
        self.isUnique = isUnique
        self.reference = reference
    }
}

/// An index on one or more columns, possibly unique.
///
/// ```swift
/// @Model(indexes: [Index("lastName", "firstName"), Index(.descending("score")), Index("email", unique: true)])
/// ```
public struct IndexDefinition: Sendable, Hashable {
    /// The columns in order.
    public let columns: [IndexedColumn]
    /// Whether the index enforces uniqueness.
    public let isUnique: Bool

    /// An index on columns.
    public init(_ columns: IndexedColumn..., unique: Bool = false) {
        self.init(columns, unique: unique)
    }

    /// An index on an array of columns.
    public init(_ columns: [IndexedColumn], unique: Bool = false) {
        self.columns = columns
        self.isUnique = unique
    }

    /// The name ORMCore gives the index in `table`: derived from the columns, so it is stable.
    public func name(in table: String) -> String {
        let parts = columns.map { $0.descending ? "\($0.name)_desc" : $0.name }
        return (isUnique ? "orm_unique_" : "orm_index_") + table + "_" + parts.joined(separator: "_")
    }
}

/// Shorthand for ``IndexDefinition`` in `@Model(indexes:)`.
public typealias Index = IndexDefinition
