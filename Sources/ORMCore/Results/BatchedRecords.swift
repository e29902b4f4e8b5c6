import Foundation

/// The loading side of a batched ``ResultSet``: the key snapshot and a small cache of windows.
final class BatchedRecords<Record: Sendable>: Sendable {
    private struct State {
        var keys: KeySnapshot?
        var keyError: (any Error)?
        var windows: [Int: [Record]] = [:]
        var recency: [Int] = []
    }

    /// Windows kept in memory at once.
    static var maximumResidentWindows: Int { 8 }

    private let query: Query<Record>
    private let database: Database
    private let windowSize: Int
    private let state = Lock(State())
    private let snapshotReady = DispatchGroup()

    init(query: Query<Record>, database: Database, windowSize: Int) {
        self.query = query
        self.database = database
        self.windowSize = windowSize
        // The first window is read straight away with LIMIT, so it never waits for the snapshot,
        // which is built in the background.
        if let first = try? query.limit(min(windowSize, query.limitCount ?? windowSize)).fetchArray(database),
            query.offsetCount == nil
        {
            state.withLock { $0.windows[0] = first; $0.recency = [0] }
        }
        snapshotReady.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = Result { try loadKeys() }
            state.withLock { state in
                switch result {
                case .success(let keys): state.keys = keys
                case .failure(let error): state.keyError = error
                }
            }
            snapshotReady.leave()
        }
    }

    var count: Int { keys()?.count ?? 0 }

    var knownCount: Int? { state.withLock { $0.keys?.count } }

    var residentWindowCount: Int { state.withLock { $0.windows.count } }

    private func keys() -> KeySnapshot? {
        snapshotReady.wait()
        return state.withLock { $0.keys }
    }

    func record(at position: Int) -> Record {
        let window = position / windowSize
        let cached: [Record]? = state.withLock { state in
            guard let records = state.windows[window] else { return nil }
            state.recency.removeAll { $0 == window }
            state.recency.append(window)
            return records
        }
        if let cached, position % windowSize < cached.count { return cached[position % windowSize] }
        let records = loadWindow(window)
        let offset = position % windowSize
        if offset < records.count { return records[offset] }
        // Past a snapshot that could not be read: a record marked gone, never a crash.
        return query.decoder.gone(database, [])
    }

    private func loadKeys() throws -> KeySnapshot {
        if query.entity.keyColumns.isEmpty { return .positions(try query.count()) }
        let parts = try query.parts()
        let sql = query.statement(select: query.entity.keyList(alias: query.entity.table), parts: parts)
        return try database.read { connection in
            let statement = try connection.prepare(sql.text)
            try statement.bind(sql.arguments)
            if query.entity.hasIntegerKey && query.entity.keyColumns.count == 1 {
                var keys: [Int64] = []
                while try statement.step() { keys.append(statement.int64(at: 0)) }
                return .integers(keys)
            }
            var keys: [[SQLValue]] = []
            while try statement.step() { keys.append(statement.row()) }
            return .values(keys)
        }
    }

    /// Loads window `index` by its keys, in snapshot order; missing rows become records marked gone.
    private func loadWindow(_ index: Int) -> [Record] {
        guard let snapshot = keys() else { return [] }
        let start = index * windowSize
        let range = start..<min(start + windowSize, snapshot.count)
        guard !range.isEmpty else { return [] }
        if case .positions = snapshot {
            let records = (try? positionalWindow(range)) ?? []
            if records.count == range.count { cache(records, as: index) }
            return records
        }
        let keys = snapshot.keys(range)
        let records: [Record]
        do {
            let found = try fetch(keys: keys)
            records = keys.map { key in found[key] ?? query.decoder.gone(database, key) }
        } catch {
            // A window that cannot load now (a busy database, say) comes back as faults that load on
            // access, and is not cached.
            return keys.map { key in (try? query.decoder.fault(database, key)) ?? query.decoder.gone(database, key) }
        }
        cache(records, as: index)
        return records
    }

    private func cache(_ records: [Record], as index: Int) {
        state.withLock { state in
            state.windows[index] = records
            state.recency.removeAll { $0 == index }
            state.recency.append(index)
            while state.recency.count > Self.maximumResidentWindows {
                state.windows[state.recency.removeFirst()] = nil
            }
        }
    }

    /// Rows `range` of a keyless query, read with LIMIT and OFFSET.
    private func positionalWindow(_ range: Range<Int>) throws -> [Record] {
        var window = query
        window.batchSize = nil
        window.offsetCount = (query.offsetCount ?? 0) + range.lowerBound
        window.limitCount = range.count
        return try window.fetchArray(database)
    }

    /// The records with these keys (joined values included), by key.
    private func fetch(keys: [[SQLValue]]) throws -> [[SQLValue]: Record] {
        var windowQuery = query
        windowQuery.conditions = []
        windowQuery.orderings = []
        windowQuery.limitCount = nil
        windowQuery.offsetCount = nil
        windowQuery.batchSize = nil
        let entity = query.entity
        let keyColumns = entity.keyColumns.map { "\(quoteIdentifier(entity.table)).\(quoteIdentifier($0))" }
        var condition = SQL(stringLiteral: "")
        if keyColumns.count == 1 {
            condition.text = keyColumns[0] + " IN "
            condition.append(SQL("?", arguments: [keys.map { $0[0] }]))
        } else {
            condition.text = "(" + keyColumns.joined(separator: ", ") + ") IN (VALUES "
            condition.text += keys.map { "(" + Array(repeating: "?", count: $0.count).joined(separator: ", ") + ")" }
                .joined(separator: ", ") + ")"
            condition.arguments = keys.flatMap { $0 }
        }
        windowQuery.conditions = [condition]
        let parts = try windowQuery.parts()
        let positions = entity.keyColumns.compactMap { entity.columns.firstIndex(of: $0) }
        var found: [[SQLValue]: Record] = [:]
        try windowQuery.run(windowQuery.statement(select: windowQuery.recordSelect(parts), parts: parts), database, parts)
        { record, statement in
            found[positions.map { statement.value(at: Int32($0)) }] = record
        }
        return found
    }
}
