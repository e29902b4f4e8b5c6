/// Finding records in a result set without walking it: by key, by a condition, and without waiting.
///
/// A viewer over a batched set uses these to stay responsive while the key snapshot is built:
/// ``recordIfAvailable(at:)`` never waits, ``isSnapshotReady`` says when every position can be read.
///
/// ```swift
/// let tracks = try db.table("Track").query().orderBy("Name").batch(200).fetch()
/// let row = tracks.index(ofKey: [.integer(42)])
/// let next = try tracks.firstIndex(matching: "Composer LIKE \("%Bach%")", after: row ?? -1)
/// ```
extension ResultSet {
    /// Whether every position can be read without waiting: always for a loaded set; for a batched
    /// set once its key snapshot is built (or has failed).
    public var isSnapshotReady: Bool {
        switch storage {
        case .loaded: true
        case .batched(let batched): batched.isSnapshotReady
        }
    }

    /// The number of records, with the last ones readable at once, without waiting for the key
    /// snapshot of a batched set: the count and the last two windows are read in one transaction,
    /// the records by the query's order reversed (for an unindexed order, a scan that keeps the last
    /// few, where the snapshot sorts every key). Until the snapshot arrives, ``knownCount`` is this
    /// count and ``recordIfAvailable(at:)`` returns those records; the snapshot keeps them if it
    /// confirms them. A loaded set, a ready snapshot, or a query with a limit, an offset or no key
    /// gives ``count`` (for a batched set, after its snapshot).
    ///
    /// ```swift
    /// let rows = try db.table("events").query().orderBy("at").batch(256).fetch()
    /// let last = try rows.loadLastRows() - 1   // a jump to the end of a million-row table
    /// let record = rows.recordIfAvailable(at: last)
    /// ```
    public func loadLastRows() throws -> Int {
        switch storage {
        case .loaded(let records): records.count
        case .batched(let batched): try batched.loadLastRows()
        }
    }

    /// The error the key snapshot of a batched set failed with (an invalid condition, say), if any.
    public var snapshotError: (any Error)? {
        switch storage {
        case .loaded: nil
        case .batched(let batched): batched.snapshotError
        }
    }

    /// The error reading the first window of a batched set failed with (a run-time error such as
    /// an integer overflow in a condition, which preparing the statement cannot catch), if any.
    /// `Query.fetch()` throws it, so a set it returned has none.
    public var firstWindowError: (any Error)? {
        switch storage {
        case .loaded: nil
        case .batched(let batched): batched.firstWindowError
        }
    }

    /// The error the window read last failed with, nil once a window is read again (and always
    /// for a set loaded at once). While it is set, the records of that window are not what the
    /// database holds: faults that load on access, or, where even that failed (a server gone),
    /// records marked deleted that were never read. A caller showing rows tells them apart by it.
    public var windowError: (any Error)? {
        switch storage {
        case .loaded: nil
        case .batched(let batched): batched.windowError
        }
    }

    /// The record at `position` when it can be had without waiting for the key snapshot: from a
    /// window in memory, or read now by key once the snapshot exists. Nil past the end, or while
    /// the snapshot is still being built and the position's window is not in memory.
    public func recordIfAvailable(at position: Int) -> Record? {
        guard position >= 0 else { return nil }
        switch storage {
        case .loaded(let records): return records.indices.contains(position) ? records[position] : nil
        case .batched(let batched): return batched.recordIfAvailable(at: position)
        }
    }

    /// The position of the record whose key is `key` (the values of the entity's key columns), nil
    /// when the set does not hold it or has no keys. A batched set waits for its snapshot.
    public func index(ofKey key: [SQLValue]) -> Int? {
        switch storage {
        case .loaded(let records):
            return records.firstIndex { record in
                if let model = record as? any Model { return [model._$primaryKey] == key }
                return (record as? any KeyedRecord)?.recordKey == key
            }
        case .batched(let batched):
            return batched.position(ofKey: key)
        }
    }

    /// The first position after `start` (or before it, when `forward` is false) whose record
    /// matches `condition` now, or nil. `condition` is written as in ``Query/where(_:_:)``.
    ///
    /// A batched set checks its keys a chunk at a time in its own order, so a match near `start`
    /// costs only the rows between; a set without keys (a view) numbers its rows in one statement.
    /// Only batched sets can be searched this way.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` for a loaded set, or the database's error.
    public func firstIndex(matching condition: SQL, after start: Int, forward: Bool = true) throws -> Int? {
        let positions = forward ? (start < Int.max ? start + 1 : start)..<Int.max : 0..<Swift.max(0, start)
        return try firstIndex(matching: condition, in: positions, forward: forward)
    }

    /// The first position in `positions` whose record matches `condition` now, scanning them
    /// upwards (downwards when `forward` is false), or nil.
    ///
    /// `isCancelled` is asked between chunks: a search someone no longer waits for stops with a
    /// `CancellationError`. `progress` is told after each statement how many of `positions` have
    /// been checked so far (none for a set without keys, searched in one statement).
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` for a loaded set, `CancellationError`, or the
    ///   database's error.
    public func firstIndex(
        matching condition: SQL, in positions: Range<Int>, forward: Bool = true,
        isCancelled: @Sendable () -> Bool = { false }, progress: @Sendable (Int) -> Void = { _ in }
    ) throws -> Int? {
        guard case .batched(let batched) = storage else {
            throw ORMError.invalidQuery("only a batched result set can be searched with a condition")
        }
        return try batched.firstPosition(matching: condition, in: positions, forward: forward, isCancelled: isCancelled,
                                         progress: progress)
    }
}

/// A record that knows its key, so a loaded result set can find it.
protocol KeyedRecord {
    /// The values of the record's key columns.
    var recordKey: [SQLValue] { get }
}

extension DynamicRecord: KeyedRecord {
    var recordKey: [SQLValue] { key }
}
