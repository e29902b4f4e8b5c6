import PostgresClient
import ORMShared

/// What a read-only PostgreSQL session refuses before the server sees it: the statements and
/// functions that write although the transaction is read-only.
///
/// A session with `default_transaction_read_only` (a reader, and every session of a database
/// opened with ``Configuration/readOnly``) has the server refuse `INSERT`, DDL, `nextval` and the
/// rest. Some writes get through a read-only transaction all the same, and the attack run found
/// them writing under reef's `--readonly`: the large-object functions (`lo_create`, `lo_put`,
/// `lo_unlink`, `lo_import`, `lo_export`…), `COPY … TO` a server file or program, `ALTER SYSTEM`,
/// the administration functions (`pg_reload_conf`, `pg_terminate_backend`, replication slots,
/// `pg_stat_reset`…), `txid_current()` (which assigns a transaction id), and statements that turn the session's read-only setting off (`SET
/// default_transaction_read_only = off`, `BEGIN READ WRITE`, `RESET ALL`, `set_config`). Each is
/// refused here with SQLSTATE 25006, the server's own code for a write in a read-only transaction.
///
/// What cannot be read from the text is refused whole: a `DO` block and `CALL` (their code is in
/// the body or the database), and functions that run SQL given as text (`query_to_xml`,
/// `dblink…`). Functions written in the database are not looked into: one that calls
/// `lo_create` itself gets through; a role without those privileges is the guarantee.
enum PostgresReadOnlyGuard {
    /// Functions that write, or act on the server, inside a read-only transaction (lower case, as
    /// PostgreSQL names its own).
    static let writingFunctions: Set<String> = [
        // Large objects: transactional writes the read-only check does not cover, and files.
        "lo_create", "lo_creat", "lo_import", "lo_export", "lo_unlink", "lo_put", "lo_from_bytea",
        "lo_truncate", "lo_truncate64", "lowrite",
        // SQL given as text, run where the guard cannot read it.
        "query_to_xml", "query_to_xmlschema", "query_to_xml_and_xmlschema",
        // Settings: the session's read-only setting among them.
        "set_config",
        // The server and its other sessions.
        "pg_reload_conf", "pg_rotate_logfile", "pg_switch_wal", "pg_switch_xlog", "pg_create_restore_point",
        "pg_terminate_backend", "pg_cancel_backend", "pg_promote", "pg_wal_replay_pause", "pg_wal_replay_resume",
        "pg_backup_start", "pg_backup_stop", "pg_start_backup", "pg_stop_backup", "pg_log_backend_memory_contexts",
        "pg_import_system_collations", "pg_logical_emit_message", "pg_notify", "nextval", "setval",
        // A transaction id assigned: the server uses up one of its ids and writes the transaction's
        // commit to its log, though no table changes (the `_if_assigned` forms only read).
        "txid_current", "pg_current_xact_id",
        // Replication slots and origins.
        "pg_create_physical_replication_slot", "pg_create_logical_replication_slot", "pg_drop_replication_slot",
        "pg_copy_physical_replication_slot", "pg_copy_logical_replication_slot", "pg_replication_slot_advance",
        "pg_logical_slot_get_changes", "pg_logical_slot_get_binary_changes",
        "pg_replication_origin_create", "pg_replication_origin_drop", "pg_replication_origin_advance",
        "pg_replication_origin_session_setup", "pg_replication_origin_session_reset",
        "pg_replication_origin_xact_setup", "pg_replication_origin_xact_reset",
        // adminpack's files on the server.
        "pg_file_write", "pg_file_rename", "pg_file_unlink", "pg_file_sync",
    ]

    /// Prefixes of families of such functions: statistics resets, dblink's connections to other
    /// servers (which may write there).
    static let writingFunctionPrefixes = ["pg_stat_reset", "dblink"]

    /// First keywords of statements refused whole: maintenance that writes (`VACUUM`, `ANALYZE`…),
    /// code the guard cannot read (`DO`, `CALL`), library loading, notifications, two-phase
    /// commit, and `DISCARD` (`DISCARD ALL` resets the read-only setting).
    static let refusedStatements: Set<String> = [
        "DO", "CALL", "CHECKPOINT", "VACUUM", "ANALYZE", "ANALYSE", "CLUSTER", "REINDEX", "LOAD", "NOTIFY",
        "DISCARD",
    ]

