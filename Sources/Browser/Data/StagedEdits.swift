import ORMCore

/// The changes staged on one table, oldest first: what the grid shows over the data, what undo
/// takes back, and the ``RowEdit`` values a commit applies.
struct StagedEdits: Sendable {
    /// The staged changes, oldest first.
    private(set) var changes: [StagedEdit] = []

    /// Whether nothing is staged.
    var isEmpty: Bool {
        changes.isEmpty
    }

    /// How many changes are staged.
    var count: Int {
        changes.count
    }

    /// Stages a change.
    mutating func stage(_ change: StagedEdit) {
        changes.append(change)
    }

    /// Takes back the last change, returning it (nil when nothing is staged).
    mutating func undo() -> StagedEdit? {
        changes.popLast()
    }

    /// Drops every change, returning how many there were.
    @discardableResult
    mutating func revert() -> Int {
        defer { changes = [] }
        return changes.count
    }

    // MARK: - What the grid shows

    /// The staged value of `column` in the row with `key`, if one is staged (the latest wins).
    func value(key: RowKey, column: String) -> SQLValue? {
        for change in changes.reversed() {
            if case .cell(key, column, let value, _) = change {
                return value
            }
        }
        return nil
    }

    /// Whether the row with `key` is staged for deletion.
    func isDeleted(_ key: RowKey) -> Bool {
        changes.contains { change in
            if case .delete(key, _) = change {
                return true
            }
            return false
        }
    }

    /// The values the row with `key` was first read with, when a change to it is staged.
    func original(of key: RowKey) -> [String: SQLValue]? {
        for change in changes {
            switch change {
            case .cell(key, _, _, let original), .delete(key, let original):
                return original
            default:
                continue
            }
        }
        return nil
    }

    // MARK: - What a commit applies

    /// The edits to apply, one per row in the order rows were first changed: the cell changes of a
    /// row merged into one update (the latest value of each column), a deletion replacing them.
    var rowEdits: [RowEdit] {
        var order: [RowKey] = []
        var updates: [RowKey: [String: SQLValue]] = [:]
        var deleted: Set<RowKey> = []
        for change in changes {
            let key = change.key
            if updates[key] == nil && !deleted.contains(key) {
                order.append(key)
            }
            switch change {
            case .cell(_, let column, let value, _):
                updates[key, default: [:]][column] = value
            case .delete:
                deleted.insert(key)
                updates[key] = updates[key] ?? [:]
            }
        }
        return order.compactMap { key in
            let original = self.original(of: key) ?? [:]
            if deleted.contains(key) {
                return .delete(key: key.values, original: original)
            }
            guard let changes = updates[key], !changes.isEmpty else {
                return nil
            }
            return .update(key: key.values, original: original, changes: changes)
        }
    }
}
