/// What a schema holds, as a browser lists it: its tables and views by name with their kinds, and
/// the row counts the database's statistics estimate for them (``Database/schemaListing()``); on
/// PostgreSQL also what the database's other schemas hold, from the same catalog query.
public struct SchemaListing: Sendable {
    /// A table or view of another schema than the one described.
    public struct QualifiedObject: Sendable, Hashable {
        /// Its schema.
        public var schema: String
        /// Its name in that schema.
        public var name: String
        /// What it is.
        public var kind: TableInfo.Kind
        /// The rows the statistics estimate, nil when never analysed (or a view).
        public var estimatedRows: Int?

        /// The object `name` of `schema`.
        public init(schema: String, name: String, kind: TableInfo.Kind, estimatedRows: Int?) {
            self.schema = schema
            self.name = name
            self.kind = kind
            self.estimatedRows = estimatedRows
        }
    }

    /// The tables, views and virtual tables, by name (as ``Database/schemaObjects()``).
    public var objects: [(name: String, kind: TableInfo.Kind)]
    /// The estimated row counts by name (as ``Database/estimatedRowCounts()``; empty on SQLite).
    public var estimatedRowCounts: [String: Int]
    /// The tables and views of the database's other schemas, by schema and name (PostgreSQL's user
    /// schemas, the server's own left out; empty on SQLite, whose file has one schema).
    public var otherSchemas: [QualifiedObject]

    /// A listing of `objects` with `estimatedRowCounts`, and `otherSchemas`.
    public init(
        objects: [(name: String, kind: TableInfo.Kind)], estimatedRowCounts: [String: Int], otherSchemas: [QualifiedObject] = []
    ) {
        self.objects = objects
        self.estimatedRowCounts = estimatedRowCounts
        self.otherSchemas = otherSchemas
    }
}
