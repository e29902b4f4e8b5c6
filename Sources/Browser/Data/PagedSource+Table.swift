import ORMCore

extension PagedSource {
    /// A source over the table or view `name`, keyed by rowid or primary key.
    ///
    /// - Returns: nil when there is no table or view by that name.
    static func table(_ name: String, in database: Database) throws -> PagedSource? {
        guard let info = try database.tableInfo(name) else {
            return nil
        }
        let shown = info.columns.filter { $0.generated != .hidden }
        let names = shown.map(\.name)
        let columns = shown.map { column in
            GridColumn(name: column.name, kind: kind(ofDeclaredType: column.declaredType),
                       isKey: info.primaryKey.contains(column.name))
        }
        let query = RelationQuery(relation: "\(identifier: name)", columnNames: names, referenceNames: names,
                                  keyExpressions: keyExpressions(for: info), filter: nil, sort: nil)
        return PagedSource(database: database, query: query, title: name, columns: columns)
    }

    /// How many leading columns are key columns: the grid keeps them visible when scrolling right.
    var leadingKeyColumns: Int {
        columns.prefix { $0.isKey }.count
    }

    /// The grid column kind for a declared column type, by SQLite's affinity rules.
    static func kind(ofDeclaredType declared: String) -> ColumnKind {
        if declared.isEmpty {
            return .other
        }
        switch ColumnType(affinityOf: declared) {
        case .integer: return .integer
        case .real: return .real
        case .text: return .text
        case .blob: return .blob
        case .numeric: return .other
        }
    }

    /// The expressions that identify a row: an unshadowed rowid name, else the primary key.
    private static func keyExpressions(for info: TableInfo) -> [String] {
        if info.hasRowID {
            let taken = Set(info.columns.map { $0.name.lowercased() })
            if let alias = ["rowid", "_rowid_", "oid"].first(where: { !taken.contains($0) }) {
                return [alias]
            }
        }
        if info.kind == .table && !info.primaryKey.isEmpty {
            return info.primaryKey.map(quoteIdentifier)
        }
        return []
    }
}
