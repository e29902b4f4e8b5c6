import ORMShared

/// Whether SQLite's program for a statement (its `EXPLAIN` rows) reads one table of a schema and
/// nothing else, row by row: one cursor on the table's b-tree, others only on its indexes, and
/// none of the instructions of aggregates, windows, co-routines (a subquery in `FROM`), ephemeral
/// tables (`DISTINCT`, `IN` lists, subqueries, materialized views), virtual tables or writes.
/// ``PlainProjection`` asks it of the typed statement and of the one run in its place.
struct ProgramCheck {
    /// The table's b-tree root page.
    let tableRoot: Int64
    /// Its indexes' root pages.
    let indexRoots: Set<Int64>
    /// The schema's number among the connection's databases (`OpenRead`'s third operand).
    package let database: Int64

    /// The check for `table` of `schema`, whose pages it reads from the schema's `sqlite_schema`.
    ///
    /// - Throws: SQLite's error; ``Missing`` when `schema` has no such table (a view, say).
    init(table: String, schema: String, on connection: Connection) throws {
        var tableRoot: Int64?
        var indexRoots: Set<Int64> = []
        let sql = SQL("SELECT type, rootpage FROM \(quoteIdentifier(schema)).sqlite_schema WHERE tbl_name = ? COLLATE NOCASE",
                      arguments: [table])
        try connection.forEachRow(sql) { row in
            switch row.text(at: 0) {
            case "table": tableRoot = row.int64(at: 1)
            case "index": indexRoots.insert(row.int64(at: 1))
            default: break
            }
        }
        var database: Int64?
        try connection.forEachRow(SQL("SELECT seq FROM pragma_database_list WHERE name = ?", arguments: [schema])) { row in
            database = row.int64(at: 0)
        }
        guard let tableRoot, tableRoot > 0, let database else { throw Missing() }
        self.database = database
        self.tableRoot = tableRoot
        self.indexRoots = indexRoots
    }

    /// Whether the program `explain` (an `EXPLAIN` statement) lists is of the kind above.
    ///
    /// - Throws: SQLite's error when it cannot be prepared.
    package func allows(_ explain: String, on connection: Connection) throws -> Bool {
        let statement = try connection.prepare(explain)
        var tableCursors = 0
        while try statement.step() {
            let opcode = statement.text(at: 1)
            if Self.refused.contains(opcode) { return false }
            guard opcode == "OpenRead" || opcode == "ReopenIdx" else { continue }
            let root = statement.int64(at: 3)
            guard statement.int64(at: 4) == database else { return false }
            if root == tableRoot {
                tableCursors += 1
            } else if !indexRoots.contains(root) {
                return false
            }
        }
        return tableCursors == 1
    }

    /// Instructions a plain projection of one table never runs.
    private static let refused: Set<String> = [
        "AggStep", "AggStep1", "AggFinal", "AggValue", "AggInverse", "OpenEphemeral", "OpenAutoindex", "OpenDup",
        "InitCoroutine", "VOpen", "OpenWrite",
    ]

    /// The schema holds no table of that name.
    package struct Missing: Error {}
}
