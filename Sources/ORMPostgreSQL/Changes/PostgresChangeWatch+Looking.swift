import PostgresClient
import ORMShared

// MARK: - Looking

extension PostgresChangeWatch {
    /// Delivers the tables that notifications name (skipping the writer's own).
    package func hear(_ notifications: [PGNotification], deliver: (ChangeSet) -> Void) {
        var tables: Set<String> = []
        for notification in notifications {
            guard let change = PGTableChange(notification) else { continue }
            if let transaction = change.transaction { announced.insert(transaction) }
            let name: String
            if change.table.schema == schema {
                tablesWithTriggers.insert(change.table.name)
                name = change.table.name
            } else if otherTables.contains(change.table) {
                otherTablesWithTriggers.insert(change.table)
                name = Self.changeName(of: change.table)
            } else {
                continue
            }
            if notification.senderProcessID == writerProcessID { continue }
            tables.insert(name)
        }
        guard !tables.isEmpty else { return }
        var changes = ChangeSet()
        changes.isExternal = true
        for table in withViews(tables).sorted() { changes.appendTableOnly(table) }
        deliver(changes)
    }

    /// One look with the probe: delivers every table when more transactions committed since the
    /// last look than this database's writer can account for, else the tables whose counters
    /// moved.
    package func look(on connection: PGConnection, deliver: (ChangeSet) -> Void) throws {
        lookGate.withLock { $0 }?()
        if takeOtherTables() {
            try readTriggers(on: connection)
        }
        let lookStart = ContinuousClock.now
        let activityBefore = activity.reading
        let report = try probe.look(on: connection)
        hear(try connection.notifications(waitingUpTo: 0), deliver: deliver)
        defer {
            activityBeforeLastLook = activityBefore
            looks.add(1, ordering: .releasing)
        }

        var everything = false
        if report.committed {
            let ended = report.endedTransactions
            if let ended {
                var committed = try PGChangeProbe.committed(among: ended.filter { !announced.contains($0) }, on: connection)
                if !committed.isEmpty && !(tablesWithTriggers.isEmpty && otherTablesWithTriggers.isEmpty) {
                    // A trigger's notification leaves the server just after the commit it
                    // announces: a moment's wait lets it name its table rather than every one.
                    hear(try connection.notifications(waitingUpTo: Self.notificationGrace), deliver: deliver)
                    committed.subtract(announced)
                }
                // Read after the server said which committed: every commit of the writer's that it
                // counted had been sent by then.
                let own = activityBeforeLastLook.commitsAtMost(until: activity.reading)
                everything = UInt64(committed.count) > own
                announced.subtract(ended)
            } else {
                // More ended than are told apart: another session's unless the writer alone may
                // have committed as many.
                everything = activityBeforeLastLook.commitsAtMost(until: activity.reading) < UInt64(PGSnapshot.endedLimit)
            }
            if announced.count > 4_096 { announced = [] }
            if everything {
                // The snapshot is the server's: whose commit was it? Not this database's when none
                // of its other sessions was busy or went idle since the look before.
                var ours = PostgresSessions.neverCommitting.processIDs
                if let writerProcessID { ours.append(writerProcessID) }
                if try !probe.othersMayHaveCommitted(on: connection, excluding: ours) {
                    everything = false
                    // Or a session that has ended: its statistics name the tables, also ones this
                    // database wrote to (their counters are not taken for its own for two looks).
                    countersTrustedForLooks = 2
                }
            }
        }
        if triggersMayHaveChanged.exchange(false, ordering: .acquiringAndReleasing) {
            try readTriggers(on: connection)
        }
        let now = ContinuousClock.now
        // A counter seen moved now may have moved any time since the previous look read it: a table
        // is still this database's own if its time had not run out when that look began (a look
        // held up by a busy machine must not take its own late statistics for another session's).
        let previousLook = lastLookStart ?? now
        lastLookStart = lookStart
        var own = ownWrites.withLock { writes in
            writes = writes.filter { $0.value > previousLook }
            return Set(writes.keys)
        }
        if countersTrustedForLooks > 0 {
            own = []
            countersTrustedForLooks -= 1
        }
        var named: Set<String> = []
        for table in report.changedTables
        where table.schema == schema && !tablesWithTriggers.contains(table.name) && !own.contains(table.name) {
            named.insert(table.name)
        }
        for table in report.changedTables
        where otherTables.contains(table) && !otherTablesWithTriggers.contains(table) && !own.contains(Self.changeName(of: table)) {
            named.insert(Self.changeName(of: table))
        }
        for table in report.missingTables {
            if table.schema == schema {
                named.insert(table.name)
            } else if otherTables.contains(table) {
                named.insert(Self.changeName(of: table))
            }
        }
        // Every table delivered now is read again first (at most once per spacing), so that a
        // table another session just created is in it.
        let deliversEveryTable = (everything || everyTableDeferred) && !everyTableHeldBack(at: now)
        if !report.missingTables.isEmpty || deliversEveryTable
            || (report.committed && tablesReadAt.map { now - $0 > .seconds(1) } ?? true)
        {
            try readTables(on: connection)
        }
        if everything || everyTableDeferred {
            // The tables this database wrote to lately are not left for later: their counters
            // are taken for its own, so nothing would name them.
            deliverEveryTable(deliver, at: now, confirmed: withViews(named.union(own)), unconfirmed: true)
        }
        if !named.isEmpty && !everyTableDelivered(since: now) {
            var changes = ChangeSet()
            changes.isExternal = true
            for table in withViews(named).sorted() { changes.appendTableOnly(table) }
            deliver(changes)
        }
    }

