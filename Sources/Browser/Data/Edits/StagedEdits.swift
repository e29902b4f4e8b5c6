import ORMCore

/// The changes staged on one table, oldest first: what the grid shows over the data, what undo
/// takes back, and the ``RowEdit`` values a commit applies.
///
/// What the grid asks for (a cell's staged value, whether a row is deleted, the new rows) is kept
/// up to date as changes are staged, so drawing does not replay the changes; undo replays them.
struct StagedEdits: Sendable {
    /// The staged changes, oldest first (a batch counts as one here: it is undone at once).
    private(set) var changes: [StagedEdit] = []
    /// When each of ``changes`` was staged, on a clock every table's changes share (see
    /// ``StagingState/stage(_:in:)``): what orders the rows of several tables in a commit.
    private var stamps: [Int] = []
    /// The stamp of each changed row's first change.
    private var rowStamps: [RowRef: Int] = [:]
    /// The latest staged value of each changed cell of stored rows, by row key and column.
    private var cells: [RowKey: [String: SQLValue]] = [:]
    /// The values each changed stored row was first read with.
    private var originals: [RowKey: [String: SQLValue]] = [:]
    /// Stored rows staged for deletion.
    private var deleted: Set<RowKey> = []
    /// The new rows as they are now, by number (discarded ones removed).
    private var newRowsByNumber: [Int: NewRow] = [:]
    /// Every row changed, in the order of its first change: the order a commit writes them in.
    private var order: [RowRef] = []
    /// The rows in ``order``, to look them up at once.
    private var ordered: Set<RowRef> = []
    /// The numbers of the new rows in the order they were added (discarded ones included).
    private var newNumbers: [Int] = []
    /// How many rows a commit writes: one statement per changed row (several cells of a row are
    /// one `UPDATE`, a new row later deleted is nothing). What the pending count shows and
    /// `p` lists.
    var count: Int {
        storedRowCount + newRowsByNumber.count
    }
    /// How many stored rows are changed or deleted.
    private var storedRowCount = 0
    /// The number the next new row gets: numbers are not reused, so marks on new rows stay right.
    private(set) var nextNewRowNumber = 1
    /// The stored rows with staged changes that the table no longer has (another session deleted
    /// them), as live refresh last found: the status bar and `p` say so before `w` meets them.
    private(set) var gone: Set<RowKey> = []

    /// Whether nothing is staged.
    var isEmpty: Bool {
        changes.isEmpty
    }

    /// Stages a change, made at `stamp` on the clock the tables' changes share (by default just
    /// after the latest of this table's).
    mutating func stage(_ change: StagedEdit, stamp: Int? = nil) {
        let stamp = stamp ?? (stamps.last ?? 0) + 1
        changes.append(change)
        stamps.append(stamp)
        absorb(change, stamp: stamp)
    }

    /// Takes back the last change, returning it (nil when nothing is staged).
    mutating func undo() -> StagedEdit? {
        guard let change = changes.last else {
            return nil
        }
        rebuild(from: Array(zip(changes, stamps).dropLast()))
        return change
    }

    /// Whether `change` is staged (the latest of equal changes counts).
    func contains(_ change: StagedEdit) -> Bool {
        changes.contains(change)
    }

    /// Puts `replacement` in the place of the latest staged `change`, or takes `change` back when
    /// `replacement` is nil (a deferred check refused it); returns whether `change` was staged.
    @discardableResult
    mutating func replace(_ change: StagedEdit, with replacement: StagedEdit?) -> Bool {
        guard let index = changes.lastIndex(of: change) else {
            return false
        }
        var remaining = Array(zip(changes, stamps))
        if let replacement {
            remaining[index].0 = replacement
        } else {
            remaining.remove(at: index)
        }
        rebuild(from: remaining)
        return true
    }

    /// The keys of the stored rows with staged changes, in the order of their first change.
    var storedKeys: [RowKey] {
        order.compactMap { if case .stored(let key) = $0 { key } else { nil } }
    }

    /// Notes which stored rows of `checked` the table no longer has (`missing`): those are
    /// ``gone`` now, the others of `checked` no longer are; rows without staged changes are left out.
    mutating func noteRows(checked: Set<RowKey>, missing: Set<RowKey>) {
        gone = gone.subtracting(checked).union(missing).filter { ordered.contains(.stored($0)) }
    }

    /// Drops every change, returning how many there were.
    @discardableResult
    mutating func revert() -> Int {
        defer { self = StagedEdits() }
        return count
    }

    /// Replaces SQLite's verdict on every new row, in every change that holds one, with `check`'s
    /// (the data changed since): the values given stay as they are.
    mutating func recheckNewRows(_ check: (NewRow) -> NewRow) {
        rebuild(from: zip(changes, stamps).map { (Self.recheck($0.0, check), $0.1) })
    }

    /// Whether a new row was staged while the database was locked and is not judged yet.
    var hasUncheckedNewRows: Bool {
        newRowsByNumber.values.contains { $0.isUnchecked }
    }

