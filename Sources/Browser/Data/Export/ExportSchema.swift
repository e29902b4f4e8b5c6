import ORMCore

/// The table a `.sql` export creates and fills: its `CREATE` statement before the rows, and what
/// follows them (indexes, triggers, the `AUTOINCREMENT` counter), so that `sqlite3 new.db < x.sql`
/// rebuilds it in an empty database.
///
/// A table's view keeps the table's own schema, as stored (its filter only chooses the rows). A
/// view or query results have no `CREATE TABLE` of their own: they get a table with the columns
/// shown and no declared types, which keeps every value exactly as read (a declared type would
/// convert text that looks like a number, say).
struct ExportSchema: Sendable, Equatable {
    /// The table the rows go into.
    var table: String
    /// The columns `INSERT` statements name (generated columns are left out: SQLite computes them).
    var columns: [String]
    /// The statement that creates the table.
    var create: String
    /// Statements after the rows: indexes and triggers (made after the rows load, as `sqlite3`'s
    /// `.dump` does: faster, and no trigger fires on the rows loaded), the `AUTOINCREMENT` counter.
    var after: [String] = []
    /// What the rows are, for the comment the file starts with (one line).
    var note: String

    /// A table of `columns` without declared types, named `name`.
    init(untypedTable name: String, columns: [String], note: String) {
        table = name
        self.columns = Self.unique(columns)
        create = "CREATE TABLE \(quoteIdentifier(name)) (" + self.columns.map(quoteIdentifier).joined(separator: ", ") + ")"
        self.note = note
    }

    /// A schema as given.
    init(table: String, columns: [String], create: String, after: [String], note: String) {
        self.table = table
        self.columns = columns
        self.create = create
        self.after = after
        self.note = note
    }

    /// The schema for the rows of `table` (a table, a virtual table or a view) shown as `columns`,
    /// read from the database; `filter` is noted. A `.sql` export is SQLite's SQL: a PostgreSQL
    /// table's rows go into a table without declared types (its `CREATE` statements are
    /// PostgreSQL's, which SQLite would not read).
    static func read(_ table: DynamicTable, columns: [String], filter: String?) throws -> ExportSchema {
        let info = table.info
        let rows = filter.map { "rows of \(quoteIdentifier(info.name)) where \($0)" } ?? "rows of \(quoteIdentifier(info.name))"
        guard table.database.dialect.kind == .sqlite else {
            return ExportSchema(untypedTable: info.name, columns: columns, note: rows + " (from PostgreSQL, untyped)")
        }
        guard info.kind != .view, let create = info.sql else {
            return ExportSchema(untypedTable: info.name, columns: columns, note: rows + " (a view, as a table)")
        }
        let generated = Set(info.columns.filter { $0.generated != .no }.map(\.name))
        var after = try table.database.fetchAll(
            """
            SELECT sql FROM sqlite_master WHERE tbl_name = \(info.name) COLLATE NOCASE
            AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type = 'trigger', rowid
            """
        ).compactMap { row -> String? in
            guard case .text(let sql)? = row.first else {
                return nil
            }
            return sql
        }
        if let counter = try autoincrementCounter(of: info.name, in: table.database) {
            let name = SQLValue.text(info.name).sqlLiteral
            after.append("DELETE FROM sqlite_sequence WHERE name = \(name)")
            after.append("INSERT INTO sqlite_sequence (name, seq) VALUES (\(name), \(counter))")
        }
        return ExportSchema(table: info.name, columns: columns.filter { !generated.contains($0) }, create: create,
                            after: after, note: rows)
    }

    /// `names` with repeats made unique as SQLite's `CREATE TABLE … AS SELECT` makes them: the
    /// second `id` becomes `id:1`.
    static func unique(_ names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.map { name in
            var candidate = name
            var suffix = 0
            while taken.contains(candidate.lowercased()) {
                suffix += 1
                candidate = "\(name):\(suffix)"
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// The `AUTOINCREMENT` counter of `table`, nil when it has none.
    private static func autoincrementCounter(of table: String, in database: Database) throws -> Int64? {
        let hasCounters = try database.scalar("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence' AND type = 'table'")
        guard hasCounters != nil,
              case .integer(let counter)? = try database.scalar("SELECT seq FROM sqlite_sequence WHERE name = \(table)")
        else {
            return nil
        }
        return counter
    }
}
