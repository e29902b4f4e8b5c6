import ORMCore
import Synchronization

/// A ``RowSource`` over a table or view, read through ORMCore: a ``DynamicTable`` query with the
/// filter and sort, fetched as a batched `ResultSet`.
///
/// The result set reads its first window at once, so the first screen never waits, and builds its
/// snapshot of keys in the background; once it exists any position is read by key (a jump to the
/// last row of a sorted million-row table reads one window), and the snapshot's size is the row
/// count. Until then ``isCounting`` is true and positions past the first window wait for it.
///
/// ```swift
/// let source = try TableSource(table: database.table("orders"))
/// let sorted = try source.applying(sort: GridSort(column: 2, descending: true), filter: "total > 10")
/// let firstRows = try sorted.rows(0..<40)
/// ```
final class TableSource: RowSource, Sendable {
    /// Records read per window of the result set.
    static let windowSize = 256

    /// The table read.
    let table: DynamicTable
    /// The columns shown (hidden generated columns are left out), the computed ones last.
    let columns: [GridColumn]
    /// The columns computed from the others (`=`), read after the table's own.
    let computed: [ComputedColumn]
    /// Other tables joined to the view (`J`), in the order joined, each on the view the ones
    /// before it made; their columns are read after the computed ones.
    let joins: [TableJoin]
    /// The declared types of the joined tables' columns (``joins``'), in their order.
    let joinedTypes: [String]
    /// The sort order.
    let sort: GridSort?
    /// The filter expression.
    let filter: String?
    /// The rows of a frequency table's group these are restricted to (its values bound), besides
    /// the filter; nil for the whole table.
    let group: RowGroup?
    /// The query the rows come from, with the filter and sort; its records keep the start of
    /// long values only, and on SQLite its statement reads marks in their place (``ORMCore/ValueCut``).
    let query: Query<DynamicRecord>
    /// The same query reading every value whole (an export's).
    let wholeQuery: Query<DynamicRecord>
    /// The rows.
    private let results: ResultSet<DynamicRecord>
    /// Where the shown columns start in a record's values (key columns not shown come first).
    private let firstShownValue: Int
    /// Stops the key snapshot's read (the grid's count) when it is given up on.
    private let counting: Interruption
    /// Why the count was stopped, once it was.
    private let stopReason = Mutex<String?>(nil)
    /// When the source was made, and its key snapshot started.
    let countingSince = ContinuousClock.now
    /// The kinds the columns are shown by when not their declared types' (a statement's results,
    /// stored without types: ``ResultStore``).
    private let kinds: [ColumnKind]?
    /// The store of a statement's results this source reads, kept while the source is.
    let resultStore: ResultStore?

    /// Opens `table` with an optional sort and filter and reads the first window, under
    /// `interruption` when given (the key snapshot too: interrupting it later stops the count).
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression, the
    ///   database's error when the filter or the sort is not valid, or fails on the first rows (an
    ///   integer overflow, say).
    /// `kinds`, when given, are the shown columns' kinds instead of their declared types'; the
    /// source keeps `store` (a statement's results, ``ResultStore``) as long as it lives. The
    /// `computed` columns follow the table's own (the filter and sort may name them), then the
    /// columns of the tables `joins` join.
    init(table: DynamicTable, sort: GridSort? = nil, filter: String? = nil, group: RowGroup? = nil, interruption: Interruption? = nil,
         kinds: [ColumnKind]? = nil, keeping store: ResultStore? = nil, computing computed: [ComputedColumn] = [],
         joining joins: [TableJoin] = [], joinedTypes: [String] = []) throws {
        self.table = table
        self.computed = computed
        self.joins = joins
        self.joinedTypes = joinedTypes
        self.group = group
        self.kinds = kinds
        resultStore = store
        let shown = table.info.columns.filter { $0.generated != .hidden }
        columns = shown.enumerated().map { index, column in
            let kind = kinds.flatMap { $0.indices.contains(index) ? $0[index] : nil }
                ?? Self.kind(ofDeclaredType: column.declaredType, on: table.database.dialect.kind)
            return GridColumn(name: column.name, kind: kind, isKey: table.info.primaryKey.contains(column.name))
        } + computed.map { GridColumn(name: $0.name, isComputed: true) }
            + Self.joinedColumns(joins, types: joinedTypes, on: table.database.dialect.kind)
        let names = columns.map(\.name)
        self.sort = sort.flatMap { $0.keeping(names.indices) }
        let trimmed = filter?.trimmedWhitespace
        self.filter = (trimmed?.isEmpty ?? true) ? nil : trimmed
        firstShownValue = max(0, table.entity.columns.count - shown.count)
        // Records keep the first bytes of long values: what is drawn costs what is shown.
        let nullsLast = store?.isFromPostgres ?? false
        let query = try Self.view(of: table.query(cuttingValuesAt: GridValue.keptTextBytes, computing: computed, joining: joins), filter: self.filter,
                                  group: group, sort: self.sort, names: names, nullsLast: nullsLast, dialect: table.database.dialect)
        try query.validate()
        self.query = query
        wholeQuery = try Self.view(of: table.query(cuttingValuesAt: nil, computing: computed, joining: joins), filter: self.filter, group: group,
                                   sort: self.sort, names: names, nullsLast: nullsLast, dialect: table.database.dialect)
        // The source is read under `interruption` (an opening's, a sort's: it stops the first
        // window too), or one of its own; either stops the key snapshot later (``stopCounting(_:)``).
        let counting = interruption ?? Interruption()
        self.counting = counting
        results = try counting.run { try query.batch(Self.windowSize).fetch() }
        if let error = results.firstWindowError {
            throw error
        }
    }

