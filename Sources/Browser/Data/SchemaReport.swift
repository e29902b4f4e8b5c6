import ORMCore

/// The text of the schema view: a table's columns, keys, indexes, foreign keys and `CREATE`
/// statement, laid out in aligned columns by display width.
///
/// ```
/// Table orders
///
/// Columns
///   #  name         type     null      default  key
///   1  id           INTEGER  nullable           PK 1
/// ```
enum SchemaReport {
    /// The lines describing the table or view `name`, or one line saying it is gone.
    static func lines(for name: String, in database: Database) throws -> [String] {
        guard let info = try database.tableInfo(name) else {
            return ["No table or view named \(name)."]
        }
        return lines(for: info)
    }

    /// The lines describing `info`.
    static func lines(for info: TableInfo) -> [String] {
        var lines: [String] = []
        var heading = (info.kind == .view ? "View " : info.kind == .virtual ? "Virtual table " : "Table ") + info.name
        var traits: [String] = []
        if info.isWithoutRowID { traits.append("WITHOUT ROWID") }
        if info.isStrict { traits.append("STRICT") }
        if !traits.isEmpty { heading += "  (" + traits.joined(separator: ", ") + ")" }
        lines.append(heading)
        lines.append("")
        lines.append("Columns")
        var rows: [[String]] = [["#", "name", "type", "null", "default", "key"]]
        for (index, column) in info.columns.enumerated() {
            let key = column.primaryKeyPosition > 0 ? "PK \(column.primaryKeyPosition)" : ""
            rows.append([String(index + 1), column.name, column.declaredType, column.isNotNull ? "NOT NULL" : "nullable",
                         column.defaultSQL ?? "", key])
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
        lines.append("CREATE statement")
        for line in (info.sql ?? "(none)").split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lines.append("  " + line)
        }
        for index in info.indexes {
            if let sql = index.sql {
                lines.append("  " + sql + ";")
            }
        }
        return lines
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
