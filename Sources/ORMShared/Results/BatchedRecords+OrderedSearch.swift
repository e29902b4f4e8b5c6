/// Searching a sorted batched result set with one statement in its own order: the database
/// returns the keys of the matching records in the set's order (its sort, then its key), and the
/// snapshot, which holds the keys in that same order, is walked alongside to find their
/// positions. A search that finds nothing scans the table once and sorts nothing, where looking
/// the snapshot's keys up a chunk at a time reads every row by its key.
extension BatchedRecords {
    /// What ``orderedMatch(_:in:snapshot:forward:isCancelled:)`` found.
    enum OrderedMatch {
        /// The first position in the range whose record matches.
        case found(Int)
        /// No record in the range matches.
        case none
        /// A matching key the snapshot does not hold where the walk looked (a row inserted
        /// since, or one whose sort values changed): the caller looks a chunk at a time instead.
        case unsure
    }

    /// What an ordered statement that found no match in its range saw: the first matching
    /// position in its direction anywhere in the set (nil: none matches). A search wrapping
    /// around the end asks next for the positions before its start, which this answers.
    struct OrderedMemo {
        /// The condition searched for.
        package let condition: SQL
        /// Whether the statement went towards the end.
        package let forward: Bool
        /// The positions it looked for a match in.
        package let searched: Range<Int>
        /// The first matching position in that direction, nil when no record matches.
        package let first: Int?
    }

    /// The positions a search looks up a chunk of keys at a time before it asks for every match
    /// in one statement: a match near the cursor costs a few thousand key lookups, a far one (or
    /// none) a scan.
    static var orderedSearchAfter: Int { 7168 }

    /// Whether ``orderedMatch(_:in:snapshot:forward:isCancelled:)`` applies: a set with keys and
    /// no limit or offset.
    func searchesInOrder(_ snapshot: KeySnapshot) -> Bool {
        if case .positions = snapshot { return false }
        return query.limitCount == nil && query.offsetCount == nil && query.batchSize != nil
    }

    /// The first position in `positions` (the last, when not `forward`) whose record matches
    /// `condition` now, by one statement in the set's order (reversed when not `forward`).
    /// `isCancelled` is asked every few thousand keys read.
    func orderedMatch(
        _ condition: SQL, in positions: Range<Int>, snapshot: KeySnapshot, forward: Bool, isCancelled: @Sendable () -> Bool
    ) throws -> OrderedMatch {
        guard !positions.isEmpty else { return .none }
        let entity = query.entity
        var keyQuery = query
        keyQuery.conditions = query.conditions + [condition]
        keyQuery.reversesOrder = forward ? query.reversesOrder : !query.reversesOrder
        let sql = keyQuery.statement(select: entity.keyList(alias: entity.table), parts: try keyQuery.parts())
        var walk = SnapshotWalk(snapshot: snapshot, forward: forward)
        // The first match in the walk's direction, kept when none is in the range.
        var first: Int?
        func read<C: DriverConnection>(_ connection: C) throws -> OrderedMatch {
            let statement = try connection.prepare(sql.text)
            try statement.bind(sql.arguments)
            var read = 0
            while try statement.step() {
                read += 1
                if read % 4096 == 0, isCancelled() { throw CancellationError() }
                guard let position = walk.position(of: statement.row()) else { return .unsure }
                if positions.contains(position) { return .found(position) }
                first = first ?? position
                // Past the range in the walk's direction: no match in it.
                if forward ? position >= positions.upperBound : position < positions.lowerBound { return .none }
            }
            return .none
        }
        let match = try database.read { connection in try read(connection.driverConnection) }
        if case .none = match {
            orderedMemo.withLock { $0 = OrderedMemo(condition: condition, forward: forward, searched: positions, first: first) }
        }
        return match
    }

    /// The first position in `positions` (the last, when not `forward`) matching `condition`, as
    /// the ordered statement just before this search found it, when it tells (the wrapped part
    /// of a search whose first part found nothing, in positions apart from that part's):
    /// `.some(nil)` for none, nil when it cannot tell. The memo serves once: any search after it,
    /// and one over positions the statement searched (a new search from the same place), reads
    /// the database again.
    func rememberedMatch(_ condition: SQL, in positions: Range<Int>, forward: Bool) -> Int?? {
        guard let memo = orderedMemo.withLock({ memo in defer { memo = nil }; return memo }),
              memo.condition == condition, memo.forward == forward, !memo.searched.overlaps(positions) else {
            return nil
        }
        guard let first = memo.first else { return .some(nil) }
        if positions.contains(first) { return .some(first) }
        // Before the range in the search's direction: a later match may lie in it.
        let before = forward ? first < positions.lowerBound : first >= positions.upperBound
        return before ? nil : .some(nil)
    }
}

/// A walk through a snapshot's keys in one direction, finding keys that come in the same order.
struct SnapshotWalk {
    /// Keys read from the snapshot at a time.
    private static let block = 4096

    /// The snapshot walked.
    package let snapshot: KeySnapshot
    /// Whether the walk goes towards the end.
    package let forward: Bool
    /// The position of the next key to compare.
    private var next: Int
    /// The keys read, and the position of the first of them.
    private var keys: [[SQLValue]] = []
    private var keysStart = 0

    /// A walk from the first key (the last, when not `forward`).
    init(snapshot: KeySnapshot, forward: Bool) {
        self.snapshot = snapshot
        self.forward = forward
        next = forward ? 0 : snapshot.count - 1
    }

    /// The position of `key`, found ahead of the keys already passed; nil when the rest of the
    /// snapshot does not hold it (the walk is then over).
    package mutating func position(of key: [SQLValue]) -> Int? {
        while next >= 0 && next < snapshot.count {
            if next < keysStart || next >= keysStart + keys.count {
                keysStart = forward ? next : max(0, next - Self.block + 1)
                keys = snapshot.keys(keysStart..<min(snapshot.count, keysStart + Self.block))
            }
            let position = next
            next += forward ? 1 : -1
            // A snapshot's keys can come back short (a spilled chunk not read back): the walk ends.
            guard keys.indices.contains(position - keysStart) else { return nil }
            if keys[position - keysStart] == key { return position }
        }
        return nil
    }
}