    /// `base` with `filter`, `group` and `sort` (over the columns shown, by their `names`); with
    /// `nullsLast`, NULLs sort as PostgreSQL sorts them (after every value ascending, before
    /// them descending) where SQLite would put them first ascending.
    private static func view(of base: Query<DynamicRecord>, filter: String?, group: RowGroup?, sort: GridSort?, names: [String],
                             nullsLast: Bool = false, dialect: SQLDialect) throws -> Query<DynamicRecord> {
        var query = base
        if let filter {
            query = query.where(try SQL.userExpression(filter, in: dialect))
        }
        if let group {
            query = query.where(group.condition)
        }
        // ORMCore puts the row key after these keys: rows that tie keep one order.
        for key in sort?.keys ?? [] {
            if nullsLast {  // `x IS NULL` is 0 for a value, 1 for NULL: NULLs last ascending, first descending
                query = query.orderBy(quoteIdentifier(names[key.column]) + " IS NULL", descending: key.descending)
            }
            query = query.orderBy(quoteIdentifier(names[key.column]), descending: key.descending)
        }
        return query
    }

    /// The table's name (`query` for a statement's results), and the group it is restricted to.
    var title: String {
        group.map { "\(table.name) where \($0.label)" } ?? table.name
    }

    /// The number of rows once the key snapshot exists (or the first window showed them all).
    var knownCount: Int? {
        results.knownCount
    }

    /// Whether the key snapshot is still being built.
    var isCounting: Bool {
        !results.isSnapshotReady
    }

    /// Tables and views can always be sorted and filtered.
    var supportsSortAndFilter: Bool {
        true
    }

    /// How many leading columns are key columns: the grid keeps them visible when scrolling right.
    var leadingKeyColumns: Int {
        columns.prefix { $0.isKey }.count
    }

    /// Why the count was stopped, nil unless it was.
    var countStopped: String? {
        stopReason.withLock { $0 }
    }

    /// Stops reading the key snapshot, if it is still being read.
    func stopCounting(_ reason: String) {
        guard isCounting else {
            return
        }
        stopReason.withLock { $0 = $0 ?? reason }
        counting.interrupt()
    }

    /// The number of rows, waiting for the key snapshot if needed.
    func count() throws -> Int {
        if let error = results.snapshotError {
            throw countStopped.map { CountStoppedError(reason: $0) } ?? error
        }
        return results.count
    }

    /// The number of rows, with the last rows read at once instead of after the key snapshot (a
    /// jump to the end of a big sorted table reads a count and the last rows, not every key).
    func loadLastRows() throws -> Int {
        try results.loadLastRows()
    }

    /// Whether `row` can be read without waiting for the key snapshot.
    func canRead(row: Int) -> Bool {
        results.isSnapshotReady || results.recordIfAvailable(at: row) != nil
    }