    // MARK: - What the grid shows

    /// The staged value of `column` in the row with `key`, if one is staged (the latest wins).
    func value(key: RowKey, column: String) -> SQLValue? {
        cells[key]?[column]
    }

    /// Every staged value of the row with `key`, by column (the latest of each).
    func cells(of key: RowKey) -> [String: SQLValue] {
        cells[key] ?? [:]
    }

    /// Whether the row with `key` is staged for deletion.
    func isDeleted(_ key: RowKey) -> Bool {
        deleted.contains(key)
    }

    /// Whether any stored row is staged for deletion.
    var hasDeletions: Bool {
        !deleted.isEmpty
    }

    /// The values the row with `key` was first read with, when a change to it is staged.
    func original(of key: RowKey) -> [String: SQLValue]? {
        originals[key]
    }

    /// The new rows, in the order they were added: the grid shows them after the table's rows.
    var newRows: [NewRow] {
        newNumbers.compactMap { newRowsByNumber[$0] }
    }

    /// The new row numbered `number`, unless it was discarded.
    func newRow(_ number: Int) -> NewRow? {
        newRowsByNumber[number]
    }

    /// The new rows SQLite refuses as they are: a commit waits until they are fixed.
    var refusedNewRows: [NewRow] {
        newRows.filter { $0.refusal != nil }
    }

    // MARK: - What a commit applies

    /// The edits to apply, one per row in the order rows were first changed: the cell changes of a
    /// row merged into one update (the latest value of each column), a deletion replacing them,
    /// a new row inserted with the values given.
    var rowEdits: [RowEdit] {
        rowEdits(includingNewRows: true)
    }

    /// ``rowEdits(includingNewRows:)`` with the stamp of each row's first change: the commit
    /// interleaves the tables' edits by it (see ``StagingState/commitRuns(includingNewRows:)``).
    func stampedRowEdits(includingNewRows: Bool) -> [(stamp: Int, edit: RowEdit)] {
        order.compactMap { row in
            rowEdit(of: row, includingNewRows: includingNewRows).map { (rowStamps[row] ?? 0, $0) }
        }
    }

    /// ``rowEdits``, with or without the inserts of the new rows.
    func rowEdits(includingNewRows: Bool) -> [RowEdit] {
        order.compactMap { rowEdit(of: $0, includingNewRows: includingNewRows) }
    }

    /// The edit a commit applies for `row`, nil when it writes nothing.
    private func rowEdit(of row: RowRef, includingNewRows: Bool) -> RowEdit? {
        switch row {
        case .stored(let key):
            let original = originals[key] ?? [:]
            if deleted.contains(key) {
                return .delete(key: key.values, original: original)
            }
            guard let changes = cells[key], !changes.isEmpty else {
                return nil
            }
            return .update(key: key.values, original: original, changes: changes)
        case .new(let number):
            guard includingNewRows else {
                return nil
            }
            return newRowsByNumber[number].map { .insert(values: $0.values) }
        }
    }

    // MARK: - Private

    /// Stages `changes` anew with their stamps, keeping the numbering of new rows.
    private mutating func rebuild(from changes: [(StagedEdit, Int)]) {
        let (next, wasGone) = (nextNewRowNumber, gone)
        self = StagedEdits()
        nextNewRowNumber = next
        for (change, stamp) in changes {
            stage(change, stamp: stamp)
        }
        gone = wasGone.filter { ordered.contains(.stored($0)) }
    }

    /// `change` with the new row it holds (if any) checked again by `check`.
    private static func recheck(_ change: StagedEdit, _ check: (NewRow) -> NewRow) -> StagedEdit {
        switch change {
        case .insert(let row): .insert(check(row))
        case .newCell(let column, let value, let row): .newCell(column: column, value: value, row: check(row))
        case .batch(let changes): .batch(changes.map { recheck($0, check) })
        case .cell, .delete, .discard: change
        }
    }

    /// Updates what the grid and a commit read for a change just staged.
    private mutating func absorb(_ change: StagedEdit, stamp: Int) {
        for part in change.parts {
            if let row = part.row, !ordered.contains(row) {
                order.append(row)
                ordered.insert(row)
                rowStamps[row] = stamp
                switch row {
                case .new(let number): newNumbers.append(number)
                case .stored: storedRowCount += 1
                }
            }
            switch part {
            case .cell(let key, let column, let value, let original):
                cells[key, default: [:]][column] = value
                originals[key] = originals[key] ?? original
            case .delete(let key, let original):
                deleted.insert(key)
                originals[key] = originals[key] ?? original
            case .insert(let row), .newCell(_, _, let row):
                newRowsByNumber[row.number] = row
                nextNewRowNumber = max(nextNewRowNumber, row.number + 1)
            case .discard(let number):
                newRowsByNumber[number] = nil
            case .batch:
                break
            }
        }
    }
}
