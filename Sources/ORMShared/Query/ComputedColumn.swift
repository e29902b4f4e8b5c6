/// A column a query over a table found at run time computes from the others: an SQL expression
/// in the database's own dialect, read beside the table's columns under its own name
/// (``DynamicTable/query(cuttingValuesAt:computing:joining:)``).
///
/// ```swift
/// let minutes = ComputedColumn(name: "minutes", expression: "Milliseconds / 60000.0")
/// let longest = try db.table("Track").query(cuttingValuesAt: nil, computing: [minutes])
///     .where("minutes > \(5)").orderBy("minutes", descending: true).fetch()
/// ```
public struct ComputedColumn: Hashable, Sendable {
    /// The column's name, written quoted wherever the query names it.
    public var name: String
    /// The expression, as the user wrote it: SQL text put into the query as it is (parenthesised),
    /// like a filter the user types.
    public var expression: String

    /// Makes a computed column.
    public init(name: String, expression: String) {
        self.name = name
        self.expression = expression
    }
}
