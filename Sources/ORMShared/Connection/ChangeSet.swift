/// The changes one transaction committed: row-level where SQLite reports rows, and every table touched
/// (including `WITHOUT ROWID` tables, whose rows the update hook does not report).
///
/// On a database without SQLite's hooks, ORMCore fills it from its own writes: objects' rows with
/// their keys, dynamic tables' edits, and raw SQL as its tables, each table written by raw SQL in
/// ``tablesWithoutRowDetail`` even when rows of it are listed too.
///
/// Rows are recorded as the update hook reports them, one call per row written, so they are kept
/// compact: consecutive rows of one table, operation and origin with consecutive rowids and no detail
/// beyond the rowid (a batch of inserted objects with integer keys, an `INSERT … SELECT`) are one
/// 16-byte run; rows that carry a key other than their rowid or the columns they changed are stored
/// one by one, their detail apart. ``rows`` makes ``RowChange`` values.
public struct ChangeSet: Sendable {
    /// Every table that changed.
    public package(set) var tables: Set<String> = []
    /// Tables whose changes came with no row detail (`WITHOUT ROWID`, or another process).
    public package(set) var tablesWithoutRowDetail: Set<String> = []
    /// Tables with at least one row-level change (kept as rows are appended, not searched for).
    package var tablesWithRows: Set<String> = []
    /// Whether another connection or process committed these changes (then only tables are known).
    public package(set) var isExternal = false
    /// Tables named only because which ones changed is not known yet: on PostgreSQL, the server's
    /// snapshot told that another session committed, and every table was named at once. Those of
    /// them that did change are named again, without this mark, once the server's statistics or a
    /// trigger tell (about 1 to 10 s later). Empty on SQLite, whose "every table" is final, and for
    /// views (they have no statistics: the snapshot's word is the last one). An observer may leave
    /// these for later where reading them again is costly (a count of a big table).
    public package(set) var unconfirmedTables: Set<String> = []

    @usableFromInline var entries: [Entry] = []
    /// The tables of `entries`, by index.
    @usableFromInline var tableNames: [String] = []
    /// Keys and changed columns of the entries that carry them.
    private var details: [Detail] = []

    /// The number of row-level changes (the count of ``rows``, without making them).
    public var rowCount: Int { countedRows }
    /// ``rowCount``'s storage, counted by the inlined ``extendRun(table:operation:origin:keyIsRowID:rowID:)``.
    @usableFromInline var countedRows = 0

    /// How many entries hold the rows: single rows and runs (what the encoding saves, for tests).
    var storedEntryCount: Int { entries.count }

    /// One row-level change, or a run of them.
    @usableFromInline
    struct Entry: Sendable {
        /// The rowid of the (first) row.
        @usableFromInline let rowID: Int64
        /// Operation (2 bits), origin (2 bits), whether the key is the rowid (1 bit), table index (the rest).
        @usableFromInline let packed: UInt32
        /// An index into `details` (one row), or minus the number of rows in the run: rows with
        /// consecutive rowids from `rowID` on, with no detail but the key being the rowid.
        @usableFromInline var detail: Int32

        init(rowID: Int64, packed: UInt32, detail: Int32) {
            self.rowID = rowID
            self.packed = packed
            self.detail = detail
        }

        @inlinable
        init(
            rowID: Int64, table: Int, operation: RecordOperation, origin: ChangeOrigin, keyIsRowID: Bool,
            detail: Int32
        ) {
            let operationBits: UInt32 =
                switch operation {
                case .insert: 0
                case .update: 1
                case .delete: 2
                }
            let originBits: UInt32 =
                switch origin {
                case .object: 0
                case .sql: 1
                case .external: 2
                }
            self.rowID = rowID
            self.packed = operationBits | originBits << 2 | (keyIsRowID ? 1 : 0) << 4 | UInt32(table) << 5
            self.detail = detail
        }

        /// The bits of `packed` below the table index.
        @inlinable static var flagMask: UInt32 { 0x1F }

        @inlinable var table: Int { Int(packed >> 5) }
        var keyIsRowID: Bool { packed >> 4 & 1 == 1 }
        /// How many rows the entry stands for.
        @inlinable var count: Int { detail < 0 ? -Int(detail) : 1 }

        var operation: RecordOperation {
            switch packed & 3 {
            case 0: .insert
            case 1: .update
            default: .delete
            }
        }

        var origin: ChangeOrigin {
            switch packed >> 2 & 3 {
            case 0: .object
            case 1: .sql
            default: .external
            }
        }

