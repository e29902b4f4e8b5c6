extension Array where Element == RowChange {
    /// The final effect of these changes on each row (see ``EventGranularity/coalesced``): one change
    /// per table and rowid, in the order rows were first changed; rows inserted and deleted again
    /// are left out.
    func coalescedByRow() -> [RowChange] {
        var effects: [Effect?] = []
        var positions: [RowKey: Int] = [:]
        for change in self {
            let rowKey = RowKey(table: change.table, rowID: change.rowID)
            if let position = positions[rowKey] {
                effects[position] = Effect.combine(effects[position], change)
            } else {
                positions[rowKey] = effects.count
                effects.append(Effect(change))
            }
        }
        return effects.compactMap { $0?.change }
    }
}

private struct RowKey: Hashable {
    let table: String
    let rowID: Int64
}

/// One row's effect so far.
private struct Effect {
    var change: RowChange

    init(_ change: RowChange) {
        self.change = change
    }

    /// The effect of `next` after `effect` (nil: the row was inserted and deleted, no effect).
    static func combine(_ effect: Effect?, _ next: RowChange) -> Effect? {
        guard let effect else { return Effect(next) }
        let previous = effect.change
        let key = next.key ?? previous.key
        switch (previous.operation, next.operation) {
        case (.insert, .delete):
            return nil
        case (.insert, _):
            // Still an insert, of the final values.
            return Effect(previous.with(key: key, changedColumns: nil))
        case (.update, .update):
            let columns = previous.changedColumns.flatMap { first in
                next.changedColumns.map { first + $0.filter { !first.contains($0) } }
            }
            return Effect(next.with(key: key, changedColumns: columns))
        case (.delete, .insert):
            // The row was replaced: its values changed, which ones is not known.
            return Effect(RowChange(
                table: next.table, operation: .update, rowID: next.rowID, origin: next.origin, key: key,
                changedColumns: nil))
        default:
            return Effect(next.with(key: key, changedColumns: next.changedColumns))
        }
    }
}

extension RowChange {
    fileprivate func with(key: SQLValue?, changedColumns: [String]?) -> RowChange {
        RowChange(
            table: table, operation: operation, rowID: rowID, origin: origin, key: key, changedColumns: changedColumns)
    }
}
