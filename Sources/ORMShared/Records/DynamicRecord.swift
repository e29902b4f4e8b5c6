/// A row of a table found at run time: its values by column, its key, and whether it was deleted.
public final class DynamicRecord: Sendable, CustomStringConvertible {
    /// The table.
    public let table: String
    /// The column names, in the order of ``values``.
    public let columns: [String]
    /// The values, in column order.
    public let values: [SQLValue]
    /// The key values (the rowid, or the primary key columns of a `WITHOUT ROWID` table).
    public let key: [SQLValue]
    /// For the values a query cut to a prefix (``DynamicTable/query(cuttingValuesAt:computing:joining:)``), their
    /// full size in bytes, by index in ``values``; empty when every value is whole.
    public let fullSizes: [Int: Int]
    private let state: Lock<State>

    private struct State {
        var isDeleted: Bool
        var joined: [String: SQLValue] = [:]
    }

    package init(
        table: String, columns: [String], values: [SQLValue], key: [SQLValue], isDeleted: Bool = false,
        fullSizes: [Int: Int] = [:]
    ) {
        self.table = table
        self.columns = columns
        self.values = values
        self.key = key
        self.fullSizes = fullSizes
        self.state = Lock(State(isDeleted: isDeleted))
    }

    /// The value of a column (case-insensitive), or nil when there is no such column.
    public subscript(column: String) -> SQLValue? {
        if let index = columns.firstIndex(of: column) { return values[index] }
        return columns.firstIndex { $0.equalsIgnoringCase(column) }.map { values[$0] }
    }

    /// Whether the row was deleted after the result set holding it was made.
    public var isDeleted: Bool { state.withLock { $0.isDeleted } }

    /// Values of tables joined by the query, keyed `"Table.column"`.
    public var joinedValues: [String: SQLValue] {
        get { state.withLock { $0.joined } }
    }

    func setJoined(_ values: [String: SQLValue]) {
        state.withLock { $0.joined = values }
    }

    public var description: String {
        "\(table)(" + zip(columns, values).map { "\($0)=\($1)" }.joined(separator: ", ") + ")"
    }
}
