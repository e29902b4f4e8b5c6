import ORMCore

/// A join being asked for at the `J` prompts: the other table chosen, then the columns, then the
/// kind. Each step's answer is kept here for the next prompt.
struct JoinRequest: Hashable, Sendable {
    /// The other table's name.
    var table: String
    /// The database holding it when not the main one (an attached file's), nil for the main one.
    var schema: String?
    /// What its columns are called in the view before the dot (its name, a file's table name).
    var label: String
    /// Its columns, in order.
    var columns: [String]
    /// Their declared types, in the same order.
    var types: [String]
    /// The sets of its columns no two rows share (its primary key's, each unique index's; a file's
    /// join columns when it has no repeats), names lowercased: join columns that hold one of them
    /// match one row at most.
    var uniqueSets: [Set<String>]
    /// The columns compared, once chosen.
    var pairs: [TableJoin.Pair] = []
    /// Whether the table is reef's copy of a CSV/JSON file (``JoinedFile``).
    var isFile = false
    /// On PostgreSQL, the session table holding that copy's rows: kept with the join (and every
    /// view made from it), dropped when the last of them goes.
    var sessionTable: SessionTable?

    /// The request for `table` of `schema` with `columns` of declared `types` and no key.
    init(table: String, schema: String?, columns: [String], types: [String]) {
        self.table = table
        self.schema = schema
        label = table
        self.columns = columns
        self.types = types
        uniqueSets = []
    }

    /// The request for `info`'s table (in `schema` when given).
    init(info: TableInfo, schema: String? = nil, label: String? = nil) {
        table = info.name
        self.schema = schema
        self.label = label ?? info.name
        columns = info.columns.filter { $0.generated != .hidden }.map(\.name)
        types = info.columns.filter { $0.generated != .hidden }.map(\.declaredType)
        var sets: [Set<String>] = []
        if !info.primaryKey.isEmpty, info.kind != .view {
            sets.append(Set(info.primaryKey.map { $0.lowercased() }))
        }
        for index in info.indexes where index.isUnique && !index.isPartial && !index.columns.contains(where: { $0.name.isEmpty }) {
            sets.append(Set(index.columns.map { $0.name.lowercased() }))
        }
        uniqueSets = sets
    }

    /// Whether one row at most of the other table matches each row: a unique column set lies
    /// within the compared columns.
    var matchesOneRow: Bool {
        let compared = Set(pairs.map { $0.otherColumn.lowercased() })
        return uniqueSets.contains { !$0.isEmpty && $0.isSubset(of: compared) }
    }

    /// The join of this request's table with `kind`.
    func join(kind: TableJoin.Kind) -> TableJoin {
        var join = TableJoin(table: table, schema: schema, label: label, kind: kind, on: pairs, columns: columns, keepsRows: matchesOneRow)
        join.sessionTable = sessionTable
        return join
    }
}
