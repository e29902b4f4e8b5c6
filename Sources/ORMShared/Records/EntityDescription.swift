/// What queries need to know about a table, for declared models and for tables found at run time alike.
public struct EntityDescription: Sendable {
    /// The table name.
    public let table: String
    /// The key columns (the rowid when the table has no declared key but has a rowid).
    public let keyColumns: [String]
    /// Every column fetched for a record, key columns first.
    public let columns: [String]
    /// To-one relationships by column name, for dot-notation paths: `department.name`.
    public let relationships: [String: Relationship]
    /// Whether the key is a single integer (the rowid or an alias of it): result sets keep it compactly.
    public let hasIntegerKey: Bool
    /// What each of ``columns`` stores, where known (a model's; a table found at run time's from
    /// its declared types, see `DynamicTable+StoredTypes.swift`): builder text's literals are read
    /// as the column they are compared with stores, alike on SQLite and PostgreSQL.
    var storedTypes: [StoredType?] = []
    /// How a query that cuts long values reads them, as the database's driver made it (one
    /// optional reference: the entity is copied on hot paths).
    package var longValueCut: (any LongValueCut)?
    /// Whether ``storedTypes`` say what every row holds (a model's, whose rows ORMCore writes),
    /// not just a declaration's affinity on SQLite, which a table found at run time's values may
    /// defy. On SQLite, builder text is read by the types (refusing what PostgreSQL would read
    /// otherwise) only then; PostgreSQL's declared types are exact in any case.
    var storedTypesAreExact = false

    /// A to-one relationship: this entity's `column` holds the target's key.
    public struct Relationship: Sendable {
        /// The referencing column in this entity.
        public let column: String
        /// The target entity, made when a path goes through it.
        public let target: @Sendable () -> EntityDescription?
        /// The target's key column.
        public let targetColumn: String
    }

    /// Makes a description.
    public init(
        table: String, keyColumns: [String], columns: [String], relationships: [String: Relationship],
        hasIntegerKey: Bool
    ) {
        self.table = table
        self.keyColumns = keyColumns
        self.columns = columns
        self.relationships = relationships
        self.hasIntegerKey = hasIntegerKey
    }

    /// `"t"."a", "t"."b", …` for every fetched column, qualified by `alias`.
    package func selectList(alias: String) -> String {
        columns.map { column in
            let qualified = "\(quoteIdentifier(alias)).\(quoteIdentifier(column))"
            return longValueCut?.select(qualified, column: column) ?? qualified
        }.joined(separator: ", ")
    }

    /// The key columns qualified by `alias`.
    func keyList(alias: String) -> String {
        keyColumns.map { "\(quoteIdentifier(alias)).\(quoteIdentifier($0))" }.joined(separator: ", ")
    }
}

extension Model {
    /// The query-side description of this model's table.
    public static var entityDescription: EntityDescription {
        let schema = modelSchema
        var relationships: [String: EntityDescription.Relationship] = [:]
        for column in schema.columns {
            guard let reference = column.reference else { continue }
            let model = reference.model as? any Model.Type
            relationships[column.name] = .init(
                column: column.name, target: { model?.entityDescription }, targetColumn: reference.column)
        }
        var description = EntityDescription(
            table: schema.table, keyColumns: [schema.primaryKey.name],
            columns: [schema.primaryKey.name] + schema.columns.map(\.name), relationships: relationships,
            hasIntegerKey: schema.primaryKey.type == .integer)
        description.storedTypes = [schema.primaryKey.storedType] + schema.columns.map(\.storedType)
        description.storedTypesAreExact = true
        return description
    }
}
