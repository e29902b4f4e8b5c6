import PostgresClient
import ORMShared

/// Carries out a ``MigrationPlan`` on PostgreSQL, in the connection's current schema, with
/// `ALTER TABLE` in place of SQLite's rebuild: renames, `ADD COLUMN` (filled with the model's
/// default), `DROP COLUMN`, `ALTER COLUMN … TYPE … USING` for a changed type, `SET`/`DROP NOT
/// NULL` (NULLs filled with the default first, as SQLite's rebuild does), the relationship's
/// foreign key added or dropped, and indexes.
///
/// Everything runs in one transaction (a savepoint when one is open): PostgreSQL's DDL is
/// transactional, so a step that fails leaves the table, its columns and its rows as they were.
/// A value a new type cannot hold (`'abc'` to `bigint`) throws
/// ``ORMError/migrationWouldLoseData(table:detail:)`` naming the column and the server's reason.
///
/// ```swift
/// let plan = try PostgresMigrator(connection: connection).plan(for: Person.modelSchema)
/// try PostgresMigrator(connection: connection).apply(plan, schema: Person.modelSchema)
/// ```
package struct PostgresMigrator: MigrationExecutor {
    /// The connection the migration runs on.
    package let connection: PGConnection
    private let dialect = SQLDialect.postgres

    /// The plan for `schema` against its table as the catalog describes it now.
    package func plan(for schema: ModelSchema) throws -> MigrationPlan {
        try MigrationPlan.make(for: schema, in: PostgresIntrospector(connection), dialect: dialect)
    }

    /// Runs `plan`'s steps for `schema` in one transaction, or in a savepoint of the one open.
    package func apply(_ plan: MigrationPlan, schema: ModelSchema) throws {
        guard !plan.isEmpty else { return }
        let nested = connection.transactionStatus != .idle
        try connection.executeScript(nested ? "SAVEPOINT orm_migration" : "BEGIN")
        do {
            for step in plan.steps {
                try run(step, plan: plan, schema: schema)
            }
            try connection.executeScript(nested ? "RELEASE SAVEPOINT orm_migration" : "COMMIT")
        } catch {
            _ = try? connection.executeScript(nested ? "ROLLBACK TO SAVEPOINT orm_migration; RELEASE SAVEPOINT orm_migration" : "ROLLBACK")
            if let error = error as? PGError {
                throw PostgresDatabaseError(error)
            }
            throw error
        }
    }

    private func quote(_ name: String) -> String { dialect.quoteIdentifier(name) }

    private func run(_ step: MigrationPlan.Step, plan: MigrationPlan, schema: ModelSchema) throws {
        let table = quote(schema.table)
        switch step {
        case .createTable:
            // A relationship to a table not made yet (a cycle) gets its foreign key once that
            // table is made (``addMissingForeignKeys(_:)``).
            let catalog = PGCatalog(connection)
            let inSchema = try PostgresIntrospector(connection).schema
            var missing: Set<String> = []
            for target in schema.columns.compactMap(\.reference?.table) where target != schema.table {
                if try catalog.relation(schema: inSchema, name: target) == nil { missing.insert(target) }
            }
            try connection.execute(schema.createTableSQL(in: dialect, omittingReferencesTo: missing))
        case .renameTable(let from):
            try connection.execute("ALTER TABLE \(quote(from)) RENAME TO \(table)")
            // The key's constraint keeps its name; the one PostgreSQL would give it now is what
            // tells a primary key violation from another (PostgresDatabaseError).
            let oldKey = PostgresDatabaseError.defaultConstraintName(table: from, suffix: "pkey")
            let newKey = PostgresDatabaseError.defaultConstraintName(table: schema.table, suffix: "pkey")
            let named = try connection.execute(
                "SELECT 1 FROM pg_catalog.pg_constraint WHERE conrelid = $1::regclass AND conname = $2",
                [.text(table), .text(oldKey)])
            if !named.isEmpty {
                try connection.execute("ALTER TABLE \(table) RENAME CONSTRAINT \(quote(oldKey)) TO \(quote(newKey))")
            }
        case .renameColumn(let from, let to):
            try connection.execute("ALTER TABLE \(table) RENAME COLUMN \(quote(from)) TO \(quote(to))")
        case .addColumn(let name):
            guard let column = schema.columns.first(where: { $0.name == name }) else { return }
            try connection.execute("ALTER TABLE \(table) ADD COLUMN \(column.definitionSQL(in: dialect))")
        case .rebuild:
            try alter(plan, schema: schema)
        case .dropIndex(let name):
            try connection.execute("DROP INDEX IF EXISTS \(quote(name))")
        case .createIndex(let name):
            guard let index = schema.indexes.first(where: { $0.name(in: schema.table) == name }) else { return }
            try connection.execute(index.createSQL(on: schema.table, in: dialect))
        }
    }

    /// What SQLite's rebuild does, as alterations of the table in place.
    private func alter(_ plan: MigrationPlan, schema: ModelSchema) throws {
        let introspector = try PostgresIntrospector(connection)
        guard let existing = try introspector.tableInfo(schema.table) else {
            throw ORMError.migrationFailed(table: schema.table, detail: "the table is not in schema \(introspector.schema)")
        }
        guard existing.column(named: schema.primaryKey.name) != nil else {
            throw ORMError.migrationFailed(
                table: schema.table,
                detail: "the key column \(schema.primaryKey.name) is new: add it by hand, PostgreSQL's tables are altered, not rebuilt")
        }
        let table = quote(schema.table)
        var kept: Set<String> = [schema.primaryKey.name.lowercased()]
        for column in schema.columns {
            guard let sourceName = plan.sources[column.name], let source = existing.column(named: sourceName) else {
                if existing.column(named: column.name) == nil {
                    try connection.execute("ALTER TABLE \(table) ADD COLUMN \(column.definitionSQL(in: dialect))")
                }
                kept.insert(column.name.lowercased())
                continue
            }
            kept.insert(source.name.lowercased())
            if source.name != column.name {
                try connection.execute("ALTER TABLE \(table) RENAME COLUMN \(quote(source.name)) TO \(quote(column.name))")
            }
            try alterColumn(column, from: source, schema: schema)
        }
        try alterForeignKeys(schema, existing: existing)
        for column in existing.columns where column.generated == .no && !kept.contains(column.name.lowercased()) {
            try connection.execute("ALTER TABLE \(table) DROP COLUMN \(quote(column.name))")
        }
        // SQLite's rebuild drops every index, and the plan creates the declared ones again; here
        // the table stays, so ORMCore's indexes the model no longer declares go.
        let wanted = Set(schema.indexes.map { $0.name(in: schema.table) })
        let tables = [schema.table] + schema.formerTableNames
        for index in existing.indexes where !wanted.contains(index.name) {
            let ours = tables.contains { index.name.hasPrefix("orm_index_\($0)_") || index.name.hasPrefix("orm_unique_\($0)_") }
            if ours {
                try connection.execute("DROP INDEX IF EXISTS \(quote(index.name))")
            }
        }
    }

    private func alterColumn(_ column: ModelColumn, from source: ColumnInfo, schema: ModelSchema) throws {
        let table = quote(schema.table)
        let name = quote(column.name)
        let wanted = dialect.columnType(for: column)
        let defaultValue = dialect.literal(column.defaultValue, as: column.storedType)
        if PostgresDialect.typeName(source.declaredType) != wanted {
            // The old default may not convert; the model's is set below.
            try connection.execute("ALTER TABLE \(table) ALTER COLUMN \(name) DROP DEFAULT")
            let using = Self.conversion(of: name, from: PostgresDialect.typeName(source.declaredType), to: wanted)
            do {
                try connection.execute("ALTER TABLE \(table) ALTER COLUMN \(name) TYPE \(wanted) USING \(using)")
            } catch let error as PGError where error.sqlState?.hasPrefix("22") ?? false {
                throw ORMError.migrationWouldLoseData(
                    table: schema.table,
                    detail: "values of column \(column.name) cannot be stored as \(wanted): \(error.message)")
            }
        }
        if !column.defaultValue.isNull || column.isNullable {
            try connection.execute("ALTER TABLE \(table) ALTER COLUMN \(name) SET DEFAULT \(defaultValue)")
        }
        if column.isNullable, source.isNotNull {
            try connection.execute("ALTER TABLE \(table) ALTER COLUMN \(name) DROP NOT NULL")
        } else if !column.isNullable, !source.isNotNull {
            try connection.execute("UPDATE \(table) SET \(name) = \(defaultValue) WHERE \(name) IS NULL")
            try connection.execute("ALTER TABLE \(table) ALTER COLUMN \(name) SET NOT NULL")
        }
    }

    /// Makes the key column of `schema`'s table an identity column when the model's key is one the
    /// database gives (``PrimaryKey/Strategy/rowID``, ``PrimaryKey/Strategy/autoincrement``) and
    /// the column has neither an identity nor a default (a table made with random keys, or by
    /// hand): its sequence starts past the largest key, and an insert that leaves the key out works
    /// as SQLite's rowid does instead of failing on a NULL key. A table the session's role does not
    /// own is left as it is. Returns whether it changed the table.
    @discardableResult
    func addKeyIdentityIfMissing(_ schema: ModelSchema) throws -> Bool {
        let key = schema.primaryKey
        guard key.strategy == .rowID || key.strategy == .autoincrement, key.storedType == .integer else { return false }
        let table = quote(schema.table)
        // Left alone where the session's role may not alter the table (it is not its owner's).
        let found = try connection.execute(
            "SELECT CASE WHEN a.attidentity <> '' OR a.atthasdef OR NOT pg_catalog.pg_has_role(c.relowner, 'USAGE') "
                + "THEN 1 ELSE 0 END FROM pg_catalog.pg_attribute AS a JOIN pg_catalog.pg_class AS c ON c.oid = a.attrelid "
                + "WHERE a.attrelid = CAST($1 AS regclass) AND a.attname = $2 AND NOT a.attisdropped",
            [.text(table), .text(key.name)])
        guard let row = found.first, try row.int64(at: 0) == 0 else { return false }
        let column = quote(key.name)
        try connection.execute("ALTER TABLE \(table) ALTER COLUMN \(column) ADD GENERATED BY DEFAULT AS IDENTITY")
        try connection.execute(
            "SELECT setval(pg_catalog.pg_get_serial_sequence($1, $2), greatest((SELECT max(\(column)) FROM \(table)), 1), "
                + "(SELECT max(\(column)) FROM \(table)) IS NOT NULL)",
            [.text(table), .text(key.name)])
        return true
    }

    /// The foreign keys of `schema`'s relationships that its table lacks while the table they
    /// reference exists now: those left out when the table was made before the one it references
    /// (a cycle of relationships). Nothing when the table itself is not made yet.
    func addMissingForeignKeys(_ schema: ModelSchema) throws {
        let catalog = PGCatalog(connection)
        let inSchema = try PostgresIntrospector(connection).schema
        guard let relation = try catalog.relation(schema: inSchema, name: schema.table) else { return }
        var foreignKeys: [PGConstraintInfo]?
        for column in schema.columns {
            guard let reference = column.reference,
                  try catalog.relation(schema: inSchema, name: reference.table) != nil else { continue }
            let known = try foreignKeys ?? catalog.describe(relation).foreignKeys
            foreignKeys = known
            if !known.contains(where: { $0.columns.count == 1 && $0.columns[0].lowercased() == column.name.lowercased() }) {
                try connection.execute(
                    "ALTER TABLE \(quote(schema.table)) ADD FOREIGN KEY (\(quote(column.name))) REFERENCES "
                        + "\(quote(reference.table))(\(quote(reference.column))) ON DELETE SET NULL")
            }
        }
    }

    /// The relationship columns' foreign keys added, and those of columns no longer a
    /// relationship dropped.
    private func alterForeignKeys(_ schema: ModelSchema, existing: TableInfo) throws {
        let table = quote(schema.table)
        let catalog = PGCatalog(connection)
        let introspector = try PostgresIntrospector(connection)
        guard let relation = try catalog.relation(schema: introspector.schema, name: schema.table) else { return }
        let foreignKeys = try catalog.describe(relation).foreignKeys
        for column in schema.columns {
            let constraints = foreignKeys.filter { $0.columns.count == 1 && $0.columns[0].lowercased() == column.name.lowercased() }
            if let reference = column.reference {
                if constraints.isEmpty {
                    try connection.execute(
                        "ALTER TABLE \(table) ADD FOREIGN KEY (\(quote(column.name))) REFERENCES "
                            + "\(quote(reference.table))(\(quote(reference.column))) ON DELETE SET NULL")
                }
            } else {
                for constraint in constraints {
                    try connection.execute("ALTER TABLE \(table) DROP CONSTRAINT \(quote(constraint.name))")
                }
            }
        }
    }

    /// The `USING` expression that converts `column` from type `from` to type `to`: a cast, but
    /// numbers to `boolean` by `<> 0`, seconds to `timestamptz` by `to_timestamp`, and back by
    /// `extract(epoch …)`, where PostgreSQL has no cast.
    package static func conversion(of column: String, from: String, to: String) -> String {
        let numbers: Set<String> = ["bigint", "integer", "smallint", "double precision", "real", "numeric"]
        switch (from, to) {
        case (let from, "boolean") where numbers.contains(from):
            return "\(column) <> 0"
        case ("boolean", let to) where numbers.contains(to):
            return "CASE WHEN \(column) THEN 1 ELSE 0 END"
        case (let from, "timestamptz") where numbers.contains(from):
            return "to_timestamp(\(column))"
        case ("timestamptz", "double precision"):
            return "extract(epoch FROM \(column))::double precision"
        case ("bytea", "text"):
            return "convert_from(\(column), 'UTF8')"
        case ("text", "bytea"):
            return "convert_to(\(column), 'UTF8')"
        default:
            return "\(column)::\(to)"
        }
    }
}
