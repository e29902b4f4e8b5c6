import ORMShared

/// Carries out a ``MigrationPlan`` on SQLite: renames, added columns, a rebuild (copy into a new
/// table) for removed columns and changed types, and indexes. Values that cannot be converted to a
/// new type make it throw ``ORMError/migrationWouldLoseData(table:detail:)``.
///
/// It runs the statements only: the caller holds the writer, opens the transaction and turns
/// foreign keys off for a rebuild (``Database/migrateTable(_:)``).
package struct AutoMigrator: MigrationExecutor {
    /// The writer connection, inside the migration's transaction.
    package let connection: Connection

    /// Runs `plan`'s steps for `schema`.
    package func apply(_ plan: MigrationPlan, schema: ModelSchema) throws {
        let table = quoteIdentifier(schema.table)
        for step in plan.steps {
            switch step {
            case .createTable:
                try connection.execute(SQL(stringLiteral: schema.createTableSQL()))
            case .renameTable(let from):
                try connection.execute("ALTER TABLE \(raw: quoteIdentifier(from)) RENAME TO \(raw: table)")
            case .renameColumn(let from, let to):
                try connection.execute(
                    "ALTER TABLE \(raw: table) RENAME COLUMN \(raw: quoteIdentifier(from)) TO \(raw: quoteIdentifier(to))"
                )
            case .addColumn(let name):
                guard let column = schema.columns.first(where: { $0.name == name }) else { continue }
                try connection.execute("ALTER TABLE \(raw: table) ADD COLUMN \(raw: column.definitionSQL)")
            case .rebuild:
                try rebuild(plan, schema: schema)
            case .dropIndex(let name):
                try connection.execute("DROP INDEX IF EXISTS \(raw: quoteIdentifier(name))")
            case .createIndex(let name):
                guard let index = schema.indexes.first(where: { $0.name(in: schema.table) == name }) else { continue }
                try connection.execute(SQL(stringLiteral: index.createSQL(on: schema.table)))
            }
        }
    }

    /// The twelve-step rebuild from SQLite's ALTER TABLE documentation, with the data checked.
    private func rebuild(_ plan: MigrationPlan, schema: ModelSchema) throws {
        let temporary = "orm_rebuild_" + schema.table
        // Keep the user's own indexes and triggers: dropping the table drops them.
        var kept: [String] = []
        try connection.forEachRow(
            "SELECT sql FROM sqlite_master WHERE tbl_name = \(schema.table) AND type IN ('index', 'trigger') AND sql IS NOT NULL AND name NOT LIKE 'orm\\_%' ESCAPE '\\'"
        ) { kept.append($0.text(at: 0)) }

        try connection.execute(SQL(stringLiteral: schema.createTableSQL(named: temporary)))
        let key = quoteIdentifier(schema.primaryKey.name)
        var targets = [key]
        var expressions = [key]
        for column in schema.columns {
            targets.append(quoteIdentifier(column.name))
            if let source = plan.sources[column.name] {
                let value = quoteIdentifier(source)
                expressions.append(column.isNullable ? value : "COALESCE(\(value), \(column.defaultValue.sqlLiteral))")
            } else {
                expressions.append(column.defaultValue.sqlLiteral)
            }
        }
        try connection.execute(
            SQL(
                stringLiteral:
                    "INSERT INTO \(quoteIdentifier(temporary)) (\(targets.joined(separator: ", "))) SELECT "
                    + "\(expressions.joined(separator: ", ")) FROM \(quoteIdentifier(schema.table))"))
        try checkConversions(plan, table: temporary)
        try connection.execute("DROP TABLE \(raw: quoteIdentifier(schema.table))")
        try connection.execute(
            "ALTER TABLE \(raw: quoteIdentifier(temporary)) RENAME TO \(raw: quoteIdentifier(schema.table))")
        for sql in kept {
            do {
                try connection.execute(SQL(stringLiteral: sql))
            } catch let error as SQLiteError {
                throw ORMError.migrationFailed(
                    table: schema.table, detail: "cannot recreate \(sql) after the rebuild: \(error.message)")
            }
        }
        var violations = 0
        try connection.forEachRow("SELECT count(*) FROM pragma_foreign_key_check(\(schema.table))") {
            violations = Int($0.int64(at: 0))
        }
        if violations > 0 {
            throw ORMError.migrationWouldLoseData(
                table: schema.table, detail: "\(violations) rows would break foreign keys after the rebuild")
        }
    }

    /// Values SQLite's affinity could not convert keep their old storage class: count them and refuse.
    private func checkConversions(_ plan: MigrationPlan, table: String) throws {
        for (column, type) in plan.conversions.sorted(by: { $0.key < $1.key }) {
            let accepted: String
            switch type {
            case .integer: accepted = "'integer', 'null'"
            case .real: accepted = "'real', 'integer', 'null'"
            case .text: accepted = "'text', 'null'"
            case .blob, .numeric: continue
            }
            let name = quoteIdentifier(column)
            var count = 0
            var example = ""
            try connection.forEachRow(
                SQL(
                    stringLiteral:
                        "SELECT count(*), quote(min(\(name))) FROM \(quoteIdentifier(table)) WHERE typeof(\(name)) NOT IN (\(accepted))"
                )
            ) { row in
                count = Int(row.int64(at: 0))
                example = row.text(at: 1)
            }
            if count > 0 {
                throw ORMError.migrationWouldLoseData(
                    table: plan.table,
                    detail: "\(count) value\(count == 1 ? "" : "s") of column \(column) cannot be stored as "
                        + "\(type.rawValue) (for example \(example))")
            }
        }
    }
}

extension Connection {
    /// Turns `PRAGMA defer_foreign_keys` on, so foreign keys are checked when the transaction
    /// commits (SQLite turns it off as the transaction ends); returns whether it was on already.
    func deferForeignKeys() throws -> Bool {
        var before = false
        try forEachRow("PRAGMA defer_foreign_keys") { before = $0.int64(at: 0) != 0 }
        if !before { try execute("PRAGMA defer_foreign_keys = ON") }
        return before
    }

    func foreignKeysEnabled() throws -> Bool {
        var enabled = false
        try forEachRow("PRAGMA foreign_keys") { enabled = $0.int64(at: 0) != 0 }
        return enabled
    }
}
