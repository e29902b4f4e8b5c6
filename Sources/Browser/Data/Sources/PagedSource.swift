import FoundationEssentials
import ORMCore

/// A ``RowSource`` over the results of a query typed at the SQL prompt, read through
/// `LIMIT`/`OFFSET` windows (tables and views are read through ORMCore: ``TableSource``).
///
/// Rows come from a ``PageCache``; the total is counted by a ``CountTask`` in the background and
/// becomes known early when a page comes back short (the end of the data). A source whose first
/// page needs every row anyway (a frequency table: grouped, then ordered by count) counts with
/// that page instead (`countsWithFirstPage`): one pass, no second reader. Make one with
/// ``query(_:in:)``.
final class PagedSource: RowSource {
    /// The database read from.
    let database: Database
    /// The statements for this relation and its options.
    let query: RelationQuery
    /// The status-bar title.
    let title: String
    /// The columns shown.
    let columns: [GridColumn]
    /// The rows read so far.
    private var cache: PageCache
    /// The background count, nil when the first page counts (``countsWithFirstPage``).
    private let counter: CountTask?
    /// Whether the first page's statement also counts every row (`count(*) OVER ()`), instead of
    /// a background count: for relations whose first page reads every row anyway.
    let countsWithFirstPage: Bool
    /// The count learnt from a short page, before the background count ends.
    private var countFromPages: Int?
    /// The keys of long values the leading columns hold (a frequency table's values): a key is
    /// shown as the start of its long value with its size, and kept in the row's ``SourceRow/groupKey``.
    /// Nil: no keys.
    let valueKeys: GroupValueKeys?
    /// The columns computed from each row's values (`=` on a frequency or a pivot table), last,
    /// in the order added; ``computedBase`` is the relation before them.
    let computed: [ComputedColumn]
    /// The relation and columns before ``computed`` were added (``computing(_:)`` starts again from them).
    let computedBase: (relation: SQL, columns: [GridColumn])

    /// Creates a source and starts counting in the background, unless `countsWithFirstPage`:
    /// then the first page, when read, counts too. Nothing is read until rows are asked for.
    /// `valueKeys`, when given, says which leading columns hold keys of long values.
    /// `computed` columns, when given, are the last of `columns`, and `base` the relation and
    /// columns before them.
    init(database: Database, query: RelationQuery, title: String, columns: [GridColumn], countsWithFirstPage: Bool = false,
         valueKeys: GroupValueKeys? = nil, computed: [ComputedColumn] = [], base: (relation: SQL, columns: [GridColumn])? = nil) {
        self.computed = computed
        computedBase = base ?? (query.relation, columns)
        self.database = database
        self.valueKeys = valueKeys
        self.query = query
        self.title = title
        self.columns = columns
        self.countsWithFirstPage = countsWithFirstPage
        // A grouped relation groups every row again for each page it reads (a frequency table of
        // 100,000 values: half a second), so it reads pages of 1,000 rows, four of them kept.
        cache = countsWithFirstPage ? PageCache(pageSize: 1_000, capacity: 4) : PageCache()
        counter = countsWithFirstPage ? nil : CountTask(database: database, sql: query.count())
    }

    /// The count if known: from the background task, the first page or a short page.
    var knownCount: Int? {
        if case .done(let count)? = counter?.state {
            return count
        }
        return countFromPages
    }

    /// Whether the background count is still running.
    var isCounting: Bool {
        counter?.state == .counting
    }

    /// When the background count started (the source was made).
    let countingSince = ContinuousClock.now

    /// Why the background count was stopped, nil unless it was.
    var countStopped: String? {
        if case .stopped(let reason)? = counter?.state {
            return reason
        }
        return nil
    }

    /// Stops the background count (the rows stay readable page by page).
    func stopCounting(_ reason: String) {
        counter?.stop(reason)
    }

    /// The sort order.
    var sort: GridSort? {
        query.sort
    }

    /// The filter expression.
    var filter: String? {
        query.filter
    }

    /// Sorting and filtering are always possible here.
    var supportsSortAndFilter: Bool {
        true
    }

    /// The count, run now on this thread when the background count has not finished.
    func count() throws -> Int {
        if let knownCount {
            return knownCount
        }
        if let countStopped {
            throw CountStoppedError(reason: countStopped)
        }
        if countsWithFirstPage {
            _ = try cachedPage(0)
            return countFromPages ?? 0
        }
        if case .integer(let count) = try database.scalar(query.count()) {
            countFromPages = Int(count)
            return Int(count)
        }
        return 0
    }

