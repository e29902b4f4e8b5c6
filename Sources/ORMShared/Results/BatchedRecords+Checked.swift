// Reading a batched result set so that every error reaches the caller: the key snapshot's, and
// that of any window read after the first. Nothing here makes faults or records marked gone in
// place of rows a window could not read.

extension BatchedRecords {
    /// The key snapshot, waiting for it.
    ///
    /// - Throws: the error the snapshot's read failed with.
    func checkedSnapshot() throws -> KeySnapshot {
        if let snapshot = keys() { return snapshot }
        throw snapshotError ?? ORMError.invalidQuery("the result set's keys could not be read")
    }

    /// The records at `range`, from windows in memory or read now.
    ///
    /// - Throws: the snapshot's error, the error reading a window failed with, or
    ///   ``ORMError/invalidQuery(_:)`` for a range outside the set.
    func checkedRecords(in range: Range<Int>) throws -> [Record] {
        let snapshot = try checkedSnapshot()
        guard range.lowerBound >= 0, range.upperBound <= snapshot.count else {
            throw ORMError.invalidQuery("records \(range) are outside the result set's 0..<\(snapshot.count)")
        }
        var records: [Record] = []
        records.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let index = position / windowSize
            let start = index * windowSize
            let end = min(range.upperBound, start + windowSize)
            let window = try residentWindow(index) ?? readWindow(index, in: snapshot)
            for offset in (position - start)..<(end - start) {
                // A row of a set without keys gone since it was counted: a record marked gone.
                records.append(offset < window.count ? window[offset] : query.decoder.gone(database, []))
            }
            position = end
        }
        return records
    }

    /// Window `index` if it is in memory (marking it recently used).
    private func residentWindow(_ index: Int) -> [Record]? {
        state.withLock { state in
            guard let records = state.windows[index] else { return nil }
            state.recency.removeAll { $0 == index }
            state.recency.append(index)
            return records
        }
    }
}
