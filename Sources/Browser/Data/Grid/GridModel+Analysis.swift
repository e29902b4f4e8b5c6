/// What a grid keeps for the frequency tables made from it, as VisiData does: the aggregates set
/// on its columns (`+` and a letter: `Total+sum,mean` in the header) and the key columns set with
/// `!` (`Country◆1`), which `gF` groups by. Both are kept by column name while the view is open,
/// through sorts, filters and refreshes; a column no longer there is left out.
extension GridModel {
    /// The header mark of a key column (`◆`, `◆2` when there are several).
    static let keyMark = "◆"

    /// The source's columns as the header names them: each with its key mark and its aggregates.
    var headerColumns: [GridColumn] {
        guard !aggregates.isEmpty || !groupKeys.isEmpty else {
            return source.columns
        }
        return source.columns.map { column in
            var shown = column
            shown.name += headerMarks(of: column.name)
            return shown
        }
    }

    /// What the header adds to column `name`'s: `◆1` for a key, `+sum,mean` for its aggregates.
    func headerMarks(of name: String) -> String {
        var marks = ""
        if let place = groupKeys.firstIndex(of: name) {
            marks += Self.keyMark + (groupKeys.count > 1 ? String(place + 1) : "")
        }
        let set = aggregates.filter { $0.column == name }.map(\.aggregate.rawValue)
        if !set.isEmpty {
            marks += "+" + set.joined(separator: ",")
        }
        return marks
    }

    /// Adds `aggregate` over the cursor column; false when it is set already (then it is left).
    @discardableResult
    func addAggregate(_ aggregate: Aggregate, toColumn index: Int) -> Bool {
        guard source.columns.indices.contains(index) else {
            return false
        }
        let added = ColumnAggregate(column: source.columns[index].name, aggregate: aggregate)
        guard !aggregates.contains(added) else {
            return false
        }
        aggregates.append(added)
        return true
    }

    /// Removes the aggregates of column `index`; returns how many there were.
    @discardableResult
    func removeAggregates(ofColumn index: Int) -> Int {
        guard source.columns.indices.contains(index) else {
            return 0
        }
        let name = source.columns[index].name
        let before = aggregates.count
        aggregates.removeAll { $0.column == name }
        return before - aggregates.count
    }

    /// The aggregates over columns the source still has, in the order set.
    var presentAggregates: [ColumnAggregate] {
        let names = Set(source.columns.map(\.name))
        return aggregates.filter { names.contains($0.column) }
    }

    /// Makes column `index` a key column, or an ordinary one again; returns whether it is a key now.
    @discardableResult
    func toggleGroupKey(_ index: Int) -> Bool {
        guard source.columns.indices.contains(index) else {
            return false
        }
        let name = source.columns[index].name
        if let place = groupKeys.firstIndex(of: name) {
            groupKeys.remove(at: place)
            return false
        }
        groupKeys.append(name)
        return true
    }

    /// The indexes of the key columns the source still has, in the order they were set.
    var groupKeyIndexes: [Int] {
        groupKeys.compactMap { name in source.columns.firstIndex { $0.name == name } }
    }
}
