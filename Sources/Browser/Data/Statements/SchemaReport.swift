import ORMCore

/// The text of the schema view: a table's columns, keys, indexes, foreign keys, triggers and
/// `CREATE` statements, laid out in aligned columns by display width.
///
/// ```
/// Table orders
///
/// Columns
///   #  name         type     null      default  key
///   1  id           INTEGER  NOT NULL           PK 1 (rowid)
/// ```
enum SchemaReport {
    /// What the schema view shows of a table: its lines, and the `CREATE` statements that `y`
    /// copies.
    struct Report: Equatable, Sendable {
        /// The lines of the view.
        var lines: [String]
        /// The `CREATE` statements of the table, its indexes and triggers, each ending in `;`,
        /// one after the other; empty for a table that is gone.
        var statements: String
    }

    /// The report on the table or view `name`, or one line saying it is gone; the foreign keys of
    /// the database's other tables that point into it are listed too ("Referenced by").
    static func report(for name: String, in database: Database) throws -> Report {
        guard let info = try database.tableInfo(name) else {
            return Report(lines: ["No table or view named \(name)."], statements: "")
        }
        let triggers = try database.triggers(on: name)
        let kind = database.dialect.kind
        var report = Report(lines: lines(for: info, triggers: triggers, on: kind),
                            statements: statements(for: info, triggers: triggers).joined(separator: "\n"))
        if let created = report.lines.firstIndex(of: "Triggers") {
            report.lines.insert(contentsOf: referencedBy(try referencingKeys(to: info.name, in: database)) + [""], at: created)
        }
        return report
    }

    /// The report on the table or view `name` of another schema than the one browsed (PostgreSQL:
    /// `\d audit.log`): its columns, keys, indexes and foreign keys, without triggers or the keys
    /// that point into it, which reef reads of the browsed schema only.
    static func report(for name: String, inSchema schema: String, in database: Database) throws -> Report {
        guard let info = try database.tableInfo(name, inSchema: schema) else {
            return Report(lines: ["No table or view named \(schema).\(name)."], statements: "")
        }
        return Report(lines: lines(for: info, on: database.dialect.kind),
                      statements: statements(for: info, triggers: []).joined(separator: "\n"))
    }

    /// The lines describing the table or view `name`, or one line saying it is gone.
    static func lines(for name: String, in database: Database) throws -> [String] {
        try report(for: name, in: database).lines
    }

    /// The foreign keys of the database's tables (this one's too) that point to table `name`.
    static func referencingKeys(to name: String, in database: Database) throws -> [(table: String, key: ForeignKeyInfo)] {
        let sameName: (String) -> Bool = database.dialect.kind == .sqlite ? { $0.equalsIgnoringCase(name) } : { $0 == name }
        var found: [(table: String, key: ForeignKeyInfo)] = []
        for object in try database.schemaObjects() where object.kind == .table {
            guard let info = try database.tableInfo(object.name) else { continue }
            for key in info.foreignKeys where sameName(key.table) {
                found.append((object.name, key))
            }
        }
        return found
    }

    /// The "Referenced by" section: each key as `orders (customer_id) → (id)`.
    static func referencedBy(_ keys: [(table: String, key: ForeignKeyInfo)]) -> [String] {
        var lines = ["Referenced by"]
        if keys.isEmpty {
            lines.append("  none")
        }
        for (table, key) in keys {
            var text = "  " + table + " (" + key.columns.joined(separator: ", ") + ")"
            if !key.referencedColumns.isEmpty { text += " → (" + key.referencedColumns.joined(separator: ", ") + ")" }
            if key.onDelete != "NO ACTION" { text += "  ON DELETE " + key.onDelete }
            lines.append(text)
        }
        return lines
    }

    /// The `CREATE` statements of `info`, its indexes and `triggers`, each ending in `;`.
    static func statements(for info: TableInfo, triggers: [TriggerInfo]) -> [String] {
        let statements = [info.sql].compactMap(\.self) + info.indexes.compactMap(\.sql) + triggers.map(\.sql)
        return statements.map { $0.hasSuffix(";") ? $0 : $0 + ";" }
    }

