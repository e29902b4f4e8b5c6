/// What a schema holds, as a browser lists it: its tables and views by name with their kinds, and
/// the row counts the database's statistics estimate for them (``Database/schemaListing()``).
public struct SchemaListing: Sendable {
    /// The tables, views and virtual tables, by name (as ``Database/schemaObjects()``).
    public var objects: [(name: String, kind: TableInfo.Kind)]
    /// The estimated row counts by name (as ``Database/estimatedRowCounts()``; empty on SQLite).
    public var estimatedRowCounts: [String: Int]

    /// A listing of `objects` with `estimatedRowCounts`.
    public init(objects: [(name: String, kind: TableInfo.Kind)], estimatedRowCounts: [String: Int]) {
        self.objects = objects
        self.estimatedRowCounts = estimatedRowCounts
    }
}
