import Dispatch
import FoundationEssentials

/// The loading side of a batched ``ResultSet``: the key snapshot and a small cache of windows.
package final class BatchedRecords<Record: Sendable>: Sendable {
    package struct State {
        package var keys: KeySnapshot?
        var keyError: (any Error)?
        package var windows: [Int: [Record]] = [:]
        var recency: [Int] = []
        /// The number of records when the first window came back short (the whole result), known
        /// before the snapshot.
        var shortFirstWindow: Int?
        /// Why the first window could not be read, if it could not.
        package var firstWindowError: (any Error)?
        /// Why the window read last could not be read, nil once one is read again.
        package var windowError: (any Error)?
        /// The count read with the last records before the snapshot existed (see `loadLastRows`).
        var earlyCount: Int?
        /// The last records read before the snapshot existed, checked against it when it arrives.
        package var tail: Tail?

        /// Keeps `records` as window `index`, dropping the least recently used windows past the limit.
        package mutating func cache(_ records: [Record], as index: Int) {
            windows[index] = records
            recency.removeAll { $0 == index }
            recency.append(index)
            while recency.count > BatchedRecords.maximumResidentWindows {
                windows[recency.removeFirst()] = nil
            }
        }
    }

    /// Windows kept in memory at once.
    static var maximumResidentWindows: Int { 8 }

    package let query: Query<Record>
    package let database: Database
    package let windowSize: Int
    package let state = Lock(State())
    /// What the last search in the set's order saw, for the next part of the same search.
    let orderedMemo = Lock<OrderedMemo?>(nil)
    private let snapshotReady = DispatchGroup()
    /// Stops the snapshot's read: the interruption the set was made under (its maker gave up), or
    /// its own, interrupted when the set is dropped (``stopSnapshot()``).
    private let snapshotInterruption: Interruption

    /// Reads the first window now and builds the key snapshot in the background (after `snapshotGate`
    /// is signalled, when one is given: tests hold the snapshot back with it). A first window SQLite
    /// refuses (or an interrupted one) is the snapshot's error too: no snapshot is read.
    init(query: Query<Record>, database: Database, windowSize: Int, snapshotGate: DispatchSemaphore? = nil) {
        self.query = query
        self.database = database
        self.windowSize = windowSize
        let interruption = Interruption.current ?? Interruption()
        snapshotInterruption = interruption
        // The first window is read straight away with LIMIT, so it never waits for the snapshot,
        // which is built in the background.
        let firstWindow = Result { try query.limit(min(windowSize, query.limitCount ?? windowSize)).fetchArray(database) }
        if case .failure(let error) = firstWindow { state.withLock { $0.firstWindowError = error } }
        if let first = try? firstWindow.get(), query.offsetCount == nil {
            let limit = query.limitCount ?? Int.max
            state.withLock { state in
                state.windows[0] = first
                state.recency = [0]
                if first.count < windowSize || first.count == limit { state.shortFirstWindow = first.count }
            }
        }
        if case .failure(let error) = firstWindow {
            state.withLock { $0.keyError = error }
            return
        }
        snapshotReady.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            snapshotGate?.wait()
            let result = Result { try interruption.run { try loadKeys() } }
            state.withLock { state in
                switch result {
                case .success(let keys): state.settle(keys)
                case .failure(let error): state.keyError = error
                }
            }
            snapshotReady.leave()
        }
    }

    /// Stops reading the key snapshot, if it is still being read (the set was dropped).
    func stopSnapshot() {
        if !isSnapshotReady { snapshotInterruption.interrupt() }
    }

    package var count: Int { keys()?.count ?? 0 }

    package var knownCount: Int? { state.withLock { $0.keys?.count ?? $0.shortFirstWindow ?? $0.earlyCount } }

    /// Whether the key snapshot has been built (or failed), so no call waits for it any more.
    package var isSnapshotReady: Bool { state.withLock { $0.keys != nil || $0.keyError != nil } }

    /// The error the key snapshot failed with, if it did.
    package var snapshotError: (any Error)? { state.withLock { $0.keyError } }

    /// The error reading the first window failed with, if it did.
    package var firstWindowError: (any Error)? { state.withLock { $0.firstWindowError } }

    /// The error the window read last failed with (its records came back as faults, or marked
    /// gone where even a fault could not be made), nil once a window is read again.
    package var windowError: (any Error)? { state.withLock { $0.windowError } }

    /// The snapshot once built, nil while it is being built (never waits).
    var readySnapshot: KeySnapshot? { state.withLock { $0.keys } }

    /// The record at `position` if it can be had without waiting for the snapshot: from a resident
    /// window, or read now by key once the snapshot exists. Nil past the end.
    package func recordIfAvailable(at position: Int) -> Record? {
        if let resident = residentRecord(at: position) { return resident }
        guard let snapshot = readySnapshot, position < snapshot.count else { return nil }
        return record(at: position)
    }

    /// The record at `position` if its window is in memory (marking the window recently used).
    private func residentRecord(at position: Int) -> Record? {
        let window = position / windowSize
        let records: [Record]? = state.withLock { state in
            guard let records = state.windows[window] else { return nil }
            state.recency.removeAll { $0 == window }
            state.recency.append(window)
            return records
        }
        guard let records, position % windowSize < records.count else { return nil }
        return records[position % windowSize]
    }

    /// The position of the record whose key is `key` in the snapshot (waits for it), nil when the
    /// snapshot does not hold it.
    package func position(ofKey key: [SQLValue]) -> Int? {
        guard let snapshot = keys() else { return nil }
        return snapshot.position(of: key)
    }

    var residentWindowCount: Int { state.withLock { $0.windows.count } }

    /// The snapshot, waiting for it; nil when it could not be read (``snapshotError``).
    package func keys() -> KeySnapshot? {
        snapshotReady.wait()
        return state.withLock { $0.keys }
    }

    package func record(at position: Int) -> Record {
        if let resident = residentRecord(at: position) { return resident }
        let window = position / windowSize
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
        let integerKeys = query.entity.hasIntegerKey && query.entity.keyColumns.count == 1
        func read<C: DriverConnection>(_ connection: C) throws -> KeySnapshot {
            let statement = try connection.prepare(sql.text)
            try statement.bind(sql.arguments)
            if integerKeys {
                var keys = IntegerKeys.Builder()
                while try statement.step() { keys.append(statement.column(at: 0).int64) }
                return .integers(keys.finish())
            }
            var keys: [[SQLValue]] = []
            while try statement.step() { keys.append(statement.row()) }
            return .values(keys)
        }
        return try database.read { connection in
            try read(connection.records)
        }
    }

    /// Loads window `index` by its keys, in snapshot order; missing rows become records marked
    /// gone. A window that cannot load now (a busy database, a server gone) comes back as faults
    /// that load on access, and is not cached; its error is kept (``windowError``) so that a
    /// reader can tell rows not read from rows deleted (``readWindow(_:in:)`` throws it).
    private func loadWindow(_ index: Int) -> [Record] {
        guard let snapshot = keys() else { return [] }
        do {
            return try readWindow(index, in: snapshot)
        } catch {
            if case .positions = snapshot { return [] }
            let start = index * windowSize
            // A fault of a table found at run time reads its row at once: once one fails (the
            // server gone), the rest are not tried, so a failed window costs one more statement,
            // not one a row.
            var faultsFail = false
            return snapshot.keys(start..<min(start + windowSize, snapshot.count)).map { key in
                if !faultsFail, let fault = try? query.decoder.fault(database, key) { return fault }
                faultsFail = true
                return query.decoder.gone(database, key)
            }
        }
    }

    /// Reads window `index` of `snapshot` now, and caches it: by its keys, in snapshot order
    /// (missing rows become records marked gone), or by position for a set without keys.
    ///
    /// - Throws: the database's error, also kept as ``windowError``; nothing is cached then.
    func readWindow(_ index: Int, in snapshot: KeySnapshot) throws -> [Record] {
        let start = index * windowSize
        let range = start..<min(start + windowSize, snapshot.count)
        guard !range.isEmpty else { return [] }
        do {
            if case .positions = snapshot {
                let records = try positionalWindow(range)
                noteWindowRead(error: nil)
                if records.count == range.count { cache(records, as: index) }
                return records
            }
            let keys = snapshot.keys(range)
            let found = try fetch(keys: keys)
            let records = keys.map { key in found[key] ?? query.decoder.gone(database, key) }
            noteWindowRead(error: nil)
            cache(records, as: index)
            return records
        } catch {
            noteWindowRead(error: error)
            throw error
        }
    }

    private func noteWindowRead(error: (any Error)?) {
        state.withLock { $0.windowError = error }
    }

    private func cache(_ records: [Record], as index: Int) {
        state.withLock { $0.cache(records, as: index) }
    }

    /// Rows `range` of a keyless query, read with LIMIT and OFFSET.
    private func positionalWindow(_ range: Range<Int>) throws -> [Record] {
        var window = query
        window.batchSize = nil
        window.offsetCount = (query.offsetCount ?? 0) + range.lowerBound
        window.limitCount = range.count
        return try window.fetchArray(database)
    }

    /// Which of `keys` belong to records that match `condition` now.
    func matchingKeys(_ keys: [[SQLValue]], condition: SQL) throws -> Set<[SQLValue]> {
        var keyQuery = query
        keyQuery.conditions = [keyCondition(keys), condition]
        keyQuery.keyConditions = [0]
        keyQuery.orderings = []
        keyQuery.limitCount = nil
        keyQuery.offsetCount = nil
        keyQuery.batchSize = nil
        let parts = try keyQuery.parts()
        let sql = keyQuery.statement(select: query.entity.keyList(alias: query.entity.table), parts: parts, ordered: false)
        func read<C: DriverConnection>(_ connection: C) throws -> Set<[SQLValue]> {
            try connection.cachedStatement(sql.text).use { statement in
                try statement.bind(sql.arguments)
                var found: Set<[SQLValue]> = []
                while try statement.step() { found.insert(statement.row()) }
                return found
            }
        }
        return try database.read { connection in
            try read(connection.records)
        }
    }

    /// `key IN (…)`, or `(k1, k2) IN (VALUES …)` for a composite key (PostgreSQL:
    /// `(k1, k2) IN ((…), …)`), with the keys bound.
    private func keyCondition(_ keys: [[SQLValue]]) -> SQL {
        let entity = query.entity
        let keyColumns = entity.keyColumns.map { "\(quoteIdentifier(entity.table)).\(quoteIdentifier($0))" }
        var condition = SQL(stringLiteral: "")
        if keyColumns.count == 1 {
            condition = SQL(keyColumns[0] + " IN ?", arguments: [keys.map { $0[0] }])
        } else {
            // SQLite compares a row with a list of rows only from a subquery. PostgreSQL types the
            // parameters of a VALUES list on their own, as text, which no integer key column equals:
            // a plain list of rows there, each parameter typed by the key column it is compared with.
            let rows = keys.map { "(" + Array(repeating: "?", count: $0.count).joined(separator: ", ") + ")" }
                .joined(separator: ", ")
            let list = database.dialect.rules.rowValueList(rows)
            condition.text = "(" + keyColumns.joined(separator: ", ") + ") IN (" + list + ")"
            condition.arguments = keys.flatMap { $0 }
        }
        return condition
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
        windowQuery.conditions = [keyCondition(keys)]
        windowQuery.keyConditions = [0]
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
