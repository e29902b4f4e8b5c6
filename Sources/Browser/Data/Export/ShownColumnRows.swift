/// The rows of a view with only the columns the grid shows: columns hidden with `-` are left out
/// of an export (and of the copies of a view or a column), as VisiData leaves them out.
///
/// The rows are still read by the view's own statement (its filter and order stay exactly as
/// they are); each page is cut down to the shown columns before it is written.
struct ShownColumnRows: ExportRows {
    /// The view's rows, every column.
    let rows: any ExportRows
    /// The indexes of the columns kept, in order.
    let indexes: [Int]

    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws {
        try rows.forEachPage(size: size) { page in
            try body(page.map { row in indexes.map { row.indices.contains($0) ? row[$0] : .null } })
        }
    }

    /// A table of the shown columns without declared types: the table's own `CREATE TABLE`
    /// would name the hidden columns too (a `NOT NULL` one would refuse every row).
    func tableSchema(name: String, columns: [String]) throws -> ExportSchema {
        ExportSchema(untypedTable: name, columns: columns, note: "\(name): the columns shown in reef (hidden ones left out)")
    }
}
