/// A column as the grid shows it, independent of any database.
struct GridColumn: Hashable, Sendable {
    /// The header text.
    var name: String
    /// What the column holds.
    var kind: ColumnKind
    /// Whether the column is part of the primary key (styled `keyColumn`).
    var isKey: Bool

    /// Creates a column.
    init(name: String, kind: ColumnKind = .other, isKey: Bool = false) {
        self.name = name
        self.kind = kind
        self.isKey = isKey
    }
}
