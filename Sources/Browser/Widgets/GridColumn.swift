/// A column as the grid shows it, independent of any database.
struct GridColumn: Hashable, Sendable {
    /// The header text.
    var name: String
    /// What the column holds.
    var kind: ColumnKind
    /// Whether the column is part of the primary key (styled `keyColumn`).
    var isKey: Bool
    /// How many decimals its real numbers show (`16.67`, `0.20`, so they align), nil for as many
    /// as they need (``CellFormatter/formatReal(_:)``).
    var decimals: Int?
    /// Whether its integers show their thousands grouped (`3,034`): counts reef makes, not data.
    var groupsDigits: Bool
    /// Whether the view computes it from an expression (`=`): read-only, its header marked `=`.
    var isComputed: Bool
    /// The table a join (`J`) brought the column from, nil for the view's own columns: read-only,
    /// its name `Table.column`.
    var joinedFrom: String?

    /// Creates a column.
    init(name: String, kind: ColumnKind = .other, isKey: Bool = false, decimals: Int? = nil, groupsDigits: Bool = false,
         isComputed: Bool = false, joinedFrom: String? = nil) {
        self.isComputed = isComputed
        self.joinedFrom = joinedFrom
        self.name = name
        self.kind = kind
        self.isKey = isKey
        self.decimals = decimals
        self.groupsDigits = groupsDigits
    }

    /// The text of its header: the name, a computed column's after `=` (`=minutes`).
    var header: String {
        isComputed ? "=" + name : name
    }
}
