/// What kind of relation a catalog entry is (`pg_class.relkind`), among those a browser shows.
public enum PGRelationKind: String, Sendable, Hashable, CaseIterable {
    /// An ordinary table (`r`), a partition included.
    case table = "r"
    /// A partitioned table (`p`): its rows live in its partitions.
    case partitionedTable = "p"
    /// A view (`v`).
    case view = "v"
    /// A materialized view (`m`).
    case materializedView = "m"
    /// A foreign table (`f`).
    case foreignTable = "f"

    /// The words a person uses for it: `table`, `partitioned table`, `view`…
    public var description: String {
        switch self {
        case .table: "table"
        case .partitionedTable: "partitioned table"
        case .view: "view"
        case .materializedView: "materialized view"
        case .foreignTable: "foreign table"
        }
    }
}

/// A table, view or materialized view the catalog lists, with the row count it estimates.
public struct PGRelation: Sendable, Hashable {
    /// The relation's `oid`.
    public let oid: UInt32
    /// Its schema.
    public let schema: String
    /// Its name.
    public let name: String
    /// What it is.
    public let kind: PGRelationKind
    /// The number of rows the statistics estimate (`reltuples`; for a partitioned table the sum over
    /// its partitions), nil for a view or a relation never analysed: the exact count takes a scan.
    public let estimatedRows: Int?
    /// The partitioned table it is a partition of, as `schema.name`, nil for other relations.
    public let partitionOf: PGQualifiedName?

    /// Makes a relation entry.
    public init(
        oid: UInt32, schema: String, name: String, kind: PGRelationKind, estimatedRows: Int?,
        partitionOf: PGQualifiedName? = nil
    ) {
        self.oid = oid
        self.schema = schema
        self.name = name
        self.kind = kind
        self.estimatedRows = estimatedRows
        self.partitionOf = partitionOf
    }

    /// Its schema and name.
    public var qualifiedName: PGQualifiedName {
        PGQualifiedName(schema: schema, name: name)
    }
}

/// A schema-qualified name: `"sales"."orders"` when quoted.
public struct PGQualifiedName: Sendable, Hashable, CustomStringConvertible {
    /// The schema.
    public let schema: String
    /// The name in it.
    public let name: String

    /// Makes a qualified name.
    public init(schema: String, name: String) {
        self.schema = schema
        self.name = name
    }

    /// Both parts quoted as identifiers and joined by a dot, for SQL text.
    public var quoted: String {
        PGConnection.quoteIdentifier(schema) + "." + PGConnection.quoteIdentifier(name)
    }

    /// `schema.name`, unquoted, for people.
    public var description: String {
        schema + "." + name
    }
}
