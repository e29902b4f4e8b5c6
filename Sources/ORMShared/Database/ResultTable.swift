/// Rows returned by a raw query, with their column names.
public struct ResultTable: Sendable, Equatable {
    /// The result column names.
    public let columns: [String]
    /// The rows, each in column order.
    public let rows: [[SQLValue]]
}
