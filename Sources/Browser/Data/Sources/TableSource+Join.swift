import ORMCore

/// A table's view joined with other tables (`J`, again on the joined view): the joins are part of
/// the view's query (``TableSource/joins``), so it pages, sorts, filters, counts and exports like
/// the table itself.
extension TableSource {
    /// The grid columns of `joins`' tables, named `Table.column`, shown by their declared `types`
    /// (every join's, in order).
    static func joinedColumns(_ joins: [TableJoin], types: [String], on dialect: SQLDialect.Kind) -> [GridColumn] {
        let names = joins.flatMap { join in join.columnNames.map { (name: $0, label: join.label) } }
        return names.enumerated().map { index, column in
            let type = types.indices.contains(index) ? types[index] : ""
            return GridColumn(name: column.name, kind: kind(ofDeclaredType: type, on: dialect), joinedFrom: column.label)
        }
    }

    /// The last join (`J`'s latest), nil when none.
    var join: TableJoin? {
        joins.last
    }

    /// The same view joined with `joins` instead (empty: no join), the other tables' columns shown
    /// by their declared `types`, read under `interruption`. The sort keys on columns the view
    /// keeps stay; the filter stays (the database refuses it when it names a column the view lost).
    func joined(with joins: [TableJoin], types: [String], sort: GridSort?, filter: String?, interruption: Interruption? = nil) throws
        -> TableSource {
        try TableSource(table: table, sort: sort, filter: filter, group: group, interruption: interruption, kinds: nil,
                        keeping: resultStore, computing: computed, joining: joins, joinedTypes: types)
    }

    /// The same view with its last join left (``joins`` but the last), read under `interruption`.
    func leavingLastJoin(sort: GridSort?, filter: String?, interruption: Interruption? = nil) throws -> TableSource {
        let kept = Array(joins.dropLast())
        let types = Array(joinedTypes.prefix(kept.reduce(0) { $0 + $1.columns.count }))
        return try joined(with: kept, types: types, sort: sort, filter: filter, interruption: interruption)
    }

    /// The table as it opens: no filter, sort, computed column or join (`q` on the main screen).
    func plain(interruption: Interruption? = nil) throws -> TableSource {
        try TableSource(table: table, group: group, interruption: interruption, kinds: nil, keeping: resultStore)
    }

    /// The tables the view reads: its own and those joined from the main schema (another
    /// schema's or an attached file's are named with it: `sales.region`). A commit to any of them
    /// changes what the view shows (``LiveRefresher``).
    var readTables: Set<String> {
        Set([table.name] + joins.map { join in join.schema.map { "\($0).\(join.table)" } ?? join.table })
    }

    /// Why the view's rows cannot be edited through its joins, nil when they can (or nothing is joined).
    var joinRefusal: String? {
        guard let join = joins.first(where: { !$0.keepsRows }) else {
            return nil
        }
        if join.kind == .full {
            return "a full join shows rows of \(join.label) alone, which are no row of \(table.name)"
        }
        let columns = join.pairs.map(\.otherColumn).joined(separator: ", ")
        return "\(join.label)'s \(columns) is not unique (no primary key or unique index covers it),"
            + " so a row of \(table.name) may show more than once"
    }

    /// What the status bar says of the joins: `Track ⋈ Genre (left join on GenreId = GenreId)`,
    /// each further join after another `⋈`.
    var joinLabel: String? {
        guard !joins.isEmpty else {
            return nil
        }
        return ([table.name] + joins.map { join in
            let on = join.pairs.map { "\($0.column) = \($0.otherColumn)" }.joined(separator: " and ")
            return "\(join.label) (\(join.kind.rawValue) join on \(on))"
        }).joined(separator: " ⋈ ")
    }
}