    /// The rows at `range`; fewer at the end of the data.
    ///
    /// - Throws: the database's error when a row in `range` could not be read (a server gone):
    ///   such a row is never shown as a row of NULLs.
    func rows(_ range: Range<Int>) throws -> [SourceRow] {
        var rows: [SourceRow] = []
        rows.reserveCapacity(range.count)
        for position in range {
            guard let record = try record(at: position) else {
                break
            }
            if record.isDeleted, let error = results.windowError {
                throw RowsNotRead(firstRow: position, reason: error)
            }
            rows.append(row(of: record))
        }
        return rows
    }

    /// The position of the row with `key` (waiting for the key snapshot).
    func index(ofKey key: RowKey) throws -> Int? {
        results.index(ofKey: key.values)
    }

    /// The first row in `rows` that `search` matches in the shown columns (text as SQLite prints
    /// it, ignoring case; a pattern through `REGEXP`).
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool) throws -> Int? {
        try find(search, in: rows, forward: forward, isCancelled: { false })
    }

    /// The same, asking `isCancelled` between statements (from a search in the background) and
    /// telling `progress` how many of `rows` each has checked so far.
    ///
    /// - Throws: `CancellationError` once `isCancelled` says so, or the database's error.
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool, isCancelled: @Sendable () -> Bool,
              progress: @Sendable (Int) -> Void = { _ in }) throws -> Int? {
        guard !columns.isEmpty else {
            return nil
        }
        // Texts are read by rowid only where values spill over their page: a miss on a million
        // rows takes twice as long that way.
        let condition = search.condition(
            columns: columns.map(\.name), in: table.database.dialect, longValues: try longValueReads(texts: hasOverflowPages()),
            numbers: numberColumns)
        return try results.firstIndex(matching: condition, in: rows, forward: forward, isCancelled: isCancelled, progress: progress)
    }

    /// The shown columns of row `row` that `search` matches as ``find(_:in:forward:)`` compares
    /// them, asked of SQLite by the row's key (text folded, after `CAST(… AS TEXT)`: a blob by all
    /// its bytes, a number as SQLite writes it), in order; empty when the row is gone.
    func columns(matching search: GridSearch, inRow row: Int) throws -> [Int] {
        guard !columns.isEmpty, let key = try rows(row..<(row + 1)).first?.key,
              let row = try table.evaluate(
                search.tests(columns: columns.map(\.name), in: table.database.dialect, longValues: try longValueReads(texts: true),
                             numbers: numberColumns),
                onRowWithKey: key.values, computing: computed, joining: joins)
        else {
            return []
        }
        return row.indices.filter { row[$0] == .integer(1) }
    }

    /// The rows with `keys` as they are now, read by key (a row gone is left out): the rows on
    /// screen, read again first after committed changes. Their long values are cut as the grid's
    /// (a 50 MB value is not read whole to show its first line).
    func rows(withKeys keys: [RowKey]) throws -> [RowKey: SourceRow] {
        var found: [RowKey: SourceRow] = [:]
        for key in keys {
            guard let row = try row(withKey: key, cuttingValuesAt: GridValue.keptTextBytes) else {
                continue
            }
            found[key] = row
        }
        return found
    }

    /// `values` (a row of this source, with key `key`) with the texts the grid keeps only the start
    /// of read again up to `textBytes` bytes (the record view shows more of them). In a rowid
    /// table of a UTF-8 file only those bytes are read (SQLite's incremental I/O); otherwise the
    /// row is read again by key, which has SQLite load each long value whole once. Nil when the
    /// row is gone.
    func longerValues(_ values: [GridValue], key: RowKey, textBytes: Int) throws -> [GridValue]? {
        let database = table.database
        guard joins.isEmpty, table.entity.hasIntegerKey, table.info.kind == .table, key.values.count == 1,
              case .integer(let rowID) = key.values[0], values.count == columns.count,
              try database.storesUTF8() else {
            return try row(withKey: key, cuttingValuesAt: textBytes)?.values
        }
        return try values.indices.map { index in
            guard case .longText = values[index], !columns[index].isComputed,
                  let (bytes, size) = try database.valuePrefix(table: table.name, column: columns[index].name,
                                                               rowID: rowID, count: textBytes) else {
                return values[index]
            }
            var end = bytes.count
            if size > end, var start = bytes.indices.last {
                // The last character, kept only when all its bytes came.
                while start > 0 && bytes[start] & 0xC0 == 0x80 {
                    start -= 1
                }
                if bytes.count - start != Self.utf8Length(lead: bytes[start]) {
                    end = start
                }
            }
            let text = String(decoding: bytes[..<end], as: UTF8.self)
            return size > end ? .longText(prefix: text, byteCount: size) : .text(text)
        }
    }

    /// How many bytes the UTF-8 sequence starting with `lead` takes.
    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// The row with `key` as it is now, its long values cut at `limit` bytes instead of the grid's;
    /// nil when it is gone.
    func row(withKey key: RowKey, cuttingValuesAt limit: Int) throws -> SourceRow? {
        let values = key.values
        let keyColumns = table.entity.keyColumns
        guard !values.isEmpty, keyColumns.count == values.count else {
            return nil
        }
        guard joins.allSatisfy(\.keepsRows) else {
            return nil
        }
        var query = table.query(cuttingValuesAt: limit, computing: computed, joining: joins)
        for (column, value) in zip(keyColumns, values) {
            query = query.where("\(identifier: table.name).\(identifier: column) = \(value)")
        }
        return try query.first().map(row(of:))
    }

    /// The whole value of column `column` in the row with `key` (`y`, `E`: a cell whose value the
    /// grid keeps only the start of); nil when the row is gone.
    func wholeValue(ofColumn column: Int, key: RowKey) throws -> SQLValue? {
        guard columns.indices.contains(column), let record = try table.record(key: key.values, computing: computed, joining: joins), !record.isDeleted,
              record.values.indices.contains(firstShownValue + column) else {
            return nil
        }
        return record.values[firstShownValue + column]
    }

    /// A new source over the same table with this order and filter.
    func applying(sort: GridSort?, filter: String?) throws -> RowSource {
        try changed(sort: sort, filter: filter)
    }

    /// A new source over the same table (the same column kinds, the same results kept) with this
    /// order and filter, and these computed columns when given (else its own), read under
    /// `interruption` when given (a sort in the background).
    func changed(sort: GridSort?, filter: String?, computing: [ComputedColumn]? = nil, interruption: Interruption? = nil) throws
        -> TableSource {
        try TableSource(table: table, sort: sort, filter: filter, group: group, interruption: interruption, kinds: kinds, keeping: resultStore,
                        computing: computing ?? computed, joining: joins, joinedTypes: joinedTypes)
    }

    /// The rows of `group` in this view (its order and filter), read under `interruption`.
    func restricted(to group: RowGroup, interruption: Interruption? = nil) throws -> TableSource {
        try TableSource(table: table, sort: sort, filter: filter, group: group, interruption: interruption, kinds: kinds, keeping: resultStore,
                        computing: computed, joining: joins, joinedTypes: joinedTypes)
    }

    /// The same view read afresh (the table's schema too, which may have changed).
    func reloaded() throws -> RowSource {
        try refreshed()
    }

    /// The same view read afresh, as a table source (for a refresh in the background).
    func refreshed() throws -> TableSource {
        let fresh = try table.database.table(table.name)
        let sameColumns = fresh.info.columns.map(\.name) == table.info.columns.map(\.name)
        return try TableSource(table: fresh, sort: sameColumns ? sort : nil, filter: filter, group: group, kinds: kinds, keeping: resultStore,
                               computing: computed, joining: joins, joinedTypes: joinedTypes)
    }

    // MARK: - Private

    /// The record at `position`: at once when it is in memory or the snapshot exists, else after
    /// waiting for the snapshot. Nil past the end.
    private func record(at position: Int) throws -> DynamicRecord? {
        if let record = results.recordIfAvailable(at: position) {
            return record
        }
        if results.isSnapshotReady {
            if let error = results.snapshotError {
                throw countStopped.map { CountStoppedError(reason: $0) } ?? error
            }
            return nil
        }
        if let known = results.knownCount, position >= known {
            return nil
        }
        return position < (try count()) ? results[position] : nil
    }

    /// The grid row of a record: its shown values and its key. A row deleted since the snapshot
    /// shows NULLs until the next refresh drops it.
    private func row(of record: DynamicRecord) -> SourceRow {
        let key = record.key.isEmpty ? nil : RowKey(values: record.key)
        guard !record.isDeleted, record.values.count >= firstShownValue + columns.count else {
            return SourceRow(values: Array(repeating: .null, count: columns.count), key: key)
        }
        let shown = firstShownValue..<(firstShownValue + columns.count)
        return SourceRow(values: shown.map { GridValue(record.values[$0], fullSize: record.fullSizes[$0]) }, key: key)
    }
}
