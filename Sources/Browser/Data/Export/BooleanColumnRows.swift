/// A view's rows with the values of its PostgreSQL `boolean` columns as booleans: ORMCore reads
/// a `boolean` as 1 or 0, and an export or a copy writes what the grid shows, `true` or `false`
/// (JSON's `true`/`false`), not a number.
struct BooleanColumnRows: ExportRows {
    /// The view's rows, every column.
    let rows: any ExportRows
    /// The indexes of the boolean columns among them.
    let booleans: Set<Int>

    /// `rows`, with the columns of ``ColumnKind/boolean`` among `columns` read as booleans; `rows`
    /// itself where there is none.
    static func wrapping(_ rows: any ExportRows, columns: [GridColumn]) -> any ExportRows {
        let booleans = Set(columns.indices.filter { columns[$0].kind == .boolean })
        return booleans.isEmpty ? rows : BooleanColumnRows(rows: rows, booleans: booleans)
    }

    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws {
        try rows.forEachPage(size: size) { page in
            try body(page.map { row in row.indices.map { convert(row[$0], isBoolean: booleans.contains($0)) } })
        }
    }

    func forEachPage(size: Int, columns indexes: [Int], _ body: ([[ExportValue]]) throws -> Bool) throws {
        let kept = indexes.map(booleans.contains)
        try rows.forEachPage(size: size, columns: indexes) { page in
            try body(page.map { row in row.indices.map { convert(row[$0], isBoolean: $0 < kept.count && kept[$0]) } })
        }
    }

    func forEachStreamingPage(size: Int, _ body: ([[ExportCell]]) throws -> Bool) throws {
        try rows.forEachStreamingPage(size: size) { page in
            try body(page.map { row in row.indices.map { convert(row[$0], isBoolean: booleans.contains($0)) } })
        }
    }

    func forEachStreamingPage(size: Int, columns indexes: [Int], _ body: ([[ExportCell]]) throws -> Bool) throws {
        let kept = indexes.map(booleans.contains)
        try rows.forEachStreamingPage(size: size, columns: indexes) { page in
            try body(page.map { row in row.indices.map { convert(row[$0], isBoolean: $0 < kept.count && kept[$0]) } })
        }
    }

    func tableSchema(name: String, columns: [String]) throws -> ExportSchema {
        try rows.tableSchema(name: name, columns: columns)
    }

    /// `cell`'s value as a boolean where its column is one.
    private func convert(_ cell: ExportCell, isBoolean: Bool) -> ExportCell {
        guard case .value(let value) = cell else {
            return cell
        }
        return .value(convert(value, isBoolean: isBoolean))
    }

    /// An integer in a boolean column as the boolean, anything else (NULL) as it is.
    private func convert(_ value: ExportValue, isBoolean: Bool) -> ExportValue {
        guard isBoolean, case .integer(let integer) = value else {
            return value
        }
        return .boolean(integer != 0)
    }
}
