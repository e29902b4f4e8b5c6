/// A column in an index, ascending or descending.
public struct IndexedColumn: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The column name.
    public let name: String
    /// Whether the index sorts this column descending.
    public let descending: Bool

    /// An indexed column.
    public init(_ name: String, descending: Bool = false) {
        self.name = name
        self.descending = descending
    }

    /// An ascending column by name.
    public init(stringLiteral value: String) { self.init(value) }

    /// A descending column.
    public static func descending(_ name: String) -> IndexedColumn { IndexedColumn(name, descending: true) }
}
