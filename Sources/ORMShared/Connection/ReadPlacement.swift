/// Where reads run when a PostgreSQL connection string names several servers of a replicated
/// cluster (`postgresql://h1:5432,h2:5432/sales`): on the primary, or on a standby with
/// read-your-writes. Ignored on SQLite.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.readPlacement = .preferStandby(maximumWait: .milliseconds(500))
/// let database = try Database(url: "postgresql://h1:5432,h2:5432/sales", configuration: configuration)
/// ```
///
/// The writer always connects to a server that takes writes (libpq's
/// `target_session_attrs=read-write`, unless the string sets it).
public enum ReadPlacement: Sendable, Equatable {
    /// Reads run on the server that takes writes, as the writer does (the default).
    case primary
    /// Reads run on a standby when one answers (libpq's `target_session_attrs=prefer-standby`;
    /// on the primary when none does). A read that follows a commit of this process waits until
    /// the standby has replayed that commit (`pg_last_wal_replay_lsn()` against the commit's
    /// position in the write-ahead log), at most `maximumWait`; then it runs on the primary, so it
    /// never sees data older than the commit.
    case preferStandby(maximumWait: Duration = .seconds(1))
}
