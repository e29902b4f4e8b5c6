/// A table named with its schema: on PostgreSQL a table of another schema than the one a
/// ``Database`` browses (`sales.royalty`), whose commits it can be asked to watch
/// (``Database/watchTablesOfOtherSchemas(_:)``).
///
/// ```swift
/// let royalty = QualifiedTableName(schema: "sales", name: "royalty")
/// db.watchTablesOfOtherSchemas([royalty])
/// // another session's commit to it arrives as a change of "sales.royalty"
/// ```
public struct QualifiedTableName: Sendable, Hashable, CustomStringConvertible {
    /// The schema.
    public var schema: String
    /// The table's name in it.
    public var name: String

    /// The table `name` of `schema`.
    public init(schema: String, name: String) {
        self.schema = schema
        self.name = name
    }

    /// `schema.name`, unquoted: how a ``ChangeSet`` names the table.
    public var description: String {
        "\(schema).\(name)"
    }
}
