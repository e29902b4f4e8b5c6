/// The rows of a view with only the columns the grid shows: columns hidden with `-` are left out
/// of an export (and of the copies of a view or a column), as VisiData leaves them out.
///
/// The rows are read by the view's own statement (its filter and order stay exactly as they
/// are) as a subquery of which only the shown columns are selected: the others are never read.
struct ShownColumnRows: ExportRows {
    /// The view's rows, every column.
    let rows: any ExportRows
    /// The indexes of the columns kept, in order.
    let indexes: [Int]

    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws {
        try rows.forEachPage(size: size, columns: indexes, body)
    }

    func forEachStreamingPage(size: Int, _ body: ([[ExportCell]]) throws -> Bool) throws {
        try rows.forEachStreamingPage(size: size, columns: indexes, body)
    }

    /// A table of the shown columns without declared types: the table's own `CREATE TABLE`
    /// would name the hidden columns too (a `NOT NULL` one would refuse every row).
    func tableSchema(name: String, columns: [String]) throws -> ExportSchema {
        ExportSchema(untypedTable: name, columns: columns, note: "\(name): the columns shown in reef (hidden ones left out)")
    }
}
