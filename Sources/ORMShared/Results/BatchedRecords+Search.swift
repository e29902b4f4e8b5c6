/// Searching a batched result set for the first record that matches a condition: the snapshot's
/// keys checked a chunk at a time, or a keyless set's rows numbered in order.
extension BatchedRecords {
    /// The first position after `start` (before it when `forward` is false) whose record matches
    /// `condition`, checked a chunk of keys at a time in snapshot order, so a near match is found
    /// after reading only the rows between. Each chunk found empty doubles the next; past
    /// ``orderedSearchAfter`` positions the rest is searched by one statement in the set's order
    /// (``orderedMatch(_:in:snapshot:forward:isCancelled:)``), a set in key order by ranges of
    /// keys. Nil when none does. `progress` is told after each chunk how many positions have been
    /// checked.
    func firstPosition(
        matching condition: SQL, in positions: Range<Int>, forward: Bool, chunkSize: Int = 1024,
        isCancelled: @Sendable () -> Bool, progress: @Sendable (Int) -> Void = { _ in }
    ) throws -> Int? {
        guard let snapshot = keys() else {
            if let error = snapshotError { throw error }
            return nil
        }
        let bounded = positions.clamped(to: 0..<snapshot.count)
        if case .positions = snapshot {
            return try positionalMatch(condition, in: bounded, forward: forward)
        }
        if searchesByKeyRange(snapshot) {
            return try keyOrderMatch(condition, in: bounded, snapshot: snapshot, forward: forward, firstSlice: chunkSize,
                                     isCancelled: isCancelled, progress: progress)
        }
        if let known = rememberedMatch(condition, in: bounded, forward: forward) { return known }
        var remaining = bounded
        var size = chunkSize
        var triedInOrder = !searchesInOrder(snapshot)
        while !remaining.isEmpty {
            if isCancelled() { throw CancellationError() }
            let range = forward
                ? remaining.lowerBound..<min(remaining.upperBound, remaining.lowerBound + size)
                : max(remaining.lowerBound, remaining.upperBound - size)..<remaining.upperBound
            size = min(size * 2, chunkSize * 32)
            let keys = snapshot.keys(range)
            let matching = try matchingKeys(keys, condition: condition)
            if !matching.isEmpty {
                let offsets = forward ? Array(keys.indices) : keys.indices.reversed()
                if let offset = offsets.first(where: { matching.contains(keys[$0]) }) {
                    return range.lowerBound + offset
                }
            }
            remaining = forward ? range.upperBound..<remaining.upperBound : remaining.lowerBound..<range.lowerBound
            progress(bounded.count - remaining.count)
            // Far from the start: every match in one statement (``orderedMatch``), not key lookups.
            if !triedInOrder && bounded.count - remaining.count >= Self.orderedSearchAfter && !remaining.isEmpty {
                triedInOrder = true
                if isCancelled() { throw CancellationError() }
                switch try orderedMatch(condition, in: remaining, snapshot: snapshot, forward: forward, isCancelled: isCancelled) {
                case .found(let position): return position
                case .none: return nil
                case .unsure: break
                }
            }
        }
        return nil
    }

    /// The first match of a keyless query after (or before) `start`, numbering its rows in order.
    private func positionalMatch(_ condition: SQL, in positions: Range<Int>, forward: Bool) throws -> Int? {
        guard !positions.isEmpty else { return nil }
        // Read as an expression of its own below: its long lists written for the database first.
        let condition = condition.rendered(in: database.dialect)
        var numbered = query
        numbered.batchSize = nil
        let parts = try numbered.parts(extras: [condition.text])
        var inner = SQL(stringLiteral: "")
        inner.text = "SELECT row_number() OVER (" + parts.orderBy + ") - 1 AS orm_position, ("
        inner.append(SQL(parts.extras[0], arguments: condition.arguments))
        inner.text += ") AS orm_match"
        var rest = numbered.statement(select: "", parts: parts, ordered: false)
        rest.text = String(rest.text.dropFirst("SELECT ".count))
        inner.text += " "
        inner.append(rest)
        var sql: SQL = "SELECT orm_position FROM ("
        sql.append(inner)
        sql.append(SQL(
            ") AS orm_numbered WHERE orm_match AND orm_position >= ? AND orm_position < ? ORDER BY orm_position"
                + (forward ? "" : " DESC") + " LIMIT 1",
            arguments: [positions.lowerBound, positions.upperBound]))
        if case .integer(let position)? = try database.scalar(sql) { return Int(position) }
        return nil
    }
}