    /// Delivers every table, or, within ``everyTableSpacing`` of the last such delivery, defers it
    /// to the first look after that.
    /// The relations gone since the last such delivery are named too.
    ///
    /// With `unconfirmed` (the snapshot's word: the changed tables are named later by their
    /// statistics), the base tables not among `confirmed` are marked
    /// ``ChangeSet/unconfirmedTables``; after a reconnect nothing will name them later.
    func deliverEveryTable(
        _ deliver: (ChangeSet) -> Void, at now: ContinuousClock.Instant = .now, confirmed: Set<String> = [],
        unconfirmed: Bool = false
    ) {
        if everyTableHeldBack(at: now) {
            everyTableDeferred = true
            return
        }
        everyTableDeferred = false
        lastEveryTable = now
        let others = otherTables.map(Self.changeName(of:)).sorted()
        let tables = vanished.subtracting(everyTable).sorted() + everyTable + others
        vanished = []
        guard !tables.isEmpty else { return }
        var changes = ChangeSet()
        changes.isExternal = true
        for table in tables { changes.appendTableOnly(table) }
        if unconfirmed {
            // Tables with counters only: a view's change is never named later.
            let counted = Set(probe.watched.lazy.filter { $0.schema == self.schema }.map(\.name)).union(others)
            changes.unconfirmedTables = counted.intersection(tables).subtracting(confirmed)
        }
        deliver(changes)
    }

    /// Whether a delivery of every table at `now` waits for ``everyTableSpacing``.
    private func everyTableHeldBack(at now: ContinuousClock.Instant) -> Bool {
        lastEveryTable.map { now - $0 < Self.everyTableSpacing } ?? false
    }

    /// Whether every table was delivered during the look that began at `start` (which covers
    /// the tables it named).
    private func everyTableDelivered(since start: ContinuousClock.Instant) -> Bool {
        lastEveryTable.map { $0 >= start } ?? false
    }

    /// How a change names a table of another schema: `schema.table`.
    static func changeName(of table: PGQualifiedName) -> String {
        QualifiedTableName(schema: table.schema, name: table.name).description
    }
}