    /// The lines describing `info` and the triggers on it, in a database of `kind`: SQLite's
    /// table traits (`WITHOUT ROWID`, `STRICT`) are SQLite's only (ORMCore describes every
    /// PostgreSQL table as without a rowid, which it has no notion of).
    static func lines(for info: TableInfo, triggers: [TriggerInfo] = [], on kind: SQLDialect.Kind = .sqlite) -> [String] {
        var lines: [String] = []
        var heading = headingWord(of: info.kind) + " " + info.name
        var traits: [String] = []
        if info.isWithoutRowID, kind == .sqlite { traits.append("WITHOUT ROWID") }
        if info.isStrict, kind == .sqlite { traits.append("STRICT") }
        if !traits.isEmpty { heading += "  (" + traits.joined(separator: ", ") + ")" }
        lines.append(heading)
        lines.append("")
        lines.append("Columns")
        let hasGenerated = info.columns.contains { $0.generated != .no }
        var rows: [[String]] = [["#", "name", "type", "null", "default", "key"] + (hasGenerated ? ["generated"] : [])]
        let rowIDAlias = rowIDAliasColumn(of: info)
        for (index, column) in info.columns.enumerated() {
            var key = column.primaryKeyPosition > 0 ? "PK \(column.primaryKeyPosition)" : ""
            var null = column.isNotNull ? "NOT NULL" : "nullable"
            if column.name == rowIDAlias {
                // The rowid itself: SQLite never stores NULL there (it picks a new rowid instead).
                key += " (rowid)"
                null = "NOT NULL"
            }
            rows.append([String(index + 1), column.name, column.declaredType, null, column.defaultSQL ?? "", key]
                        + (hasGenerated ? [generatedText(column.generated)] : []))
        }
        lines += table(rows)
        lines.append("")
        lines.append("Primary key: " + (info.primaryKey.isEmpty ? (info.hasRowID ? "rowid" : "none") : info.primaryKey.joined(separator: ", ")))
        lines.append("")
        lines.append("Indexes")
        if info.indexes.isEmpty {
            lines.append("  none")
        }
        for index in info.indexes {
            let columns = index.columns.map { ($0.name.isEmpty ? "<expr>" : $0.name) + ($0.descending ? " DESC" : "") }
            var text = "  " + index.name + (index.isUnique ? "  UNIQUE" : "") + "  (" + columns.joined(separator: ", ") + ")"
            if index.isPartial { text += "  partial" }
            lines.append(text)
        }
        lines.append("")
        lines.append("Foreign keys")
        if info.foreignKeys.isEmpty {
            lines.append("  none")
        }
        for key in info.foreignKeys {
            var text = "  (" + key.columns.joined(separator: ", ") + ") → " + key.table
            if !key.referencedColumns.isEmpty { text += "(" + key.referencedColumns.joined(separator: ", ") + ")" }
            if key.onUpdate != "NO ACTION" { text += "  ON UPDATE " + key.onUpdate }
            if key.onDelete != "NO ACTION" { text += "  ON DELETE " + key.onDelete }
            lines.append(text)
        }
        lines.append("")
        lines.append("Triggers")
        if triggers.isEmpty {
            lines.append("  none")
        }
        for trigger in triggers {
            lines.append("  " + trigger.name)
        }
        lines.append("")
        lines.append("CREATE statements")
        let statements = info.sql == nil ? ["(none)"] + statements(for: info, triggers: triggers) : statements(for: info, triggers: triggers)
        for statement in statements {
            for line in statement.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                lines.append("  " + expandingTabs(String(line)))
            }
        }
        return lines
    }

    /// `line` with its tabs turned into spaces to the next stop of four columns, as an editor
    /// shows DDL written with tabs (the view would otherwise show each as `⇥`).
    static func expandingTabs(_ line: String) -> String {
        guard line.contains("\t") else {
            return line
        }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 4 - column % 4
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += TextWidth.of(String(character))
            }
        }
        return result
    }

    /// The column that is the table's rowid under another name (`id INTEGER PRIMARY KEY`), if any.
    private static func rowIDAliasColumn(of info: TableInfo) -> String? {
        guard info.kind == .table, info.hasRowID, info.primaryKey.count == 1,
              let column = info.column(named: info.primaryKey[0]),
              column.declaredType.uppercased() == "INTEGER" else {
            return nil
        }
        // `INTEGER PRIMARY KEY DESC` is SQLite's documented exception: an ordinary column.
        let sql = (info.sql ?? "").uppercased()
        return sql.contains("PRIMARY KEY DESC") ? nil : column.name
    }

    /// What the heading calls an object of `kind`: `Table`, `View`, `Materialized view`…
    private static func headingWord(of kind: TableInfo.Kind) -> String {
        switch kind {
        case .table: "Table"
        case .view: "View"
        case .virtual: "Virtual table"
        case .materializedView: "Materialized view"
        case .partitionedTable: "Partitioned table"
        case .foreignTable: "Foreign table"
        }
    }

    private static func generatedText(_ generated: ColumnInfo.Generated) -> String {
        switch generated {
        case .no: ""
        case .virtual: "virtual"
        case .stored: "stored"
        case .hidden: "hidden"
        }
    }

    /// Rows of cells padded into aligned columns (by display width), indented by two spaces.
    private static func table(_ rows: [[String]]) -> [String] {
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], TextWidth.of(Sanitizer.sanitize(cell)))
            }
        }
        return rows.map { row in
            var line = " "
            for (index, cell) in row.enumerated() {
                line += " " + TextLayout.padRight(Sanitizer.sanitize(cell), toWidth: widths[index])
            }
            while line.last == " " {
                line.removeLast()
            }
            return line
        }
    }
}
