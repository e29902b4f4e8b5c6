extension Database {
    /// Runs `body` in a transaction: all or nothing.
    ///
    /// Nested calls are savepoints. One rule decides what rolls back: an error that leaves `body`
    /// (thrown by a statement, by a vetoing `will…` hook through ``Model/commit(in:options:)``, by
    /// ``Transaction/fail(_:)``, or by `body` itself) rolls back this transaction, or this savepoint
    /// only; an error caught inside `body` is handled and rolls back nothing. The one exception is
    /// ``Transaction/fail(_:)``: it fails the transaction it is called on even when the error is
    /// caught, because failing it was asked for. So an inner `try? db.transaction { tx in try tx.fail() }`
    /// rolls back the inner savepoint and the outer transaction goes on, exactly as when the inner body
    /// throws.
    ///
    /// A rollback puts back every object written or changed inside the transaction (or savepoint) as
    /// it was when the transaction began: the property values (changes made to a persisted object on
    /// this thread inside it are undone, so a later `commit()` does not write them), the unsaved
    /// changes it had then, and its persistence state (an inserted object is new again and keeps the
    /// values it was inserted with; a removed one is not deleted). `did…` hooks run after the
    /// outermost transaction commits, outside every lock.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, ``ORMError/vetoed(entity:operation:)``, or a ``SQLiteError`` from
    ///   `BEGIN`/`COMMIT` (`.busy` when another process holds the write lock past the busy timeout).
    @discardableResult
    public func transaction<T>(_ body: (Transaction) throws -> T) throws -> T {
        try write { connection in
            let depth = writerState.frames.count
            let savepoint = depth == 0 ? nil : "orm_savepoint_\(depth)"
            if let savepoint {
                try connection.savepoint(savepoint)
            } else {
                try connection.begin(.immediate)
            }
            let frame = TransactionFrame(
                serial: writerState.nextFrameSerial(), savepoint: savepoint, changeMark: writer.changeMark)
            writerState.frames.append(frame)
            do {
                let result = try body(Transaction(database: self, frame: frame))
                if let failure = frame.failure { throw failure }
                try finish(frame, connection: connection)
                return result
            } catch {
                rollBack(frame, connection: connection)
                throw error
            }
        }
    }

    private func finish(_ frame: TransactionFrame, connection: DatabaseConnection) throws {
        if let savepoint = frame.savepoint {
            try connection.releaseSavepoint(savepoint)
            writerState.frames.removeLast()
            if let parent = writerState.frames.last { frame.merge(into: parent) }
        } else {
            if !writerState.keySequencesBehind.isEmpty {
                try connection.records.catchUpKeySequences(Array(writerState.keySequencesBehind.values))
                writerState.keySequencesBehind = [:]
            }
            try connection.commit()
            writerState.frames.removeLast()
            // Committed: other threads may use the tables now.
            for type in frame.preparedModels { schemaRegistry.markReady(type) }
            var actions = frame.afterCommit
            if !frame.log.isEmpty {
                let hooks = TransferredHooks(log: frame.log)
                actions.append {
                    hooks.log.forEachHook { object, hook in Database.runDidHook(object, hook) }
                }
            }
            writer.scheduleAfterCommit(actions)
        }
    }

    private func rollBack(_ frame: TransactionFrame, connection: DatabaseConnection) {
        if writerState.frames.last === frame { writerState.frames.removeLast() }
        if let savepoint = frame.savepoint {
            try? connection.rollback(toSavepoint: savepoint)
            try? connection.releaseSavepoint(savepoint)
            writer.discardChanges(after: frame.changeMark)
        } else {
            if connection.isInTransaction { try? connection.rollback() }
            writer.discardPendingChanges()
            writerState.keySequencesBehind = [:]
        }
        var heldByAnother: [(object: any Model, restore: WriteLog.Restore)] = []
        frame.log.forEachReversed { entry in
            switch entry.restore {
            case .value(let value)?: Self.restore(value, of: entry.object)
            case let restore?:
                if !self.restore(entry.object, restore) { heldByAnother.append((entry.object, restore)) }
            case nil: break
            }
        }
        // An object whose row another object held while it was restored (an upserted object, say,
        // restored later): it takes the row back now that everything is restored.
        for (object, restore) in heldByAnother { self.restore(object, restore) }
        // The registry never heard of the tables this frame prepared; the writer's shortcut to the
        // last model written may name one of them.
        writerState.lastPrepared = nil
    }

    /// Puts back `object`'s key and state; false when another live object holds its row.
    @discardableResult
    private func restore(_ object: any Model, _ restore: WriteLog.Restore) -> Bool {
        guard let snapshot = restore.snapshot else { return true }
        if object._$primaryKey != restore.keyBefore { try? object._$setPrimaryKey(restore.keyBefore) }
        return identityMap.restore(object, to: snapshot, baseline: restore.baseline)
    }

    /// Puts back a column's value from before a change made in a rolled-back frame.
    private static func restore(_ value: ModelState.BoxedValue, of object: any Model) {
        object._$withStateFields { _ in _ = object._$columnValue(value.column, replacingWith: value.value) }
        var column = _ColumnSet()
        column.insert(value.column)
        object._$observedColumnsDidChange(column)
    }

    /// The innermost open transaction frame, when the current thread is in a transaction.
    package var currentFrame: TransactionFrame? {
        writer.lock.isHeldByCurrentThread ? writerState.frames.last : nil
    }
}

/// The `did…` hooks handed from the writer to the thread that runs them after the commit.
private struct TransferredHooks: Sendable {
    let log: WriteLog
}
