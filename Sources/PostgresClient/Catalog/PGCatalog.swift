/// Reads what a PostgreSQL database holds from its catalog: the tables, views and materialized
/// views by schema with their estimated sizes, and for each its columns, constraints, indexes,
/// triggers and definition. Every name and value is bound as a parameter; the schema of the
/// server's own objects (`pg_catalog`, `information_schema`, `pg_toast`…) is left out.
public struct PGCatalog: Sendable {
    /// The connection the catalog is read on.
    public let connection: PGConnection

    /// A catalog reader on `connection`.
    public init(_ connection: PGConnection) {
        self.connection = connection
    }

    /// The schemas a user made (and `public`), by name.
    public func schemas() throws -> [String] {
        try connection.execute("""
            SELECT nspname FROM pg_catalog.pg_namespace
            WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'
            ORDER BY nspname
            """).compactMap { $0.text(at: 0) }
    }

    /// The tables (partitions included), partitioned tables, views, materialized views and foreign
    /// tables of `schemas` (every user schema when nil), by schema and name, with the row counts
    /// the statistics estimate: known at once, whatever the table's size.
    public func relations(inSchemas schemas: [String]? = nil) throws -> [PGRelation] {
        try relations(inSchemas: schemas, named: nil)
    }

    /// ``relations(inSchemas:)``, only those named `name` when it is given.
    private func relations(inSchemas schemas: [String]?, named name: String?) throws -> [PGRelation] {
        let rows = try connection.execute("""
            SELECT c.oid, n.nspname, c.relname, c.relkind,
                   CASE WHEN c.relkind = 'p' THEN (
                            SELECT CASE WHEN bool_or(k.reltuples >= 0)
                                        THEN sum(greatest(k.reltuples, 0))::bigint END
                            FROM pg_catalog.pg_partition_tree(c.oid) AS t
                            JOIN pg_catalog.pg_class AS k ON k.oid = t.relid
                            WHERE t.isleaf)
                        WHEN c.relkind IN ('r', 'm') AND c.reltuples >= 0 THEN c.reltuples::bigint
                   END,
                   pn.nspname, p.relname
            FROM pg_catalog.pg_class AS c
            JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
            LEFT JOIN pg_catalog.pg_inherits AS i ON c.relispartition AND i.inhrelid = c.oid
            LEFT JOIN pg_catalog.pg_class AS p ON p.oid = i.inhparent
            LEFT JOIN pg_catalog.pg_namespace AS pn ON pn.oid = p.relnamespace
            WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
              AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
              AND ($1::text[] IS NULL OR n.nspname = ANY ($1::text[]))
              AND ($2::text IS NULL OR c.relname = $2::text)
            ORDER BY n.nspname, c.relname
            """, [schemas.map { .text(Self.arrayText($0)) } ?? .null, name.map { .text($0) } ?? .null])
        return try rows.map { row in
            guard let oid = row.text(at: 0).flatMap({ UInt32($0) }), let schema = row.text(at: 1),
                  let name = row.text(at: 2), let kind = row.text(at: 3).flatMap(PGRelationKind.init) else {
                throw PGError(kind: .misuse, message: "the catalog listed a relation reef cannot read")
            }
            let parent = row.text(at: 5).flatMap { parentSchema in
                row.text(at: 6).map { PGQualifiedName(schema: parentSchema, name: $0) }
            }
            return PGRelation(
                oid: oid, schema: schema, name: name, kind: kind, estimatedRows: row.text(at: 4).flatMap { Int($0) },
                partitionOf: parent)
        }
    }

    /// The relation `name` in `schema`, or nil when there is none the catalog lists.
    public func relation(schema: String, name: String) throws -> PGRelation? {
        try relations(inSchemas: [schema], named: name).first
    }

    /// Everything the catalog says about `relation`.
    public func describe(_ relation: PGRelation) throws -> PGTableDescription {
        try describe(relation, alongWith: []).description
    }

