import ORMCore

/// A table's view joined with another table (`J`): the join is part of the view's query
/// (``TableSource/join``), so it pages, sorts, filters, counts and exports like the table itself.
extension TableSource {
    /// The grid columns of `join`'s table, named `Table.column`, shown by their declared `types`.
    static func joinedColumns(_ join: TableJoin?, types: [String], on dialect: SQLDialect.Kind) -> [GridColumn] {
        guard let join else {
            return []
        }
        return join.columnNames.enumerated().map { index, name in
            let type = types.indices.contains(index) ? types[index] : ""
            return GridColumn(name: name, kind: kind(ofDeclaredType: type, on: dialect), joinedFrom: join.label)
        }
    }

    /// The same view joined with `join` instead (nil: no join), the other table's columns shown by
    /// their declared `types`, read under `interruption`. The sort keys on columns the view keeps
    /// stay; the filter stays (the database refuses it when it names a column the view lost).
    func joined(with join: TableJoin?, types: [String], sort: GridSort?, filter: String?, interruption: Interruption? = nil) throws
        -> TableSource {
        try TableSource(table: table, sort: sort, filter: filter, group: group, interruption: interruption, kinds: nil,
                        keeping: resultStore, computing: computed, joining: join, joinedTypes: types)
    }

    /// The table as it opens: no filter, sort, computed column or join (`q` on the main screen).
    func plain(interruption: Interruption? = nil) throws -> TableSource {
        try TableSource(table: table, group: group, interruption: interruption, kinds: nil, keeping: resultStore)
    }

    /// Why the view's rows cannot be edited through its join, nil when they can (or nothing is joined).
    var joinRefusal: String? {
        guard let join, !join.keepsRows else {
            return nil
        }
        if join.kind == .full {
            return "a full join shows rows of \(join.label) alone, which are no row of \(table.name)"
        }
        let columns = join.pairs.map(\.otherColumn).joined(separator: ", ")
        return "\(join.label)'s \(columns) is not unique (no primary key or unique index covers it),"
            + " so a row of \(table.name) may show more than once"
    }

    /// What the status bar says of the join: `Track ⋈ Genre (left join on GenreId = GenreId)`.
    var joinLabel: String? {
        join.map { join in
            let on = join.pairs.map { "\($0.column) = \($0.otherColumn)" }.joined(separator: " and ")
            return "\(table.name) ⋈ \(join.label) (\(join.kind.rawValue) join on \(on))"
        }
    }
}
