import CSQLite
import ORMShared

/// A statement typed at a prompt that SQLite shows to be a plain projection of one rowid table,
/// and the statement run in its place so that its long values are never loaded: the same rows in
/// the same order, each column read from the table selected as itself when it holds neither a
/// blob over the limit nor (in a table with overflow pages) a text, and as NULL when it does,
/// followed by the row's rowid and, for each such column, the blob's size (`length()` of a blob,
/// which SQLite answers from the record's header) or -1 for a text (`typeof()`, answered there too:
/// SQLite 3.40 cannot tell a text's size without loading it). The long blobs and the texts are
/// then read by rowid, in the statement's read transaction: a text of at most the limit whole, a
/// longer one a piece at a time.
///
/// Only a column declared `BLOB`, with no type, or `ANY` (the columns that hold blobs by design)
/// has its long blobs read this way, and texts only in a column declared to hold them (a type of
/// TEXT affinity, or one of those) of a table holding a value too long for its page (`dbstat`
/// finds an overflow page of it among its first pages, ``probedPages``): any
/// other column is selected as itself, and a statement that reads none runs as typed, so a table
/// of short texts and numbers pays only the checks (a long text in an `INTEGER` column, or a long
/// blob in a `TEXT` one, is held whole for the moment it is copied, as before).
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
    package let sql: String
    /// The typed statement's columns, named and typed as it returns them.
    package let columns: [StatementColumn]
    /// The schema (`main`, `temp`, an attached name) holding the table.
    package let schema: String
    /// The table read.
    package let table: String
    /// For each result column whose long blobs or texts are read by rowid, its table column and
    /// the position of its size in ``sql``'s columns (NULL: the value is in its place; -1: a text).
    package let cut: [Int: (column: String, sizePosition: Int)]

    /// The position of the rowid in ``sql``'s columns: just after the typed statement's.
    package var rowIDPosition: Int32 {
        Int32(columns.count)
    }

    /// The projection `text` is, for blobs over `limit` bytes; nil when SQLite does not show it
    /// to be one, or when it reads no column of its table.
    package static func make(_ text: String, limit: Int, on connection: Connection) -> PlainProjection? {
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
              origins.contains(where: { $0.map { tableColumns.holdingTexts.contains($0.lowercased()) } ?? false }),
              let rowID = ["rowid", "_rowid_", "oid"].first(where: { !tableColumns.names.contains($0) }),
              let check = try? ProgramCheck(table: shape.table, schema: schema, on: connection),
              (try? check.allows("EXPLAIN " + text, on: connection)) == true
        else { return nil }
        // Texts by rowid only where one can be long: incremental I/O hands over the stored bytes,
        // which are the text's in a UTF-8 file.
        let readsTexts = (try? connection.storesUTF8()) == true
            && Self.hasOverflowPages(table: shape.table, in: schema, on: connection)
        // The list rewritten, each item in the place of the one it stands for.
        var list: [String] = []
        var sizes: [String] = []
        var cut: [Int: (column: String, sizePosition: Int)] = [:]
        func add(_ expression: String, position: Int) {
            guard let name = origins[position], case let origin = name.lowercased(), !tableColumns.generated.contains(origin) else {
                return list.append(expression)
            }
            let text = readsTexts && tableColumns.holdingTexts.contains(origin)
            let blob = tableColumns.holdingBlobs.contains(origin)
            guard text || blob else {
                return list.append(expression)
            }
            let isText = "WHEN typeof(\(expression)) = 'text'"
            let isLongBlob = "WHEN typeof(\(expression)) = 'blob' AND length(\(expression)) > \(limit)"
            let value = (text ? [isText + " THEN NULL"] : []) + (blob ? [isLongBlob + " THEN NULL"] : [])
            let size = (text ? [isText + " THEN -1"] : []) + (blob ? [isLongBlob + " THEN length(\(expression))"] : [])
            list.append("CASE " + value.joined(separator: " ") + " ELSE \(expression) END")
            cut[position] = (name, origins.count + 1 + sizes.count)
            sizes.append("CASE " + size.joined(separator: " ") + " END")
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

    /// The pages of a table `dbstat` looks at for an overflow page, at most.
    static let probedPages = 1_024

    /// Whether `table` of `schema` holds a value too long for its page among its first
    /// ``probedPages`` pages in `dbstat`'s order (each leaf followed by its values' overflow pages:
    /// a table of a few thousand rows whole, the first tens of thousands of a larger one); true
    /// when `dbstat` cannot tell (a SQLite built without it). A whole walk costs about 190
    /// instructions a row of short values, 1.4% of a `select *` that copies them (and 60 ms at a
    /// million rows before a `LIMIT 10`): bounded, 19 million at most. A long text past the probe
    /// is loaded by the statement, as before.
    private static func hasOverflowPages(table: String, in schema: String, on connection: Connection) -> Bool {
        var found = false
        let probe = SQL("""
            SELECT 1 FROM (SELECT pagetype FROM dbstat WHERE schema = ? AND name = ? LIMIT \(probedPages))
            WHERE pagetype = 'overflow' LIMIT 1
            """, arguments: [schema, table])
        do {
            try connection.forEachRow(probe) { _ in found = true }
        } catch {
            return true
        }
        return found
    }

    /// The names of `table`'s columns, lower-cased; those `*` selects, as declared; its generated
    /// columns, lower-cased (incremental I/O cannot open them); those declared to hold blobs (a
    /// type of BLOB affinity, none, or a STRICT table's `ANY`), lower-cased; those declared to
    /// hold texts (these and a type of TEXT affinity), lower-cased.
    private static func columns(of table: String, in schema: String, on connection: Connection) throws
        -> (names: Set<String>, visible: [String], generated: Set<String>, holdingBlobs: Set<String>, holdingTexts: Set<String>)
    {
        var names: Set<String> = []
        var visible: [String] = []
        var generated: Set<String> = []
        var holdingBlobs: Set<String> = []
        var holdingTexts: Set<String> = []
        try connection.forEachRow(SQL("SELECT name, hidden, type FROM pragma_table_xinfo(?, ?)", arguments: [table, schema])) { row in
            let name = row.text(at: 0)
            names.insert(name.lowercased())
            // 1: a virtual table's hidden column; 2 and 3: generated columns, which `*` selects.
            let hidden = row.int64(at: 1)
            if hidden != 1 { visible.append(name) }
            if hidden == 2 || hidden == 3 { generated.insert(name.lowercased()) }
            let declared = row.text(at: 2)
            let affinity = ColumnType(affinityOf: declared)
            if affinity == .blob || declared.uppercased() == "ANY" {
                holdingBlobs.insert(name.lowercased())
                holdingTexts.insert(name.lowercased())
            } else if affinity == .text {
                holdingTexts.insert(name.lowercased())
            }
        }
        return (names, visible, generated, holdingBlobs, holdingTexts)
    }
}