    /// Everything the catalog says about `relation`, read in one round trip to the server
    /// (``PGConnection/executeAll(_:)``) with `others`, whose results come back in their order.
    public func describe(
        _ relation: PGRelation, alongWith others: [PGStatementText]
    ) throws -> (description: PGTableDescription, others: [PGResult]) {
        let oid = PGParameter.text(String(relation.oid))
        let parts = [Self.detailsSQL, Self.columnsSQL, Self.constraintsSQL, Self.indexesSQL, Self.triggersSQL,
                     Self.ownedSequencesSQL]
        let results = try connection.executeAll(parts.map { PGStatementText($0, [oid]) } + others)
        guard let detail = results[0].first else {
            throw PGError(kind: .misuse, message: "\(relation.qualifiedName) is no longer in the catalog")
        }
        let description = PGTableDescription(
            relation: relation, columns: Self.columns(results[1]), constraints: Self.constraints(results[2]),
            indexes: Self.indexes(results[3]), triggers: Self.triggers(results[4]), viewDefinition: detail.text(at: 0),
            partitionKey: detail.text(at: 1), partitionBound: detail.text(at: 2), comment: detail.text(at: 3),
            ownedSequences: Self.ownedSequences(results[5]))
        return (description, Array(results[parts.count...]))
    }

    /// The relation's definition, partitioning and comment.
    private static let detailsSQL = """
        SELECT CASE WHEN c.relkind IN ('v', 'm') THEN pg_catalog.pg_get_viewdef(c.oid, true) END,
               CASE WHEN c.relkind = 'p' THEN pg_catalog.pg_get_partkeydef(c.oid) END,
               CASE WHEN c.relispartition THEN pg_catalog.pg_get_expr(c.relpartbound, c.oid) END,
               pg_catalog.obj_description(c.oid, 'pg_class')
        FROM pg_catalog.pg_class AS c WHERE c.oid = $1::oid
        """

    /// The exact number of rows of `relation` (a scan: run it in the background, and cancel it
    /// with the connection's ``PGConnection/cancelHandle`` when the user stops waiting).
    public func exactRowCount(of relation: PGRelation) throws -> Int {
        let rows = try connection.execute("SELECT count(*) FROM " + relation.qualifiedName.quoted)
        guard let count = rows.first?.text(at: 0).flatMap({ Int($0) }) else {
            throw PGError(kind: .misuse, message: "count(*) of \(relation.qualifiedName) returned no number")
        }
        return count
    }

    // MARK: - Parts

    private static let columnsSQL = """
            SELECT a.attnum, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.atttypid,
                   a.attnotnull, pg_catalog.pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated,
                   CASE WHEN a.attcollation <> t.typcollation THEN co.collname END
            FROM pg_catalog.pg_attribute AS a
            JOIN pg_catalog.pg_type AS t ON t.oid = a.atttypid
            LEFT JOIN pg_catalog.pg_attrdef AS d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            LEFT JOIN pg_catalog.pg_collation AS co ON co.oid = a.attcollation
            WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum
            """

    private static func columns(_ result: PGResult) -> [PGColumnInfo] {
        result.map { row in
            let expression = row.text(at: 5)
            let isGenerated = row.text(at: 7) == "s"
            return PGColumnInfo(
                position: row.text(at: 0).flatMap { Int($0) } ?? 0, name: row.text(at: 1) ?? "",
                type: row.text(at: 2) ?? "", typeOID: PGTypeOID(rawValue: row.text(at: 3).flatMap { UInt32($0) } ?? 0),
                isNotNull: row.text(at: 4) == "t", defaultExpression: isGenerated ? nil : expression,
                identity: row.text(at: 6).flatMap(PGColumnInfo.Identity.init),
                generatedExpression: isGenerated ? expression : nil, collation: row.text(at: 8))
        }
    }

    private static let constraintsSQL = """
            SELECT con.conname, con.contype, pg_catalog.pg_get_constraintdef(con.oid, true),
                   ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(number, place)
                         JOIN pg_catalog.pg_attribute AS a ON a.attrelid = con.conrelid AND a.attnum = k.number
                         ORDER BY k.place),
                   fn.nspname, fc.relname,
                   ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(number, place)
                         JOIN pg_catalog.pg_attribute AS a ON a.attrelid = con.confrelid AND a.attnum = k.number
                         ORDER BY k.place),
                   con.conparentid <> 0 OR NOT con.conislocal
            FROM pg_catalog.pg_constraint AS con
            LEFT JOIN pg_catalog.pg_class AS fc ON fc.oid = con.confrelid
            LEFT JOIN pg_catalog.pg_namespace AS fn ON fn.oid = fc.relnamespace
            WHERE con.conrelid = $1::oid AND con.contype IN ('p', 'u', 'f', 'c', 'x')
            ORDER BY position(con.contype IN 'pufcx'), con.conname
            """