    /// The rows at `range`, read a page at a time through the cache.
    func rows(_ range: Range<Int>) throws -> [SourceRow] {
        guard let pages = cache.pageNumbers(covering: range) else {
            return []
        }
        var result: [SourceRow] = []
        for number in pages {
            let page = try cachedPage(number)
            let start = number * cache.pageSize
            for (offset, row) in page.enumerated() where range.contains(start + offset) {
                result.append(row)
            }
            if page.count < cache.pageSize {
                break
            }
        }
        return result
    }

    /// Query results have no key: rows are found by position only.
    func index(ofKey key: RowKey) throws -> Int? {
        nil
    }

    /// The next or previous row that `search` matches.
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool) throws -> Int? {
        if case .integer(let position) = try database.scalar(query.find(search, in: rows, forward: forward)) {
            return Int(position)
        }
        return nil
    }

    /// The columns of row `row` that `search` matches, asked of SQLite (which sees a blob's bytes).
    func columns(matching search: GridSearch, inRow row: Int) throws -> [Int] {
        guard !columns.isEmpty, let flags = try database.fetchRows(query.columns(matching: search, at: row)).rows.first else {
            return []
        }
        return flags.indices.filter { flags[$0] == .integer(1) }
    }

    /// A new source sorted and filtered as asked, after checking that SQLite accepts it.
    func applying(sort: GridSort?, filter: String?) throws -> RowSource {
        var changed = try query.filtered(by: filter)
        changed.sort = sort
        _ = try database.fetchRows(changed.validation())
        return PagedSource(database: database, query: changed, title: title, columns: columns, countsWithFirstPage: countsWithFirstPage,
                    valueKeys: valueKeys, computed: computed, base: computedBase)
    }

    /// The same source with an empty cache and a new count.
    func reloaded() throws -> RowSource {
        PagedSource(database: database, query: query, title: title, columns: columns, countsWithFirstPage: countsWithFirstPage,
                    valueKeys: valueKeys, computed: computed, base: computedBase)
    }

    /// Whether the row at `row` is pinned last (a pivot table's totals row: its
    /// ``RelationQuery/pinnedColumn`` not 0), as its page read it: no statement of its own, which
    /// over a pivot table would group every row again.
    func isPinned(row: Int) throws -> Bool {
        try rows(row..<(row + 1)).first?.isPinned ?? false
    }

    // MARK: - Private

    /// Page `number`, from the cache or read now.
    private func cachedPage(_ number: Int) throws -> [SourceRow] {
        if let page = cache.page(number) {
            return page
        }
        let counting = countsWithFirstPage && number == 0
        let sql = counting ? query.firstWindowCounting(limit: cache.pageSize) : query.window(offset: number * cache.pageSize, limit: cache.pageSize)
        let table = try database.fetchRows(sql)
        let pinned = query.pinnedColumn != nil
        let page = table.rows.map { values in
            var read = counting ? values.dropLast() : values[...]
            let isPinned = pinned ? read.popLast().map { $0 != .integer(0) } ?? false : false
            var shown = read.map { GridValue($0) }
            var groupKey: [SQLValue]?
            if let valueKeys {
                for index in 0..<min(valueKeys.columns, values.count) {
                    if let (start, size, _) = valueKeys.decode(values[index], column: index) {
                        shown[index] = GridValue(start, fullSize: size)
                        groupKey = Array(values.prefix(valueKeys.columns))
                    }
                }
            }
            return SourceRow(values: shown, key: nil, groupKey: groupKey, isPinned: isPinned)
        }
        cache.store(page, page: number)
        if counting {
            // Every row carries the count; no row means none.
            if case .integer(let count)? = table.rows.first?.last {
                countFromPages = Int(count)
            } else if table.rows.isEmpty {
                countFromPages = 0
            }
        } else if page.count < cache.pageSize && (page.count > 0 || number == 0) {
            countFromPages = number * cache.pageSize + page.count
        }
        return page
    }

    // MARK: - Capabilities (RowSource+Capabilities.swift)

    var relation: SQL? {
        query.relation
    }

    func rowsToExport() -> (any ExportRows)? {
        RelationRows(database: database, query: query)
    }

    /// The rows of `group` in this view: the relation restricted to it (values bound), the same
    /// filter and order, checked as ``applying(sort:filter:)`` checks.
    func restricted(to group: RowGroup) throws -> RowSource? {
        var changed = query
        changed.relation = group.restricting(query.relation)
        _ = try database.fetchRows(changed.validation())
        return PagedSource(database: database, query: changed, title: "\(title) where \(group.label)", columns: columns,
                           countsWithFirstPage: countsWithFirstPage, valueKeys: valueKeys)
    }

}
