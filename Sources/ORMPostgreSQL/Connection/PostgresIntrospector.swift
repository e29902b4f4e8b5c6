import PostgresClient
import ORMShared

/// Describes what a PostgreSQL schema holds, as the migration plan and reef read any database
/// (`SchemaIntrospector`): its tables, partitioned tables, views, materialized views and foreign
/// tables, and each one's columns, key, indexes and foreign keys, from `pg_catalog` through
/// `PGCatalog`. Every name and value is bound.
///
/// ```swift
/// let introspector = try PostgresIntrospector(connection)          // search_path's first schema
/// let orders = try introspector.tableInfo("orders")                // nil when there is none
/// ```
///
/// What it reports: a column's type as `format_type` writes it (`numeric(12,2)`,
/// `character varying(80)`, `text[]`, `timestamp with time zone`, an enum's name), `NOT NULL`,
/// its default (nil for an identity column), its place in the primary key, a generated column
/// as ``ColumnInfo/Generated/stored``; every table is ``TableInfo/isWithoutRowID`` (PostgreSQL has
/// no rowid: the primary key finds a row); ``TableInfo/sql`` holds the statements that make the
/// relation again (`PGTableDescription.createStatements`), one a line. Names are matched exactly:
/// PostgreSQL's names are case-sensitive once quoted, and ORMCore quotes every name it writes.
public struct PostgresIntrospector: Sendable {
    /// The catalog read.
    public let catalog: PGCatalog
    /// The schema described.
    public let schema: String

    /// An introspector of `schema`, or, when nil, of the first schema of the connection's
    /// `search_path` that exists (`current_schema()`, `public` by default).
    ///
    /// - Throws: `PGError` when the server cannot be asked, or of kind `.misuse` when there is
    ///   no schema `schema` (the message lists those there are), or the `search_path` names none
    ///   that exists.
    public init(_ connection: PGConnection, schema: String? = nil) throws {
        catalog = PGCatalog(connection)
        if let schema {
            let schemas = try catalog.schemas()
            guard schemas.contains(schema) else {
                throw PGError(
                    kind: .misuse,
                    message: "no schema named \(PGConnection.quoteIdentifier(schema)) in this database (it has: "
                        + schemas.joined(separator: ", ") + ")")
            }
            self.schema = schema
            return
        }
        guard let current = try connection.execute("SELECT current_schema()").first?.text(at: 0) else {
            throw PGError(kind: .misuse, message: "the search_path names no schema that exists: give one")
        }
        self.schema = current
    }

    /// The schema described.
    public var schemaName: String { schema }

    /// The schemas a user made (and `public`), by name: those ``init(_:schema:)`` can describe.
    public func schemas() throws -> [String] {
        try catalog.schemas()
    }

