/// The changes one transaction committed: row-level where SQLite reports rows, and every table touched
/// (including `WITHOUT ROWID` tables, whose rows the update hook does not report).
///
/// Rows are recorded as the update hook reports them, one per row written, so they are kept compact:
/// 16 bytes a row (its rowid, its table as an index, its operation and origin), with the key and the
/// changed columns stored apart for the rows that need them. ``rows`` makes ``RowChange`` values.
public struct ChangeSet: Sendable {
    /// Every table that changed.
    public internal(set) var tables: Set<String> = []
    /// Tables whose changes came with no row detail (`WITHOUT ROWID`, or another process).
    public internal(set) var tablesWithoutRowDetail: Set<String> = []
    /// Tables with at least one row-level change (kept as rows are appended, not searched for).
    var tablesWithRows: Set<String> = []
    /// Whether another connection or process committed these changes (then only tables are known).
    public internal(set) var isExternal = false

    private var entries: [Entry] = []
    /// The tables of `entries`, by index.
    private var tableNames: [String] = []
    /// Keys and changed columns of the entries that carry them.
    private var details: [Detail] = []

    /// One row-level change.
    private struct Entry {
        let rowID: Int64
        /// Operation (2 bits), origin (2 bits), table index (the rest).
        let packed: UInt32
        /// `noDetail`, `keyIsRowID`, or an index into `details`.
        let detail: Int32

        static let noDetail: Int32 = -1
        static let keyIsRowID: Int32 = -2

        init(rowID: Int64, table: Int, operation: RecordOperation, origin: ChangeOrigin, detail: Int32) {
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
            self.packed = operationBits | originBits << 2 | UInt32(table) << 4
            self.detail = detail
        }

        var table: Int { Int(packed >> 4) }

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
    public var rows: [RowChange] { entries.indices.map(row) }

    /// The number of row-level changes (the count of ``rows``, without making them).
    public var rowCount: Int { entries.count }

    private func row(_ index: Int) -> RowChange {
        let entry = entries[index]
        let key: SQLValue?
        let columns: [String]?
        switch entry.detail {
        case Entry.noDetail: (key, columns) = (nil, nil)
        case Entry.keyIsRowID: (key, columns) = (.integer(entry.rowID), nil)
        default: (key, columns) = (details[Int(entry.detail)].key, details[Int(entry.detail)].changedColumns)
        }
        return RowChange(
            table: tableNames[entry.table], operation: entry.operation, rowID: entry.rowID, origin: entry.origin,
            key: key, changedColumns: columns)
    }

    /// Calls `body` with each row-level change to `table`, in order; rows of other tables, and the
    /// rows objects wrote unless `includingObjectWrites`, are skipped without being made.
    func forEachRow(inTable table: String, includingObjectWrites: Bool = true, _ body: (RowChange) -> Void) {
        guard let index = tableNames.firstIndex(of: table) else { return }
        for position in entries.indices where entries[position].table == index {
            if !includingObjectWrites && entries[position].origin == .object { continue }
            body(row(position))
        }
    }

    // MARK: - Recording

    mutating func append(_ change: RowChange) {
        appendRow(
            table: change.table, operation: change.operation, rowID: change.rowID, origin: change.origin,
            key: change.key, changedColumns: change.changedColumns)
    }

    /// Records one row-level change.
    mutating func appendRow(
        table: String, operation: RecordOperation, rowID: Int64, origin: ChangeOrigin, key: SQLValue?,
        changedColumns: [String]?
    ) {
        let tableIndex = index(ofTable: table)
        let detail: Int32
        if changedColumns == nil, key == nil {
            detail = Entry.noDetail
        } else if changedColumns == nil, case .integer(rowID) = key {
            detail = Entry.keyIsRowID
        } else {
            detail = Int32(details.count)
            details.append(Detail(key: key, changedColumns: changedColumns))
        }
        entries.append(Entry(rowID: rowID, table: tableIndex, operation: operation, origin: origin, detail: detail))
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

    mutating func appendTableOnly(_ table: String) {
        tables.insert(table)
        tablesWithoutRowDetail.insert(table)
    }

    /// Forgets the row-level changes from position `count` on (a failed statement, a rolled-back
    /// savepoint); the tables stay as the caller sets them.
    mutating func removeRows(from count: Int) {
        guard count < entries.count else { return }
        let firstDetail = entries[count...].lazy.map(\.detail).first { $0 >= 0 }
        entries.removeSubrange(count...)
        if let firstDetail { details.removeSubrange(Int(firstDetail)...) }
        // Tables are numbered in order of first use: those first used by the removed rows are the
        // last ones, and go with them, so the next row of such a table counts it as changed again.
        let used = (entries.lazy.map(\.table).max() ?? -1) + 1
        tableNames.removeSubrange(used...)
        tablesWithRows = Set(tableNames)
    }

    mutating func merge(_ other: ChangeSet) {
        if entries.isEmpty && tableNames.isEmpty {
            // The common case (one transaction's changes into an empty set): take them whole.
            let tables = self.tables.union(other.tables)
            let withoutDetail = tablesWithoutRowDetail.union(other.tablesWithoutRowDetail)
            let external = isExternal || other.isExternal
            self = other
            self.tables = tables
            self.tablesWithoutRowDetail = withoutDetail
            self.isExternal = external
            return
        }
        let tableMap = other.tableNames.map { index(ofTable: $0) }
        for entry in other.entries {
            var detail = entry.detail
            if detail >= 0 {
                details.append(other.details[Int(detail)])
                detail = Int32(details.count - 1)
            }
            entries.append(
                Entry(
                    rowID: entry.rowID, table: tableMap[entry.table], operation: entry.operation,
                    origin: entry.origin, detail: detail))
        }
        tables.formUnion(other.tables)
        tablesWithRows.formUnion(other.tablesWithRows)
        tablesWithoutRowDetail.formUnion(other.tablesWithoutRowDetail)
        isExternal = isExternal || other.isExternal
    }
}

extension ChangeSet: Equatable {
    /// Equal when the same rows changed in the same order and the same tables changed.
    public static func == (lhs: ChangeSet, rhs: ChangeSet) -> Bool {
        lhs.tables == rhs.tables && lhs.tablesWithoutRowDetail == rhs.tablesWithoutRowDetail
            && lhs.rowCount == rhs.rowCount && lhs.rows == rhs.rows
    }
}
