import ORMCore

/// What completion has read of the schema beyond reef's table list: the columns of each table a
/// statement named (read once, the first time it is completed) and the connection's functions
/// (read once). Emptied when the schema is read again.
final class CompletionCache {
    /// The columns of each table read so far (nil: it could not be read).
    private var columns: [String: [String]?] = [:]
    /// The function names, once read.
    private var functions: [String]?
    /// The tables and views of each schema asked for so far (nil: it names no schema).
    private var schemaTables: [String: [(name: String, isView: Bool)]?] = [:]

    /// Functions reef registers for itself (its search's case folding), not offered. SQLite's
    /// operators listed as functions (`->`, `->>`) are left out as names no one types bare.
    private static let hiddenFunctions: Set = [TextFold.functionName]

    /// Forgets what was read: the schema changed.
    func reset() {
        columns = [:]
        schemaTables = [:]
    }

    /// The tables and views of the schema `name` in `database` (SQLite: `main`, `temp` or an
    /// attached database, one a statement at the prompt attached too; PostgreSQL: any schema, its
    /// name folded to lower case unless that finds none), read the first time; nil when it names
    /// no schema or holds nothing.
    func tables(inSchema name: String, in database: Database) -> [(name: String, isView: Bool)]? {
        if let known = schemaTables[name] {
            return known
        }
        var (read, settled) = Self.readTables(inSchema: name, in: database)
        if read == nil, database.dialect.kind == .postgres, name != name.lowercased() {
            (read, settled) = Self.readTables(inSchema: name.lowercased(), in: database)
        }
        if settled {
            schemaTables[name] = .some(read)
        }
        return read
    }

    /// The columns of `table` in the schema `schema` (another than the one browsed), read the
    /// first time; nil when they cannot be read.
    func columns(of table: String, inSchema schema: String, in database: Database) -> [String]? {
        let key = CompletionSchema.qualified(schema, table)
        if let known = columns[key] {
            return known
        }
        let sql: SQL = database.dialect.kind == .postgres
            ? """
              SELECT a.attname FROM pg_catalog.pg_attribute a
                JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
                JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = \(schema) AND c.relname = \(table) AND a.attnum > 0 AND NOT a.attisdropped
               ORDER BY a.attnum
              """
            : "SELECT name FROM pragma_table_info(\(table), \(schema)) ORDER BY cid"
        let (rows, settled) = Self.sessionRows(sql, in: database)
        let read = rows.flatMap { rows -> [String]? in
            let names = rows.compactMap { row -> String? in
                guard case .text(let name)? = row.first else {
                    return nil
                }
                return name
            }
            return names.isEmpty ? nil : names
        }
        if settled {
            columns[key] = .some(read)
        }
        return read
    }

    /// The rows of `sql`, a question about another schema than the one browsed, read on the
    /// connection the prompt's statements run on, which alone sees a database an `ATTACH` typed
    /// there attached (``ORMCore/Database/fetchAllOnStatementConnection(_:)``); on a reader while a
    /// statement holds that connection, an answer then not `settled` (not kept: asked again at the
    /// next `Tab`). Nil rows when the query fails.
    private static func sessionRows(_ sql: SQL, in database: Database) -> (rows: [[SQLValue]]?, settled: Bool) {
        switch Result(catching: { try database.fetchAllOnStatementConnection(sql) }) {
        case .success(let rows?): (rows, true)
        case .success(nil): (try? database.fetchAll(sql), false)
        case .failure: (nil, true)
        }
    }

    /// Reads the tables and views of schema `name`, the name bound (nil when it names none), and
    /// whether the answer is `settled` (``sessionRows(_:in:)``).
    private static func readTables(inSchema name: String, in database: Database)
        -> (tables: [(name: String, isView: Bool)]?, settled: Bool)
    {
        let sql: SQL = database.dialect.kind == .postgres
            ? """
              SELECT c.relname, CASE WHEN c.relkind IN ('v', 'm') THEN 1 ELSE 0 END
                FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = \(name) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
               ORDER BY 1
              """
            : """
              SELECT name, CASE WHEN type = 'view' THEN 1 ELSE 0 END FROM pragma_table_list
               WHERE schema = \(name) AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY 1
              """
        let (rows, settled) = sessionRows(sql, in: database)
        guard let rows, !rows.isEmpty else {
            return (nil, settled)
        }
        let tables = rows.compactMap { row -> (name: String, isView: Bool)? in
            guard case .text(let table)? = row.first else {
                return nil
            }
            return (table, row.count > 1 && row[1] == .integer(1))
        }
        return (tables, settled)
    }

    /// The columns of `table` in `database`, read the first time.
    func columns(of table: String, in database: Database) -> [String]? {
        if let known = columns[table] {
            return known
        }
        let read = (try? database.tableInfo(table))?.map { $0.columns.map(\.name) }
        columns[table] = .some(read)
        return read
    }

    /// The functions the connection has, read the first time (SQLite's `pragma_function_list`;
    /// on PostgreSQL those of the schemas on the `search_path`, `pg_catalog`'s included); none
    /// when they cannot be read.
    func functions(in database: Database) -> [String] {
        if let functions {
            return functions
        }
        let sql: SQL = database.dialect.kind == .postgres
            ? """
              SELECT DISTINCT p.proname FROM pg_catalog.pg_proc p
                JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
               WHERE n.nspname = ANY (current_schemas(true)) AND p.prokind IN ('f', 'a', 'w')
               ORDER BY 1
              """
            : "SELECT DISTINCT name FROM pragma_function_list ORDER BY name"
        let rows = (try? database.fetchAll(sql)) ?? []
        let names = rows.compactMap { row -> String? in
            guard case .text(let name)? = row.first, !SQLCompletion.needsQuoting(name) || SQLKeywords.contains(name),
                  !Self.hiddenFunctions.contains(name) else {
                return nil
            }
            return name
        }
        functions = names
        return names
    }
}
