import CSQLite
import FoundationEssentials
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The hooks that record changes

extension Connection {
    fileprivate func hookTableName(_ name: UnsafePointer<CChar>) -> String {
        let matches = hookTableBytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { strcmp($0, name) == 0 } ?? false
        }
        if !matches {
            hookTableName = String(cString: name)
            hookTableBytes = ContiguousArray(hookTableName.utf8CString)
        }
        return hookTableName
    }

    fileprivate func hookRecord(operation: Int32, table: String, rowID: Int64) {
        let kind: RecordOperation
        switch operation {
        case SQLITE_INSERT: kind = .insert
        case SQLITE_DELETE: kind = .delete
        default: kind = .update
        }
        if objectWrite?.table == table {
            // The next row of a batch insert: its fields are looked at in place, not copied.
            let keyIsRowID =
                switch objectWrite?.key {
                case .null?: kind == .insert  // an object inserted with a NULL key gets the rowid
                case .integer(rowID)?: true
                default: false
                }
            if keyIsRowID, objectWrite?.columns == nil,
                pending.extendRun(table: table, operation: kind, origin: .object, keyIsRowID: true, rowID: rowID)
            {
                return
            }
            if let write = objectWrite {
                let key = keyIsRowID ? .integer(rowID) : write.key
                pending.appendRow(
                    table: table, operation: kind, rowID: rowID, origin: .object, key: key, changedColumns: write.columns)
                return
            }
        }
        if pending.extendRun(table: table, operation: kind, origin: .sql, keyIsRowID: false, rowID: rowID) { return }
        pending.appendRow(table: table, operation: kind, rowID: rowID, origin: .sql, key: nil, changedColumns: nil)
    }

    fileprivate func hookRollback() {
        pending = ChangeSet()
    }

    fileprivate func hookAuthorize(action: Int32, table: String?) -> Int32 {
        switch action {
        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VTABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW:
            authorizerSawDrop = true
        default: break
        }
        guard let table, !table.hasPrefix("sqlite_") else { return SQLITE_OK }
        switch action {
        case SQLITE_INSERT, SQLITE_UPDATE:
            authorizerWrites.insert(table)
        case SQLITE_DELETE:
            authorizerWrites.insert(table)
            // IGNORE on a DELETE keeps the delete but turns off the truncate optimisation, so the
            // update hook sees every deleted row. Not for DROP TABLE: IGNORE would cancel the drop.
            return authorizerSawDrop ? SQLITE_OK : SQLITE_IGNORE
        default: break
        }
        return SQLITE_OK
    }

    func installHooks() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        if recordsChanges { installChangeHooks(context) }
        sqlite3_set_authorizer(
            handle,
            { context, action, first, _, _, _ in
                guard let context else { return SQLITE_OK }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                let table: String? =
                    switch action {
                    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE: first.map { String(cString: $0) }
                    default: nil
                    }
                return connection.hookAuthorize(action: action, table: table)
            }, context)
    }

    /// The update hook (every row written) and the rollback hook (the pending rows forgotten).
    private func installChangeHooks(_ context: UnsafeMutableRawPointer) {
        sqlite3_update_hook(
            handle,
            { context, operation, _, table, rowID in
                guard let context, let table else { return }
                // Borrowed: the connection outlives its hooks (no reference counting per row written).
                Unmanaged<Connection>.fromOpaque(context)._withUnsafeGuaranteedRef { connection in
                    connection.hookRecord(operation: operation, table: connection.hookTableName(table), rowID: rowID)
                }
            }, context)
        sqlite3_rollback_hook(
            handle,
            { context in
                guard let context else { return }
                Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().hookRollback()
            }, context)
    }
}
