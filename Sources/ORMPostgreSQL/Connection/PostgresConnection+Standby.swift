import PostgresClient
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

// Reads on a standby with read-your-writes (``ReadPlacement/preferStandby(maximumWait:)``): the
// writer moves its ``ReplayFence`` after each commit, a reader on a standby waits for it.

extension PostgresConnection {
    /// After a statement of the writer that may have committed: the fence moved to where the
    /// primary's log ends now (at or past the commit's end; a commit that filled its page ends at
    /// the next page's start, ``ReplayFence/commitEnd(insert:fileOffset:blockSize:)``). Left where
    /// it was when the server does not answer: a read then waits for the commit before, never less.
    func moveFence() {
        let sql = """
            SELECT p.lsn::text, (pg_catalog.pg_walfile_name_offset(p.lsn)).file_offset::text,
              pg_catalog.current_setting('wal_block_size') FROM (SELECT pg_catalog.pg_current_wal_insert_lsn() AS lsn) AS p
            """
        guard let fence, client.transactionStatus == .idle, let row = try? client.execute(sql).first,
              let text = row.text(at: 0), let position = ReplayFence.position(text)
        else {
            return
        }
        guard let offset = row.text(at: 1).flatMap({ UInt64($0) }), let blockSize = row.text(at: 2).flatMap({ UInt64($0) }) else {
            fence.committed(at: position)
            return
        }
        fence.committed(at: ReplayFence.commitEnd(insert: position, fileOffset: offset, blockSize: blockSize))
    }

    /// Whether the server is a standby (hot standby: it replays a primary's log and only reads),
    /// as the server last reported (`in_hot_standby`, which it reports again when promoted).
    package var isStandby: Bool {
        client.parameterStatus("in_hot_standby") == "on"
    }

    /// Before a read on a reader placed on a standby: waits until the standby has replayed this
    /// process's last commit (its ``fence``), at most the fence's wait. True when the read may
    /// run here (replayed, no commit to wait for, or not a standby), false when it must run on the
    /// primary.
    func waitForReplay() -> Bool {
        guard let fence, isStandby else {
            return true
        }
        let required = fence.required
        guard required > replayed else {
            return true
        }
        let deadline = ContinuousClock.now + fence.maximumWait
        var pauseMicroseconds: UInt32 = 1_000
        while true {
            guard let text = try? client.execute("SELECT pg_catalog.pg_last_wal_replay_lsn()::text").first?.text(at: 0),
                  let position = ReplayFence.position(text)
            else {
                return false
            }
            replayed = position
            if position >= required {
                return true
            }
            if ContinuousClock.now >= deadline {
                return false
            }
            // The standby applies the commit within milliseconds as a rule: look again soon, then
            // less often.
            usleep(pauseMicroseconds)
            pauseMicroseconds = min(pauseMicroseconds * 2, 20_000)
        }
    }
}
