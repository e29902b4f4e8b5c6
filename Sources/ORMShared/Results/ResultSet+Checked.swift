/// Reading a result set with every error thrown, as a cursor's reads throw.
///
/// The collection's own reads (the subscript, `for … in`, `map`) never throw: for a batched set,
/// a window read after the first that fails gives records that are not the database's (faults
/// that load on access, or records marked deleted), with ``windowError`` set, and a key snapshot
/// that fails gives no records (``snapshotError``). A reader that must not take those for rows
/// reads with these instead, which throw the error; a set loaded at once never fails.
///
/// ```swift
/// let events = try Event.query().orderBy("at").batch(500).fetch()
/// try events.forEachRecord { event in try export(event) }   // a window that fails throws
/// let page = try events.records(in: 1_000..<1_050)
/// ```
extension ResultSet {
    /// The number of records.
    ///
    /// - Throws: for a batched set, the error its key snapshot failed with (where ``count`` is 0).
    public func checkedCount() throws -> Int {
        switch storage {
        case .loaded(let records): records.count
        case .batched(let batched): try batched.checkedSnapshot().count
        }
    }

    /// The record at `position`, from memory or its window read now.
    ///
    /// - Throws: the key snapshot's error, the error reading the window failed with, or
    ///   ``ORMError/invalidQuery(_:)`` for a position outside the set.
    public func record(at position: Int) throws -> Record {
        guard let record = try records(in: position..<(position == Int.max ? position : position + 1)).first else {
            throw ORMError.invalidQuery("record \(position) is outside the result set")
        }
        return record
    }

    /// The records at `range`, in order, reading the windows they are in.
    ///
    /// - Throws: the key snapshot's error, the first error reading a window failed with, or
    ///   ``ORMError/invalidQuery(_:)`` for a range outside the set.
    public func records(in range: Range<Int>) throws -> [Record] {
        switch storage {
        case .loaded(let records):
            guard range.lowerBound >= 0, range.upperBound <= records.count else {
                throw ORMError.invalidQuery("records \(range) are outside the result set's 0..<\(records.count)")
            }
            return Array(records[range])
        case .batched(let batched):
            return try batched.checkedRecords(in: range)
        }
    }

    /// Calls `body` with every record in order, a window at a time (a batched set keeps only a
    /// few in memory).
    ///
    /// - Throws: the key snapshot's error, the first error reading a window failed with (no
    ///   record of that window is given to `body`), or what `body` throws.
    public func forEachRecord(_ body: (Record) throws -> Void) throws {
        let count = try checkedCount()
        let step: Int
        switch storage {
        case .loaded: step = Swift.max(count, 1)
        case .batched(let batched): step = batched.windowSize
        }
        var start = 0
        while start < count {
            for record in try records(in: start..<Swift.min(count, start + step)) { try body(record) }
            start += step
        }
    }

    /// Every record, as an array (a batched set reads every window).
    ///
    /// - Throws: the key snapshot's error or the first error reading a window failed with.
    public var array: [Record] {
        get throws { try records(in: 0..<checkedCount()) }
    }
}
