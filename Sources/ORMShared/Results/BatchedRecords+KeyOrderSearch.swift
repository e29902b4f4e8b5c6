/// Searching a batched result set in key order (no sort of its own, one integer key: a table
/// browsed as it is stored) with a statement over a range of keys: the database scans its rows in
/// key order and stops at the first match, instead of being handed the snapshot's keys a chunk at a
/// time and looking each one up.
extension BatchedRecords {
    /// How many positions one statement covers at most: the first covers `firstSlice` (a search
    /// that ends soon tells its progress soon), each next one twice the last, up to this: a dozen
    /// statements for a million rows, and a search someone gave up on is told between them.
    static var keyOrderSlice: Int { 262_144 }

    /// Whether the set is in key order with one integer key, so ``keyOrderMatch(_:in:snapshot:forward:firstSlice:isCancelled:progress:)`` applies.
    func searchesByKeyRange(_ snapshot: KeySnapshot) -> Bool {
        guard case .integers = snapshot else { return false }
        return query.orderings.isEmpty && !query.reversesOrder && query.explicitJoins.isEmpty
            && query.entity.keyColumns.count == 1 && query.batchSize != nil
    }

    /// The first position in `positions` (the last, when not `forward`) whose record matches
    /// `condition` now: the matching key found by the database in the range of keys those
    /// positions hold, then its position in `snapshot`. A key the snapshot does not hold (a row
    /// inserted since) is passed over. `progress` is told after each slice how many positions
    /// have been checked.
    func keyOrderMatch(
        _ condition: SQL, in positions: Range<Int>, snapshot: KeySnapshot, forward: Bool, firstSlice: Int,
        isCancelled: @Sendable () -> Bool, progress: @Sendable (Int) -> Void
    ) throws -> Int? {
        var remaining = positions
        var size = max(1, min(firstSlice, Self.keyOrderSlice))
        while !remaining.isEmpty {
            if isCancelled() { throw CancellationError() }
            let slice = forward
                ? remaining.lowerBound..<min(remaining.upperBound, remaining.lowerBound + size)
                : max(remaining.lowerBound, remaining.upperBound - size)..<remaining.upperBound
            size = min(size * 2, Self.keyOrderSlice)
            guard case .integer(var low)? = snapshot.keys(slice.lowerBound..<slice.lowerBound + 1).first?.first,
                  case .integer(var high)? = snapshot.keys(slice.upperBound - 1..<slice.upperBound).first?.first
            else {
                return nil
            }
            while low <= high {
                guard let key = try firstMatchingKey(condition, from: low, through: high, forward: forward) else { break }
                if let position = snapshot.position(of: [.integer(key)]), slice.contains(position) {
                    return position
                }
                // A row the snapshot does not hold: look past it.
                if forward { low = key + 1 } else { high = key - 1 }
            }
            remaining = forward ? slice.upperBound..<remaining.upperBound : remaining.lowerBound..<slice.lowerBound
            progress(positions.count - remaining.count)
        }
        return nil
    }

    /// The smallest key (the largest, when not `forward`) from `low` through `high` of a record the
    /// query keeps that matches `condition`, or nil.
    private func firstMatchingKey(_ condition: SQL, from low: Int64, through high: Int64, forward: Bool) throws -> Int64? {
        let entity = query.entity
        var keyQuery = query
        keyQuery.conditions = query.conditions + [
            SQL("\(quoteIdentifier(entity.table)).\(quoteIdentifier(entity.keyColumns[0])) BETWEEN ? AND ?",
                arguments: [low, high]),
            condition,
        ]
        keyQuery.keyConditions = query.keyConditions.union([query.conditions.count])
        keyQuery.reversesOrder = !forward
        keyQuery.limitCount = nil
        keyQuery.offsetCount = nil
        let parts = try keyQuery.parts()
        let sql = keyQuery.statement(select: entity.keyList(alias: entity.table), parts: parts, limit: 1)
        func read<C: DriverConnection>(_ connection: C) throws -> Int64? {
            try connection.cachedStatement(sql.text).use { statement in
                try statement.bind(sql.arguments)
                return try statement.step() ? statement.column(at: 0).int64 : nil
            }
        }
        return try database.read { connection in
            try read(connection.records)
        }
    }
}
