/// Another table joined to a table found at run time, on pairs of columns: its columns read beside
/// the table's own under names that start with ``label`` (`Genre.Name`), the join one statement the
/// database runs (``DynamicTable/query(cuttingValuesAt:computing:joining:)``).
///
/// ```swift
/// let genre = TableJoin(table: "Genre", kind: .left, on: [.init(column: "GenreId", otherColumn: "GenreId")],
///                       columns: ["GenreId", "Name"], keepsRows: true)
/// let rows = try db.table("Track").query(cuttingValuesAt: nil, joining: [genre])
///     .where("\(identifier: "Genre.Name") = \("Rock")").fetch()
/// ```
public struct TableJoin: Hashable, Sendable {
    /// How rows without a match are kept.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Only rows with a match on both sides.
        case inner
        /// Every row of the table, the other's columns NULL where nothing matches.
        case left
        /// Every row of either side (SQLite 3.39 and later, PostgreSQL).
        case full

        /// The SQL words: `JOIN`, `LEFT JOIN`, `FULL JOIN`.
        package var sql: String {
            switch self {
            case .inner: "JOIN"
            case .left: "LEFT JOIN"
            case .full: "FULL JOIN"
            }
        }
    }

    /// A column of the table compared with a column of the other table.
    public struct Pair: Hashable, Sendable {
        /// The table's column (or one of its computed columns).
        public var column: String
        /// The other table's column.
        public var otherColumn: String

        /// Makes a pair.
        public init(column: String, otherColumn: String) {
            self.column = column
            self.otherColumn = otherColumn
        }
    }

    /// The other table's name.
    public var table: String
    /// The database (schema) holding it when not the main one: an attached file's name.
    public var schema: String?
    /// What its columns' names start with in the view, before a dot: the table's name by default.
    public var label: String
    /// How rows without a match are kept.
    public var kind: Kind
    /// The columns compared, all of them equal on a joined row.
    public var pairs: [Pair]
    /// The other table's columns read into the view, in order.
    public var columns: [String]
    /// Whether every row of the view is one row of the table, which keeps its key: the other
    /// side's join columns are unique there and the join is not full. Else the view has no key
    /// (its rows are read by position) and cannot be edited.
    public var keepsRows: Bool
    /// The session table the other side is (a file's rows on PostgreSQL), held so that it lives
    /// as long as a view that joins it: dropped when the last copy of the join goes.
    public var sessionTable: SessionTable?

    /// Makes a join of `table` (in `schema` when given), its columns named `label.column`.
    public init(table: String, schema: String? = nil, label: String? = nil, kind: Kind, on pairs: [Pair], columns: [String],
                keepsRows: Bool) {
        self.table = table
        self.schema = schema
        self.label = label ?? table
        self.kind = kind
        self.pairs = pairs
        self.columns = columns
        self.keepsRows = keepsRows && kind != .full
    }

    /// The names its columns have in the view: `label.column`.
    public var columnNames: [String] {
        columns.map { "\(label).\($0)" }
    }
}
