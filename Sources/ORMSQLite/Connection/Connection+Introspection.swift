import ORMShared

// Describing the schema of a SQLite database: `sqlite_master` and the `pragma_table_xinfo`,
// `pragma_index_list`, `pragma_index_xinfo` and `pragma_foreign_key_list` table-valued functions.

extension Connection: SchemaIntrospector {
    /// The tables, views and virtual tables of the main schema, by name (internal `sqlite_` tables left out).
    package func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)] {
        var objects: [(String, TableInfo.Kind)] = []
        try forEachRow(
            "SELECT name, type, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name COLLATE NOCASE"
        ) { row in
            let sql = row.text(at: 2)
            let kind: TableInfo.Kind =
                row.text(at: 1) == "view" ? .view : (sql.uppercased().hasPrefix("CREATE VIRTUAL") ? .virtual : .table)
            objects.append((row.text(at: 0), kind))
        }
        return objects
    }

    /// The triggers on the table or view `name`, by name.
    package func triggers(on name: String) throws -> [TriggerInfo] {
        var triggers: [TriggerInfo] = []
        try forEachRow("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = \(name) ORDER BY name") { row in
            triggers.append(TriggerInfo(name: row.text(at: 0), sql: row.text(at: 1)))
        }
        return triggers
    }

    /// Whether text is stored in UTF-8 (`PRAGMA encoding`): SQLite may also keep it in UTF-16.
    package func storesUTF8() throws -> Bool {
        var encoding = ""
        try forEachRow("PRAGMA encoding") { row in
            encoding = row.text(at: 0)
        }
        return encoding == "UTF-8"
    }

    /// Describes a table or view, or returns nil when there is none by that name.
    package func tableInfo(_ name: String) throws -> TableInfo? {
        var found: (type: String, sql: String?)?
        try forEachRow("SELECT type, sql FROM sqlite_master WHERE name = \(name) AND type IN ('table', 'view')")
        { row in
            found = (row.text(at: 0), row.isNull(at: 1) ? nil : row.text(at: 1))
        }
        guard let found else { return nil }
        let isVirtual = found.sql?.uppercased().hasPrefix("CREATE VIRTUAL") ?? false
        let kind: TableInfo.Kind = found.type == "view" ? .view : (isVirtual ? .virtual : .table)

        var columns: [ColumnInfo] = []
        try forEachRow("SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(\(name))")
        { row in
            let generated: ColumnInfo.Generated =
                switch row.int64(at: 5) {
                case 1: .hidden
                case 2: .virtual
                case 3: .stored
                default: .no
                }
            columns.append(
                ColumnInfo(
                    name: row.text(at: 0), declaredType: row.text(at: 1), isNotNull: row.int64(at: 2) != 0,
                    defaultSQL: row.isNull(at: 3) ? nil : row.text(at: 3), primaryKeyPosition: Int(row.int64(at: 4)),
                    generated: generated))
        }
        let primaryKey = columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }
            .map(\.name)

        var withoutRowID = false
        var strict = false
        if kind == .table {
            try forEachRow("SELECT wr, strict FROM pragma_table_list WHERE schema = 'main' AND name = \(name)") {
                row in
                withoutRowID = row.int64(at: 0) != 0
                strict = row.int64(at: 1) != 0
            }
        }
        let indexes = kind == .table ? try indexInfo(table: name) : []
        let foreignKeys = kind == .table ? try foreignKeyInfo(table: name) : []
        return TableInfo(
            name: name, kind: kind, columns: columns, primaryKey: primaryKey, isWithoutRowID: withoutRowID,
            isStrict: strict, indexes: indexes, foreignKeys: foreignKeys, sql: found.sql)
    }

    private func indexInfo(table: String) throws -> [IndexInfo] {
        var listed: [(name: String, unique: Bool, origin: String, partial: Bool)] = []
        try forEachRow("SELECT name, \"unique\", origin, partial FROM pragma_index_list(\(table))") { row in
            listed.append((row.text(at: 0), row.int64(at: 1) != 0, row.text(at: 2), row.int64(at: 3) != 0))
        }
        var indexes: [IndexInfo] = []
        for entry in listed.sorted(by: { $0.name < $1.name }) {
            var columns: [IndexedColumn] = []
            try forEachRow(
                "SELECT name, \"desc\" FROM pragma_index_xinfo(\(entry.name)) WHERE key = 1 ORDER BY seqno"
            ) { row in
                columns.append(IndexedColumn(row.isNull(at: 0) ? "" : row.text(at: 0), descending: row.int64(at: 1) != 0))
            }
            var sql: String?
            try forEachRow("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = \(entry.name)") {
                sql = $0.isNull(at: 0) ? nil : $0.text(at: 0)
            }
            indexes.append(
                IndexInfo(
                    name: entry.name, columns: columns, isUnique: entry.unique,
                    origin: IndexInfo.Origin(rawValue: entry.origin) ?? .created, isPartial: entry.partial, sql: sql))
        }
        return indexes
    }

    private func foreignKeyInfo(table: String) throws -> [ForeignKeyInfo] {
        var rows: [(id: Int64, from: String, table: String, to: String?, onUpdate: String, onDelete: String)] = []
        try forEachRow(
            "SELECT id, \"from\", \"table\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(\(table)) ORDER BY id, seq"
        ) { row in
            rows.append(
                (row.int64(at: 0), row.text(at: 1), row.text(at: 2), row.isNull(at: 3) ? nil : row.text(at: 3),
                 row.text(at: 4), row.text(at: 5)))
        }
        var keys: [ForeignKeyInfo] = []
        var index = rows.startIndex
        while index < rows.endIndex {
            let id = rows[index].id
            let group = rows[index...].prefix { $0.id == id }
            keys.append(
                ForeignKeyInfo(
                    columns: group.map(\.from), table: group[group.startIndex].table,
                    referencedColumns: group.compactMap(\.to), onUpdate: group[group.startIndex].onUpdate,
                    onDelete: group[group.startIndex].onDelete))
            index = group.endIndex
        }
        return keys
    }
}