    private static func constraints(_ result: PGResult) -> [PGConstraintInfo] {
        result.compactMap { row in
            guard let name = row.text(at: 0), let kind = row.text(at: 1).flatMap(PGConstraintInfo.Kind.init) else {
                return nil
            }
            let referenced = row.text(at: 4).flatMap { schema in
                row.text(at: 5).map { PGQualifiedName(schema: schema, name: $0) }
            }
            return PGConstraintInfo(
                name: name, kind: kind, columns: Self.names(row.text(at: 3)), definition: row.text(at: 2) ?? "",
                referencedTable: referenced, referencedColumns: Self.names(row.text(at: 6)), isInherited: row.text(at: 7) == "t")
        }
    }

    private static let indexesSQL = """
            SELECT ic.relname, i.indisunique, pg_catalog.pg_get_indexdef(i.indexrelid),
                   EXISTS (SELECT 1 FROM pg_catalog.pg_constraint AS con
                           WHERE con.conindid = i.indexrelid AND con.conrelid = i.indrelid
                             AND con.contype IN ('p', 'u', 'x')),
                   EXISTS (SELECT 1 FROM pg_catalog.pg_inherits AS h WHERE h.inhrelid = i.indexrelid)
            FROM pg_catalog.pg_index AS i
            JOIN pg_catalog.pg_class AS ic ON ic.oid = i.indexrelid
            WHERE i.indrelid = $1::oid
            ORDER BY ic.relname
            """

    private static func indexes(_ result: PGResult) -> [PGIndexInfo] {
        result.map { row in
            PGIndexInfo(
                name: row.text(at: 0) ?? "", isUnique: row.text(at: 1) == "t", backsConstraint: row.text(at: 3) == "t",
                definition: row.text(at: 2) ?? "", isInherited: row.text(at: 4) == "t")
        }
    }

    private static let triggersSQL = """
            SELECT tgname, pg_catalog.pg_get_triggerdef(oid, true), tgparentid <> 0 FROM pg_catalog.pg_trigger
            WHERE tgrelid = $1::oid AND NOT tgisinternal ORDER BY tgname
            """

    private static func triggers(_ result: PGResult) -> [PGTriggerInfo] {
        result.map {
            PGTriggerInfo(name: $0.text(at: 0) ?? "", definition: $0.text(at: 1) ?? "", isInherited: $0.text(at: 2) == "t")
        }
    }

    private static let ownedSequencesSQL = """
            SELECT sn.nspname, s.relname, a.attname
            FROM pg_catalog.pg_depend AS d
            JOIN pg_catalog.pg_class AS s ON s.oid = d.objid AND s.relkind = 'S'
            JOIN pg_catalog.pg_namespace AS sn ON sn.oid = s.relnamespace
            JOIN pg_catalog.pg_attribute AS a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
            WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.refclassid = 'pg_catalog.pg_class'::regclass
              AND d.refobjid = $1::oid AND d.deptype = 'a'
            ORDER BY a.attnum
            """

    private static func ownedSequences(_ result: PGResult) -> [PGOwnedSequence] {
        result.map { row in
            PGOwnedSequence(
                sequence: PGQualifiedName(schema: row.text(at: 0) ?? "", name: row.text(at: 1) ?? ""),
                column: row.text(at: 2) ?? "")
        }
    }

    /// The elements of a `name[]` value, NULLs and unreadable text dropped.
    private static func names(_ text: String?) -> [String] {
        text.flatMap(PGArrayText.elements)?.compactMap(\.self) ?? []
    }

    /// `values` as a `text[]` literal in the server's text form, each element quoted.
    static func arrayText(_ values: [String]) -> String {
        let elements = values.map { value in
            "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        return "{" + elements.joined(separator: ",") + "}"
    }
}
