import CSQLite

/// A statement typed at a prompt that SQLite shows to be a plain projection of one rowid table,
/// and the statement run in its place so that its long blobs are never loaded: the same rows in
/// the same order, each column read from the table selected as itself when it is not a blob over
/// the limit and as NULL when it is, followed by the row's rowid and, for each such column, the
/// blob's size (`length()` of a blob, which SQLite answers from the record's header). The long
/// blobs are then read by rowid, a piece at a time, in the statement's read transaction.
///
/// Only a column declared `BLOB`, with no type, or `ANY` (the columns that hold blobs by design)
/// is read this way: any other column is selected as itself, and a statement that reads none runs
/// as typed, so a table of text and numbers pays nothing (a long blob stored in a `TEXT` column is
/// held whole for the moment it is copied, as before).
///
/// Decided from SQLite's answer, the text giving only where the parts are (``SelectShape``): the
/// prepared statement's columns come from one table (`sqlite3_column_table_name`), its program
/// (`EXPLAIN`) opens one cursor on that table's b-tree and none but its indexes, without
/// aggregates, windows, co-routines or ephemeral tables (`DISTINCT`, `IN` lists, subqueries), and
/// the rewritten statement's program does the same. A table `WITHOUT ROWID` fails to prepare the
/// rewritten statement, a view fails the table's check: any doubt gives nil, and the statement
/// runs as typed.
///
/// ```swift
/// PlainProjection.make("SELECT * FROM t ORDER BY id", limit: 65_536, on: connection)?.sql
/// // SELECT CASE WHEN typeof("id") = 'blob' AND length("id") > 65536 THEN NULL ELSE "id" END, …, rowid, … FROM t ORDER BY id
/// ```
struct PlainProjection {
    /// The statement run in the typed one's place.
    let sql: String
    /// The typed statement's columns, named and typed as it returns them.
    let columns: [StatementColumn]
    /// The schema (`main`, `temp`, an attached name) holding the table.
    let schema: String
    /// The table read.
    let table: String
    /// For each result column whose long blob is read by rowid, its table column and the
    /// position of its size in ``sql``'s columns.
    let cut: [Int: (column: String, sizePosition: Int)]

    /// The position of the rowid in ``sql``'s columns: just after the typed statement's.
    var rowIDPosition: Int32 {
        Int32(columns.count)
    }

    /// The projection `text` is, for blobs over `limit` bytes; nil when SQLite does not show it
    /// to be one, or when it reads no column of its table.
    static func make(_ text: String, limit: Int, on connection: Connection) -> PlainProjection? {
        guard let shape = SelectShape(text), let typed = try? connection.prepare(text), typed.isReadOnly,
              typed.columnCount > 0 else { return nil }
        var origins: [String?] = []
        var schema: String?
        for index in 0..<typed.columnCount {
            guard let table = sqlite3_column_table_name(typed.handle, index).map({ String(cString: $0) }) else {
                origins.append(nil)
                continue
            }
            let database = sqlite3_column_database_name(typed.handle, index).map { String(cString: $0) }
            guard table.lowercased() == shape.table.lowercased(), let database, schema == nil || schema == database,
                  let origin = sqlite3_column_origin_name(typed.handle, index) else { return nil }
            schema = database
            origins.append(String(cString: origin))
        }
        guard let schema, let tableColumns = try? Self.columns(of: shape.table, in: schema, on: connection),
              origins.contains(where: { $0.map { tableColumns.holdingBlobs.contains($0.lowercased()) } ?? false }),
              let rowID = ["rowid", "_rowid_", "oid"].first(where: { !tableColumns.names.contains($0) }),
              let check = try? ProgramCheck(table: shape.table, schema: schema, on: connection),
              (try? check.allows("EXPLAIN " + text, on: connection)) == true
        else { return nil }
        // The list rewritten, each item in the place of the one it stands for.
        var list: [String] = []
        var sizes: [String] = []
        var cut: [Int: (column: String, sizePosition: Int)] = [:]
        func add(_ expression: String, position: Int) {
            guard let origin = origins[position], !tableColumns.generated.contains(origin.lowercased()),
                  tableColumns.holdingBlobs.contains(origin.lowercased()) else {
                return list.append(expression)
            }
            list.append("CASE WHEN typeof(\(expression)) = 'blob' AND length(\(expression)) > \(limit) THEN NULL ELSE \(expression) END")
            cut[position] = (origin, origins.count + 1 + sizes.count)
            sizes.append("CASE WHEN typeof(\(expression)) = 'blob' AND length(\(expression)) > \(limit) THEN length(\(expression)) END")
        }
        for item in shape.items {
            let position = list.count
            switch item {
            case .all:
                let shown = tableColumns.visible
                guard position + shown.count <= origins.count,
                      zip(shown, origins[position...]).allSatisfy({ $0.lowercased() == $1?.lowercased() }) else { return nil }
                for (offset, column) in shown.enumerated() {
                    add(quoteIdentifier(column), position: position + offset)
                }
            case .column(let name, let whole):
                guard position < origins.count else { return nil }
                if origins[position] == nil {
                    list.append(String(text[whole]))
                } else {
                    add(String(text[name]), position: position)
                }
            case .other(let whole):
                list.append(String(text[whole]))
            }
        }
        guard list.count == origins.count, !cut.isEmpty else { return nil }
        let sql = String(text[..<shape.listStart]) + (list + [rowID] + sizes).joined(separator: ", ") + " " + String(text[shape.fromStart...])
        guard let rewritten = try? connection.prepare(sql), rewritten.columnCount == Int32(list.count + 1 + sizes.count),
              (try? check.allows("EXPLAIN " + sql, on: connection)) == true
        else { return nil }
        let columns = (0..<typed.columnCount).map {
            StatementColumn(name: typed.columnName(at: $0), typeName: typed.declaredType(at: $0))
        }
        return PlainProjection(sql: sql, columns: columns, schema: schema, table: shape.table, cut: cut)
    }

    /// The names of `table`'s columns, lower-cased; those `*` selects, as declared; its generated
    /// columns, lower-cased (incremental I/O cannot open them); those declared to hold blobs (a
    /// type of BLOB affinity, none, or a STRICT table's `ANY`), lower-cased.
    private static func columns(of table: String, in schema: String, on connection: Connection) throws
        -> (names: Set<String>, visible: [String], generated: Set<String>, holdingBlobs: Set<String>)
    {
        var names: Set<String> = []
        var visible: [String] = []
        var generated: Set<String> = []
        var holdingBlobs: Set<String> = []
        try connection.forEachRow(SQL("SELECT name, hidden, type FROM pragma_table_xinfo(?, ?)", arguments: [table, schema])) { row in
            let name = row.text(at: 0)
            names.insert(name.lowercased())
            // 1: a virtual table's hidden column; 2 and 3: generated columns, which `*` selects.
            let hidden = row.int64(at: 1)
            if hidden != 1 { visible.append(name) }
            if hidden == 2 || hidden == 3 { generated.insert(name.lowercased()) }
            let declared = row.text(at: 2)
            if ColumnType(affinityOf: declared) == .blob || declared.uppercased() == "ANY" {
                holdingBlobs.insert(name.lowercased())
            }
        }
        return (names, visible, generated, holdingBlobs)
    }
}
