/// The end of a batched result set without its key snapshot: a jump to the last record (a
/// browser's `G`) reads the count and the last records, in reverse order, instead of waiting for
/// the snapshot, which may be a full sort of millions of keys.
extension BatchedRecords {
    /// The last records read before the snapshot existed: where they start, the count they were
    /// read with, and their keys, checked against the snapshot when it arrives.
    package struct Tail {
        package let count: Int
        package let start: Int
        package let keys: [[SQLValue]]
        /// The windows the records fill.
        package let windows: ClosedRange<Int>
    }

    /// The number of records, with the last ones read and kept without waiting for the key snapshot.
    ///
    /// The count and the last records (the last window and the one before it, so a screenful
    /// before the end is always there) are read in one read transaction, the records by the query's
    /// order reversed. Until the snapshot arrives, ``knownCount`` is that count; when it arrives,
    /// the records are kept if the snapshot holds the same keys at the same positions (the data
    /// did not change in between), else dropped and read again by key. With the snapshot ready, or
    /// for a query with a limit, an offset or no key, this is ``count`` (waiting for the snapshot).
    package func loadLastRows() throws -> Int {
        if let snapshot = readySnapshot { return snapshot.count }
        if let error = snapshotError { throw error }
        guard query.limitCount == nil, query.offsetCount == nil, !query.entity.keyColumns.isEmpty else {
            return count
        }
        let last = try readLastRows()
        return state.withLock { state -> Int in
            // A snapshot that arrived meanwhile rules.
            if let snapshot = state.keys { return snapshot.count }
            state.earlyCount = last.count
            guard !last.records.isEmpty else { return last.count }
            let start = last.count - last.records.count
            let windows = (start / windowSize)...((last.count - 1) / windowSize)
            state.tail = Tail(count: last.count, start: start, keys: last.keys, windows: windows)
            for window in windows {
                let range = (window * windowSize - start)..<min((window + 1) * windowSize, last.count) - start
                state.cache(Array(last.records[range]), as: window)
            }
            return last.count
        }
    }

    /// The count, and the records of the last window and the one before it with their keys, in
    /// order, read in one transaction.
    private func readLastRows() throws -> (count: Int, records: [Record], keys: [[SQLValue]]) {
        let parts = try query.parts()
        let countSQL = query.statement(select: "count(*)", parts: parts, ordered: false)
        var reversed = query
        reversed.batchSize = nil
        reversed.reversesOrder = true
        let reversedParts = try reversed.parts()
        let entity = query.entity
        let keyPositions = entity.keyColumns.compactMap { entity.columns.firstIndex(of: $0) }
        return try database.read { connection in
            // One snapshot of the data for the count and the rows (inside a transaction already
            // when the writer's thread reads).
            let opens = !connection.isInTransaction
            if opens { try connection.begin(.readOnlySnapshot) }
            defer { if opens { try? connection.commit() } }
            let count: Int =
                if case .integer(let count)? = try connection.firstValue(countSQL) { Int(count) } else { 0 }
            guard count > 0 else { return (0, [], []) }
            let start = max(0, ((count - 1) / windowSize - 1) * windowSize)
            let sql = reversed.statement(
                select: reversed.recordSelect(reversedParts), parts: reversedParts, limit: count - start)
            var records: [Record] = []
            var keys: [[SQLValue]] = []
            try reversed.run(sql, on: connection, database, reversedParts) { record, statement in
                records.append(record)
                keys.append(keyPositions.map { statement.value(at: Int32($0)) })
            }
            return (count, records.reversed(), keys.reversed())
        }
    }
}

extension BatchedRecords.State {
    /// Takes the key snapshot, dropping last records read before it that it does not confirm.
    package mutating func settle(_ snapshot: KeySnapshot) {
        keys = snapshot
        earlyCount = nil
        guard let tail else { return }
        self.tail = nil
        let range = tail.start..<tail.count
        if snapshot.count == tail.count, snapshot.keys(range) == tail.keys { return }
        for window in tail.windows {
            windows[window] = nil
            recency.removeAll { $0 == window }
        }
    }
}
