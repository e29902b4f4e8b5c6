import ORMCore

/// What one file became.
struct ImportedTable: Equatable {
    /// The table's name.
    var name: String
    /// The file it came from.
    var path: String
    /// The columns and their declared types.
    var columns: [String]
    var kinds: [ColumnProfile.Kind]
    /// The rows written.
    var rows: Int
    /// Whether a delimited file's first line was taken as the header.
    var hasHeader: Bool
    /// The file's encoding.
    var encoding: TextEncoding
    /// What the import worked around (the first 100), and how many problems there were.
    var problems: [ImportProblem]
    var problemCount: Int
}

/// Imports CSV, TSV, JSON lines and JSON files as tables: a first pass finds the columns and their
/// types, a second streams the rows into the table in one transaction, so a file of any size takes
/// the memory of a few rows.
enum FileImporter {
    /// Imports `path` into a new table `table` of `database`.
    ///
    /// - Parameter progress: told the fraction done (0 to 1) as the file is read, twice over.
    /// - Throws: ``ImportError`` for a file that cannot be read or holds nothing to import; the
    ///   database's error when the table cannot be written (nothing of it is left then).
    static func importFile(
        _ path: String, format: ImportFormat, into database: Database, table: String,
        progress: (Double) -> Void = { _ in }
    ) throws -> ImportedTable {
        let file = try TextFile(path: path)
        let size = Double(max(1, file.size))
        let reader: any TableFileReader = switch format {
        case .csv, .tsv: try DelimitedImport(file: file, format: format)
        case .jsonLines, .json: JSONImport(file: file, format: format)
        }
        let plan = try reader.plan { progress(Double($0) / size / 2) }
        let columns = zip(plan.columns, plan.kinds).map { "\(quoteIdentifier($0)) \($1.rawValue)" }
        let create = "CREATE TABLE \(quoteIdentifier(table)) (\(columns.joined(separator: ", ")))"
        // Text given as bytes that are not UTF-8 is bound as a blob and cast to text; such rows take
        // a statement of their own, one a set of columns.
        func insertText(castingToText mask: [Bool]) -> String {
            "INSERT INTO \(quoteIdentifier(table)) VALUES ("
                + mask.map { $0 ? "CAST(? AS TEXT)" : "?" }.joined(separator: ", ") + ")"
        }
        var written = 0
        try database.transaction { _ in
            try database.execute(SQL(create))
            var insert = SQL(insertText(castingToText: Array(repeating: false, count: plan.columns.count)))
            var casting: [[Bool]: SQL] = [:]
            try reader.rows(plan, progress: { progress(0.5 + Double($0) / size / 2) }) { row in
                if row.hasBytesAsText {
                    var statement = casting[row.bytesAsText] ?? SQL(insertText(castingToText: row.bytesAsText))
                    casting[row.bytesAsText] = statement
                    statement.arguments = row.values
                    try database.execute(statement)
                } else {
                    insert.arguments = row.values
                    try database.execute(insert)
                }
                written += 1
            }
        }
        progress(1)
        return ImportedTable(
            name: table, path: path, columns: plan.columns, kinds: plan.kinds, rows: written, hasHeader: plan.hasHeader,
            encoding: file.encoding, problems: plan.problems, problemCount: plan.problemCount)
    }

    /// A table name for `path`: its file name without the extension, made unique ignoring case
    /// against `taken`.
    static func tableName(for path: String, taken: Set<String>) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            name = String(name[..<dot])
        }
        if name.isEmpty {
            name = "data"
        }
        var candidate = name
        var suffix = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(name)_\(suffix)"
            suffix += 1
        }
        return candidate
    }
}