    /// The row counts the statistics estimate (`pg_class.reltuples`, summed over a partitioned
    /// table's partitions) for the schema's tables and materialized views, by name; one never
    /// analysed or vacuumed is left out.
    public func estimatedRowCounts() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for relation in try catalog.relations(inSchemas: [schema]) {
            if let rows = relation.estimatedRows { counts[relation.name] = rows }
        }
        return counts
    }

    /// The relations of the schema with their kinds and estimates, and those of the other user
    /// schemas, from one catalog query.
    public func schemaListing() throws -> SchemaListing {
        var counts: [String: Int] = [:]
        var objects: [(name: String, kind: TableInfo.Kind)] = []
        var others: [SchemaListing.QualifiedObject] = []
        for relation in try catalog.relations() {
            guard relation.schema == schema else {
                others.append(SchemaListing.QualifiedObject(
                    schema: relation.schema, name: relation.name, kind: Self.kind(relation.kind), estimatedRows: relation.estimatedRows))
                continue
            }
            objects.append((relation.name, Self.kind(relation.kind)))
            if let rows = relation.estimatedRows { counts[relation.name] = rows }
        }
        return SchemaListing(objects: objects, estimatedRowCounts: counts, otherSchemas: others)
    }

    /// The relations of the schema, by name, with their kinds.
    public func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)] {
        try catalog.relations(inSchemas: [schema]).map { ($0.name, Self.kind($0.kind)) }
    }

    /// Describes the relation `name` of the schema, or returns nil when there is none by that name.
    public func tableInfo(_ name: String) throws -> TableInfo? {
        guard let relation = try catalog.relation(schema: schema, name: name) else {
            return nil
        }
        let oid = PGParameter.text(String(relation.oid))
        // The table's description, indexes and foreign keys in one round trip.
        let (description, more) = try catalog.describe(
            relation, alongWith: [PGStatementText(Self.indexesSQL, [oid]), PGStatementText(Self.foreignKeysSQL, [oid])])
        let primaryKey = description.primaryKey
        let columns = description.columns.map { column in
            ColumnInfo(
                name: column.name, declaredType: column.type, isNotNull: column.isNotNull,
                defaultSQL: column.defaultExpression,
                primaryKeyPosition: primaryKey.firstIndex(of: column.name).map { $0 + 1 } ?? 0,
                generated: column.generatedExpression == nil ? .no : .stored)
        }
        return TableInfo(
            name: relation.name, kind: Self.kind(relation.kind), columns: columns, primaryKey: primaryKey,
            isWithoutRowID: true, isStrict: false, indexes: indexes(more[0]),
            foreignKeys: foreignKeys(more[1]), sql: description.createStatements.joined(separator: "\n"))
    }

    /// Describes the relation `name` of the schema `other`, as an introspector of that schema
    /// would; nil when the database has no such schema or it no such relation.
    public func tableInfo(_ name: String, inSchema other: String) throws -> TableInfo? {
        guard other != schema else {
            return try tableInfo(name)
        }
        guard try catalog.schemas().contains(other) else {
            return nil
        }
        return try PostgresIntrospector(catalog.connection, schema: other).tableInfo(name)
    }

    /// The triggers on the relation `name`, by name, each with its `CREATE TRIGGER` statement as
    /// the server prints it (the internal ones that enforce foreign keys left out; none when there
    /// is no such relation).
    public func triggers(on name: String) throws -> [TriggerInfo] {
        guard let relation = try catalog.relation(schema: schema, name: name) else {
            return []
        }
        return try catalog.describe(relation).triggers.map { TriggerInfo(name: $0.name, sql: $0.definition) }
    }

    /// Whether the database's server encoding is UTF-8 (the text of every value then is UTF-8;
    /// libpq converts it to the client's UTF-8 either way).
    public func storesUTF8() throws -> Bool {
        try catalog.connection.execute("SHOW server_encoding").first?.text(at: 0) == "UTF8"
    }

    package static func kind(_ kind: PGRelationKind) -> TableInfo.Kind {
        switch kind {
        case .table: .table
        case .partitionedTable: .partitionedTable
        case .view: .view
        case .materializedView: .materializedView
        case .foreignTable: .foreignTable
        }
    }

    // MARK: - Parts the description does not break down

    /// The indexes with their key columns in order (expressions as an empty name, `DESC` kept),
    /// what made each, and whether it is partial.
    private static let indexesSQL = """
            SELECT ic.relname, i.indisunique, i.indpred IS NOT NULL, con.contype::text,
                   pg_catalog.pg_get_indexdef(i.indexrelid),
                   ARRAY(SELECT coalesce(a.attname::text, '')
                         FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                         LEFT JOIN pg_catalog.pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                         WHERE k.n <= i.indnkeyatts ORDER BY k.n),
                   ARRAY(SELECT (o.option & 1) = 1
                         FROM unnest(i.indoption::int2[]) WITH ORDINALITY AS o(option, n)
                         WHERE o.n <= i.indnkeyatts ORDER BY o.n)
            FROM pg_catalog.pg_index AS i
            JOIN pg_catalog.pg_class AS ic ON ic.oid = i.indexrelid
            LEFT JOIN pg_catalog.pg_constraint AS con
                   ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid AND con.contype IN ('p', 'u', 'x')
            WHERE i.indrelid = $1::oid
            ORDER BY ic.relname
            """

    private func indexes(_ result: PGResult) -> [IndexInfo] {
        result.map { row in
            let names = row.text(at: 5).flatMap(PGArrayText.elements) ?? []
            let descending = row.text(at: 6).flatMap(PGArrayText.elements) ?? []
            let columns = names.enumerated().map { position, name in
                IndexedColumn(name ?? "", descending: position < descending.count && descending[position] == "t")
            }
            let origin: IndexInfo.Origin = switch row.text(at: 3) {
            case "p": .primaryKey
            case "u": .unique
            default: .created
            }
            return IndexInfo(
                name: row.text(at: 0) ?? "", columns: columns, isUnique: row.text(at: 1) == "t", origin: origin,
                isPartial: row.text(at: 2) == "t", sql: origin == .created ? row.text(at: 4) : nil)
        }
    }

    /// The foreign keys with their actions (`CASCADE`, `SET NULL`, `SET DEFAULT`, `RESTRICT`,
    /// `NO ACTION`, as SQLite's pragma names them); a table in another schema is named
    /// `schema.table`.
    private static let foreignKeysSQL = """
            SELECT rn.nspname, r.relname, con.confupdtype::text, con.confdeltype::text,
                   ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                         JOIN pg_catalog.pg_attribute AS a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
                         ORDER BY k.n),
                   ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n)
                         JOIN pg_catalog.pg_attribute AS a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
                         ORDER BY k.n)
            FROM pg_catalog.pg_constraint AS con
            JOIN pg_catalog.pg_class AS r ON r.oid = con.confrelid
            JOIN pg_catalog.pg_namespace AS rn ON rn.oid = r.relnamespace
            WHERE con.conrelid = $1::oid AND con.contype = 'f'
            ORDER BY con.conname
            """

    private func foreignKeys(_ result: PGResult) -> [ForeignKeyInfo] {
        result.map { row in
            let referencedSchema = row.text(at: 0) ?? ""
            let referenced = row.text(at: 1) ?? ""
            return ForeignKeyInfo(
                columns: Self.names(row.text(at: 4)),
                table: referencedSchema == schema ? referenced : referencedSchema + "." + referenced,
                referencedColumns: Self.names(row.text(at: 5)), onUpdate: Self.action(row.text(at: 2)),
                onDelete: Self.action(row.text(at: 3)))
        }
    }

    private static func names(_ text: String?) -> [String] {
        text.flatMap(PGArrayText.elements)?.compactMap(\.self) ?? []
    }

    /// A foreign key action's code (`pg_constraint.confdeltype`) in SQL's words.
    private static func action(_ code: String?) -> String {
        switch code {
        case "c": "CASCADE"
        case "n": "SET NULL"
        case "d": "SET DEFAULT"
        case "r": "RESTRICT"
        default: "NO ACTION"
        }
    }
}

extension PostgresIntrospector: SchemaIntrospector {}