        func withTable(_ table: Int) -> Entry {
            Entry(rowID: rowID, packed: packed & Self.flagMask | UInt32(table) << 5, detail: detail)
        }
    }

    private struct Detail {
        let key: SQLValue?
        let changedColumns: [String]?
    }

    /// Makes an empty change set.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { tables.isEmpty }

    /// Row-level changes, in the order they happened.
    public var rows: [RowChange] {
        var rows: [RowChange] = []
        rows.reserveCapacity(countedRows)
        for entry in entries { forEachRow(of: entry) { rows.append($0) } }
        return rows
    }

    /// Calls `body` with each row `entry` stands for.
    private func forEachRow(of entry: Entry, _ body: (RowChange) -> Void) {
        let table = tableNames[entry.table]
        guard entry.detail < 0 else {
            let detail = details[Int(entry.detail)]
            body(
                RowChange(
                    table: table, operation: entry.operation, rowID: entry.rowID, origin: entry.origin,
                    key: detail.key, changedColumns: detail.changedColumns))
            return
        }
        for offset in 0..<Int64(entry.count) {
            let rowID = entry.rowID + offset
            body(
                RowChange(
                    table: table, operation: entry.operation, rowID: rowID, origin: entry.origin,
                    key: entry.keyIsRowID ? .integer(rowID) : nil))
        }
    }

    /// Calls `body` with each row-level change to `table`, in order; rows of other tables, and the
    /// rows objects wrote unless `includingObjectWrites`, are skipped without being made.
    package func forEachRow(inTable table: String, includingObjectWrites: Bool = true, _ body: (RowChange) -> Void) {
        guard let index = tableNames.firstIndex(of: table) else { return }
        for entry in entries where entry.table == index {
            if !includingObjectWrites && entry.origin == .object { continue }
            forEachRow(of: entry, body)
        }
    }

    // MARK: - Recording

    package mutating func append(_ change: RowChange) {
        appendRow(
            table: change.table, operation: change.operation, rowID: change.rowID, origin: change.origin,
            key: change.key, changedColumns: change.changedColumns)
    }

    /// Records one row-level change. A row that continues the last run (same table, operation and
    /// origin, the next rowid, and no detail but the key being the rowid, as each object of a batch
    /// insert) only lengthens it.
    package mutating func appendRow(
        table: String, operation: RecordOperation, rowID: Int64, origin: ChangeOrigin, key: SQLValue?,
        changedColumns: [String]?
    ) {
        let tableIndex = index(ofTable: table)
        countedRows += 1
        let keyIsRowID = changedColumns == nil && key == .integer(rowID)
        var detail: Int32 = -1
        if !keyIsRowID && (key != nil || changedColumns != nil) {
            detail = Int32(details.count)
            details.append(Detail(key: key, changedColumns: changedColumns))
        }
        let entry = Entry(
            rowID: rowID, table: tableIndex, operation: operation, origin: origin, keyIsRowID: keyIsRowID,
            detail: detail)
        if detail < 0, let last = entries.indices.last, entries[last].packed == entry.packed,
            entries[last].detail < 0, entries[last].detail > Int32.min,
            entries[last].rowID &+ Int64(entries[last].count) == rowID
        {
            entries[last].detail -= 1
        } else {
            entries.append(entry)
        }
    }

    /// Adds one row to the last entry when the row continues it: a run of `table`, `operation` and
    /// `origin` (and the key being the rowid exactly when `keyIsRowID`) that ends just before
    /// `rowID`. Returns false, recording nothing, otherwise. The update hook tries it before
    /// ``appendRow(table:operation:rowID:origin:key:changedColumns:)``: every row of a batch insert
    /// but the first is recorded here, with no table lookup and no key compared.
    @inlinable
    package mutating func extendRun(
        table: String, operation: RecordOperation, origin: ChangeOrigin, keyIsRowID: Bool, rowID: Int64
    ) -> Bool {
        guard let last = entries.indices.last else { return false }
        let entry = entries[last]
        let flags = Entry(rowID: 0, table: 0, operation: operation, origin: origin, keyIsRowID: keyIsRowID, detail: 0)
        guard entry.detail < 0, entry.detail > Int32.min, entry.rowID &+ Int64(entry.count) == rowID,
            entry.packed & Entry.flagMask == flags.packed, tableNames[entry.table] == table
        else { return false }
        entries[last].detail -= 1
        countedRows += 1
        return true
    }