    /// The settings that make a session read-only.
    private static let readOnlySettings: Set<String> = ["default_transaction_read_only", "transaction_read_only"]

    /// Throws when `sql` (one statement or several) would write on a read-only session.
    ///
    /// - Throws: ``PostgresDatabaseError`` with SQLSTATE 25006 naming what is refused.
    package static func check(_ sql: String) throws {
        if let reason = refusal(of: sql) {
            throw PostgresDatabaseError(PGError(
                kind: .server, message: "\(reason): refused on a read-only session", sqlState: "25006", sql: sql))
        }
    }

    /// Why `sql` is refused on a read-only session (`lo_create writes even in a read-only
    /// transaction`), nil when it is not.
    package static func refusal(of sql: String) -> String? {
        let tokens = SQLToken.tokens(in: sql, dialect: .postgres).filter { !$0.isTrivia }
        var start = 0
        while start < tokens.count {
            let end = tokens[start...].firstIndex { $0.kind == .semicolon } ?? tokens.count
            if let reason = refusal(ofStatement: tokens[start..<end], in: sql) {
                return reason
            }
            start = end + 1
        }
        return nil
    }

    /// Why one statement (its tokens without trivia) is refused.
    private static func refusal(ofStatement tokens: ArraySlice<SQLToken>, in sql: String) -> String? {
        let words = tokens.map { $0.kind == .word ? sql[$0.range].uppercased() : "" }
        guard let first = words.first, !first.isEmpty else {
            return functionRefusal(tokens, in: sql)
        }
        if refusedStatements.contains(first) {
            return "\(first) may write even in a read-only transaction"
        }
        let second = words.dropFirst().first ?? ""
        switch first {
        case "ALTER" where second == "SYSTEM":
            return "ALTER SYSTEM writes the server's configuration"
        case "COPY" where !copiesToClient(words):
            return "COPY to or from a server file or program"
        case "PREPARE" where second == "TRANSACTION", "COMMIT" where second == "PREPARED",
             "ROLLBACK" where second == "PREPARED":
            return "two-phase commit"
        case "SET", "RESET", "BEGIN", "START":
            if let reason = settingRefusal(words, tokens: tokens, in: sql) {
                return reason
            }
        default:
            break
        }
        return functionRefusal(tokens, in: sql)
    }

    /// Whether a `COPY` statement only sends rows to the client (`COPY … TO STDOUT`).
    private static func copiesToClient(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { $0 == "TO" && $1 == "STDOUT" }
    }

    /// Why a `SET`, `RESET`, `BEGIN` or `START` statement is refused: it makes the session or its
    /// transaction writable (`SET default_transaction_read_only`, `BEGIN READ WRITE`, `RESET ALL`).
    private static func settingRefusal(
        _ words: [String], tokens: ArraySlice<SQLToken>, in sql: String
    ) -> String? {
        if zip(words, words.dropFirst()).contains(where: { $0 == "READ" && $1 == "WRITE" }) {
            return "READ WRITE turns the read-only session writable"
        }
        if words.first == "RESET", words.dropFirst().first == "ALL" {
            return "RESET ALL turns the read-only session writable"
        }
        let names = tokens.map { token in
            token.kind == .quotedName ? token.unquoted(in: sql) : sql[token.range].lowercased()
        }
        if let setting = names.first(where: readOnlySettings.contains) {
            return "setting \(setting) would make the session writable"
        }
        return nil
    }

    /// Why a statement that calls a writing function is refused: a name (the last part of a
    /// qualified one; a quoted name as written) followed by `(`.
    private static func functionRefusal(_ tokens: ArraySlice<SQLToken>, in sql: String) -> String? {
        for (token, next) in zip(tokens, tokens.dropFirst()) where next.kind == .openParenthesis {
            let name: String
            switch token.kind {
            case .word: name = sql[token.range].lowercased()
            case .quotedName: name = token.unquoted(in: sql)
            default: continue
            }
            if writingFunctions.contains(name) || writingFunctionPrefixes.contains(where: name.hasPrefix) {
                return "\(name) writes even in a read-only transaction"
            }
        }
        return nil
    }
}
