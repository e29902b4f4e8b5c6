/// Where a foreign key points: its columns, the referenced table and the columns they refer to,
/// pair by pair (one pair for a single-column key, several for `FOREIGN KEY (a, b) REFERENCES t(x, y)`).
struct ForeignKeyReference: Hashable, Sendable {
    /// The referencing column the cursor is on, one of ``columns``.
    var column: String
    /// The referenced table, as the foreign key names it.
    var table: String
    /// The referencing columns, in the key's order.
    var columns: [String]
    /// The referenced columns of ``table``, one for each of ``columns``, in the same order.
    var referencedColumns: [String]

    /// A single-column key: `column` refers to `referencedColumn` of `table`.
    init(column: String, table: String, referencedColumn: String) {
        self.init(column: column, table: table, columns: [column], referencedColumns: [referencedColumn])
    }

    /// A key of `columns` referring to `referencedColumns` of `table`, pair by pair, the cursor on `column`.
    init(column: String, table: String, columns: [String], referencedColumns: [String]) {
        self.column = column
        self.table = table
        self.columns = columns
        self.referencedColumns = referencedColumns
    }

    /// The referenced column ``column`` is paired with.
    var referencedColumn: String {
        let place = columns.firstIndex { $0.equalsIgnoringCase(column) } ?? 0
        return referencedColumns.indices.contains(place) ? referencedColumns[place] : referencedColumns.first ?? column
    }

    /// The pairs, each a referencing column and the referenced column it is compared with.
    var pairs: [(column: String, referenced: String)] {
        zip(columns, referencedColumns).map { ($0, $1) }
    }

    /// Whether the key has several columns.
    var isComposite: Bool {
        columns.count > 1
    }
}
