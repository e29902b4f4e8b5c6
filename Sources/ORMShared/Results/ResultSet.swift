/// The records a query matched, as a random-access collection.
///
/// Without ``Query/batch(_:)`` it holds every record, like an array. With it, it keeps a snapshot of
/// the matching keys and loads records in windows as they are reached, keeping a few windows and
/// dropping the rest, so walking or jumping through millions of rows stays within bounded memory. A
/// row deleted after the snapshot comes back as a record marked deleted, never as a crash.
///
/// ```swift
/// let events = try Event.query().orderBy("at").batch(500).fetch()
/// print(events.count, events[events.count / 2].kind)
/// ```
public final class ResultSet<Record: Sendable>: RandomAccessCollection, Sendable {
    package enum Storage: Sendable {
        case loaded([Record])
        case batched(BatchedRecords<Record>)
    }

    package let storage: Storage

    package init(records: [Record]) {
        storage = .loaded(records)
    }

    package init(batched: BatchedRecords<Record>) {
        storage = .batched(batched)
    }

    deinit {
        // Nobody can use the snapshot any more: a read still under way stops (it holds a reader).
        if case .batched(let batched) = storage { batched.stopSnapshot() }
    }

    /// Always 0.
    public var startIndex: Int { 0 }

    /// The number of records (for a batched set, the size of its key snapshot; waits for it, and
    /// is 0 when it failed: ``checkedCount()`` throws the error).
    public var endIndex: Int {
        switch storage {
        case .loaded(let records): records.count
        case .batched(let batched): batched.count
        }
    }

    /// The record at `position`, loading its window if needed.
    ///
    /// It never throws: when a batched set's window cannot be read, the records given are not the
    /// database's (faults, or records marked deleted) and ``windowError`` says why. Read with
    /// ``record(at:)``, ``records(in:)`` or ``forEachRecord(_:)`` to have the error thrown.
    public subscript(position: Int) -> Record {
        switch storage {
        case .loaded(let records): records[position]
        case .batched(let batched): batched.record(at: position)
        }
    }

    /// The count if it is known without waiting (always for loaded sets; for batched ones once the
    /// key snapshot is built).
    public var knownCount: Int? {
        switch storage {
        case .loaded(let records): records.count
        case .batched(let batched): batched.knownCount
        }
    }

    /// How many windows are in memory now (0 for a loaded set).
    public var residentWindowCount: Int {
        if case .batched(let batched) = storage { return batched.residentWindowCount }
        return 0
    }
}