    /// The index of `table` in `tableNames`, added (and counted as changed) on first use. Runs of rows
    /// of one table (a batch insert) find it in the last place.
    private mutating func index(ofTable table: String) -> Int {
        if let last = tableNames.indices.last, tableNames[last] == table { return last }
        if let index = tableNames.firstIndex(of: table) { return index }
        tableNames.append(table)
        tables.insert(table)
        tablesWithRows.insert(table)
        return tableNames.count - 1
    }

    package mutating func appendTableOnly(_ table: String) {
        tables.insert(table)
        tablesWithoutRowDetail.insert(table)
    }

    /// Forgets the row-level changes from position `count` on (a failed statement, a rolled-back
    /// savepoint); the tables stay as the caller sets them. A run that straddles `count` is shortened.
    package mutating func removeRows(from count: Int) {
        guard count < countedRows else { return }
        var firstDetail: Int32?
        while let last = entries.last, countedRows - last.count >= count {
            if last.detail >= 0 { firstDetail = last.detail }
            countedRows -= last.count
            entries.removeLast()
        }
        if countedRows > count, let last = entries.indices.last {
            entries[last].detail += Int32(countedRows - count)  // fewer rows in the run
            countedRows = count
        }
        if let firstDetail { details.removeSubrange(Int(firstDetail)...) }
        // Tables are numbered in order of first use: those first used by the removed rows are the
        // last ones, and go with them, so the next row of such a table counts it as changed again.
        let used = (entries.lazy.map(\.table).max() ?? -1) + 1
        tableNames.removeSubrange(used...)
        tablesWithRows = Set(tableNames)
    }

    /// Where a set of changes stands, to return to after rolling back to a savepoint: the row count
    /// (rows are only appended) and the table sets (small).
    package struct Mark {
        package let rows: Int
        package let tables: Set<String>
        package let tablesWithRows: Set<String>
        package let tablesWithoutRowDetail: Set<String>
    }

    /// The current mark.
    package var mark: Mark {
        Mark(rows: countedRows, tables: tables, tablesWithRows: tablesWithRows, tablesWithoutRowDetail: tablesWithoutRowDetail)
    }

    /// Forgets the changes recorded since `mark` (a savepoint was rolled back).
    package mutating func discard(after mark: Mark) {
        removeRows(from: mark.rows)
        tables = mark.tables
        tablesWithRows = mark.tablesWithRows
        tablesWithoutRowDetail = mark.tablesWithoutRowDetail
    }

    package mutating func merge(_ other: ChangeSet) {
        if entries.isEmpty && tableNames.isEmpty {
            // The common case (one transaction's changes into an empty set): take them whole.
            let tables = self.tables.union(other.tables)
            let withoutDetail = tablesWithoutRowDetail.union(other.tablesWithoutRowDetail)
            let external = isExternal || other.isExternal
            let unconfirmed = mergedUnconfirmed(with: other)
            self = other
            self.tables = tables
            self.tablesWithoutRowDetail = withoutDetail
            self.isExternal = external
            self.unconfirmedTables = unconfirmed
            return
        }
        let unconfirmed = mergedUnconfirmed(with: other)
        let tableMap = other.tableNames.map { index(ofTable: $0) }
        for entry in other.entries {
            var copy = entry.withTable(tableMap[entry.table])
            if entry.detail >= 0 {
                copy.detail = Int32(details.count)
                details.append(other.details[Int(entry.detail)])
            }
            entries.append(copy)
        }
        countedRows += other.countedRows
        tables.formUnion(other.tables)
        tablesWithRows.formUnion(other.tablesWithRows)
        tablesWithoutRowDetail.formUnion(other.tablesWithoutRowDetail)
        isExternal = isExternal || other.isExternal
        unconfirmedTables = unconfirmed
    }

    /// The tables unconfirmed in this set or `other` that neither names as certainly changed.
    private func mergedUnconfirmed(with other: ChangeSet) -> Set<String> {
        guard !unconfirmedTables.isEmpty || !other.unconfirmedTables.isEmpty else { return [] }
        return unconfirmedTables.subtracting(other.tables.subtracting(other.unconfirmedTables))
            .union(other.unconfirmedTables.subtracting(tables.subtracting(unconfirmedTables)))
    }
}

extension ChangeSet: Equatable {
    /// Equal when the same rows changed in the same order and the same tables changed.
    public static func == (lhs: ChangeSet, rhs: ChangeSet) -> Bool {
        lhs.tables == rhs.tables && lhs.tablesWithoutRowDetail == rhs.tablesWithoutRowDetail
            && lhs.rowCount == rhs.rowCount && lhs.rows == rhs.rows
    }
}
