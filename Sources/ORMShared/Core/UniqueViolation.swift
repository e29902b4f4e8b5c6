/// Where a unique violation happened, as SQLite's message names it: the table and its columns
/// (`UNIQUE constraint failed: person.email`), or an index on expressions
/// (`UNIQUE constraint failed: index 'person_lower_email'`). See ``SQLiteError/uniqueViolation``.
public struct UniqueViolation: Sendable, Hashable {
    /// The table, when the message names columns.
    public let table: String?
    /// The columns whose values together repeat another row's, in the constraint's order (the key
    /// column for a primary key; `rowid` for a rowid given twice).
    public let columns: [String]
    /// The unique index on expressions that failed, when the message names an index instead.
    public let index: String?

    /// Makes a description from its parts.
    public init(table: String?, columns: [String], index: String?) {
        self.table = table
        self.columns = columns
        self.index = index
    }

    /// Reads SQLite's message (`UNIQUE constraint failed: t.a, t.b`). A name holding a dot is split
    /// at its first dot, so a table named `a.b` reads as table `a`; nil for a message of another form.
    package init?(message: String) {
        let lead = "UNIQUE constraint failed: "
        guard message.hasPrefix(lead) else { return nil }
        let detail = message.dropFirst(lead.count)
        if detail.hasPrefix("index '") && detail.hasSuffix("'") && detail.count > 8 {
            self.init(table: nil, columns: [], index: String(detail.dropFirst(7).dropLast()))
            return
        }
        var table: String?
        var columns: [String] = []
        for entry in detail.split(separator: ", ", omittingEmptySubsequences: true) {
            guard let dot = entry.firstIndex(of: ".") else { return nil }
            table = table ?? String(entry[..<dot])
            columns.append(String(entry[entry.index(after: dot)...]))
        }
        guard !columns.isEmpty else { return nil }
        self.init(table: table, columns: columns, index: nil)
    }
}
