import FoundationEssentials
import ORMCore

extension Editing {
    /// How long to wait before trying again to check changes staged while the database was locked.
    static var recheckMilliseconds: Int { 200 }

    /// Checks the changes staged while another connection held the write lock (and the new rows
    /// tried then), now that it may be free, never waiting for it: a change SQLite refuses is taken
    /// back with its message; a deletion staged before its row could be read gets the row's values
    /// (a row gone meanwhile is dropped from it). Returns whether the screen changed.
    ///
    /// Called on every tick; while the lock is still held it tries again after
    /// ``recheckMilliseconds``.
    func checkUncheckedChanges() -> Bool {
        let hasUncheckedRows = staging.edits.values.contains { $0.hasUncheckedNewRows }
        // Never beside a check running in the background: they would share the trial connection.
        guard !staging.unchecked.isEmpty || hasUncheckedRows, host.pending.work == nil else {
            return false
        }
        if let next = staging.nextUncheckedCheck, Date() < next {
            return false
        }
        staging.nextUncheckedCheck = nil
        var changed = false
        while let entry = staging.unchecked.first {
            guard staging.edits[entry.table]?.contains(entry.change) == true, let table = try? knownTable(named: entry.table) else {
                staging.unchecked.removeFirst()  // undone, reverted or committed meanwhile
                continue
            }
            do {
                let message = try recheck(entry, in: table)
                staging.unchecked.removeFirst()
                if host.state.message?.isError != true || message.isError {
                    host.say(message)
                }
            } catch let error as any DatabaseError where error.isBusy {
                staging.nextUncheckedCheck = Date().addingTimeInterval(Double(Self.recheckMilliseconds) / 1000)
                return changed
            } catch {
                staging.unchecked.removeFirst()
                host.report(error, doing: "check")
            }
            changed = true
        }
        if hasUncheckedRows {
            recheckNewRows()
            if staging.edits.values.contains(where: { $0.hasUncheckedNewRows }) {
                staging.nextUncheckedCheck = Date().addingTimeInterval(Double(Self.recheckMilliseconds) / 1000)
            }
            changed = true
        }
        return changed
    }

    /// Checks one unchecked change in the company of the others staged, and stages what SQLite
    /// takes of it in its place; returns what to say.
    ///
    /// - Throws: `SQLITE_BUSY` while the lock is still held (nothing changes then).
    private func recheck(_ entry: UncheckedChange, in table: DynamicTable) throws -> StatusMessage {
        let parts = entry.change.parts
        let unread = parts.compactMap { part -> RowKey? in
            if case .delete(let key, let original) = part, original.isEmpty {
                return key
            }
            return nil
        }
        var read: [RowKey: [String: SQLValue]?] = [:]
        if !unread.isEmpty {
            for (key, row) in zip(unread, try table.storedRows(keys: unread.map(\.values), waitingForLock: false)) {
                read[key] = row
            }
        }
        var present: [StagedEdit] = []
        var gone = 0
        for part in parts {
            if case .delete(let key, let original) = part, original.isEmpty, let row = read[key] {
                guard let row else {
                    gone += 1
                    continue
                }
                present.append(.delete(key: key, original: row))
            } else {
                present.append(part)
            }
        }
        let company = stagedCompany(for: table, leavingOut: entry.change)
        var verdicts = try table.check(present.compactMap(\.rowEdit), after: company, waitingForLock: false)[...]
        var kept: [StagedEdit] = []
        var refusals: [String] = []
        for part in present {
            guard part.rowEdit != nil else {
                kept.append(part)
                continue
            }
            if let refusal = verdicts.popFirst() ?? nil {
                refusals.append(UserMessage.describe(refusal))
            } else {
                kept.append(part)
            }
        }
        let replacement: StagedEdit? = kept.isEmpty ? nil : (entry.change.isBatch ? .batch(kept) : kept[0])
        staging.edits[entry.table]?.replace(entry.change, with: replacement)
        if staging.edits[entry.table]?.isEmpty == true {
            staging.edits[entry.table] = nil
        }
        if let grid = host.tables.grids[entry.table] {
            grid.cursorRow = (try? grid.clampedRow(grid.cursorRow)) ?? grid.cursorRow
        }
        var notes: [String] = []
        if !refusals.isEmpty {
            let what = entry.change.isBatch ? Self.rows(refusals.count) + " of \(entry.change.summary)" : entry.change.summary
            notes.append("refused once the lock was free, taken back: \(what): \(refusals[0])")
        }
        if gone > 0 {
            notes.append("\(Self.rows(gone)) deleted meanwhile by another connection")
        }
        guard notes.isEmpty else {
            return .error(notes.joined(separator: "; "))
        }
        return .info("checked now that the lock is free: \(entry.change.summary) · w commits, u undoes")
    }
}
