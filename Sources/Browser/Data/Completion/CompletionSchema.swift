/// What completion knows of the database: the names reef already holds (its table list, the
/// columns of tables it has read), never a query per key.
struct CompletionSchema {
    /// The tables and views, with whether each is a view.
    var tables: [(name: String, isView: Bool)]
    /// The SQL functions the connection has (SQLite's built-ins and reef's own).
    var functions: [String]
    /// The table (or results) a filter applies to, whose columns a filter offers without naming it.
    var currentTable: String?
    /// The columns of ``currentTable``, as its grid shows them.
    var currentColumns: [String] = []
    /// The columns of a table of ``tables`` (nil when it cannot be read).
    var columns: (String) -> [String]?
    /// Names of ``tables`` that are the statement's `WITH` queries.
    var commonTables: Set<String> = []
    /// The tables and views of the schema a qualifier names (`audit.` on PostgreSQL, `main.` or an
    /// attached database on SQLite), nil when it names none.
    var schemaTables: (String) -> [(name: String, isView: Bool)]? = { _ in nil }
    /// The columns of a table of another schema (``schemaTables``), by schema and table.
    var schemaColumns: (_ schema: String, _ table: String) -> [String]? = { _, _ in nil }

    /// How a table of another schema is named among the statement's tables (`audit.log`).
    static func qualified(_ schema: String, _ table: String) -> String {
        schema + qualifierMark + table
    }

    /// What separates a schema from its table in ``qualified(_:_:)``: no name holds it.
    static let qualifierMark = "\u{1F}"

    /// The columns of `table`: one of ``tables``, or one of another schema named by ``qualified(_:_:)``.
    func columns(ofNamed table: String) -> [String]? {
        guard let mark = table.firstRange(of: Self.qualifierMark) else {
            return columns(table)
        }
        return schemaColumns(String(table[..<mark.lowerBound]), String(table[mark.upperBound...]))
    }

    /// The schema with the statement's `WITH` queries as tables (their own names first), whose
    /// columns are those they list.
    func adding(_ queries: [(name: String, columns: [String])]) -> CompletionSchema {
        guard !queries.isEmpty else {
            return self
        }
        var schema = self
        let listed = Dictionary(queries.map { ($0.name, $0.columns) }, uniquingKeysWith: { first, _ in first })
        let known = columns
        schema.tables = queries.map { ($0.name, false) } + tables.filter { listed[$0.name] == nil }
        schema.columns = { name in listed[name] ?? known(name) }
        schema.commonTables = Set(listed.keys)
        return schema
    }

    /// The name of a table or view in ``tables`` matching `name` (exactly, else ignoring case, as
    /// SQLite matches names).
    func table(named name: String) -> String? {
        if tables.contains(where: { $0.name == name }) {
            return name
        }
        return tables.first { $0.name.equalsIgnoringCase(name) }?.name
    }
}
