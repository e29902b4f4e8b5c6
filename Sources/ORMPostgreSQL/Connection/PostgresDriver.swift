import PostgresClient
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

/// PostgreSQL's driver: a server reached through libpq from a `postgres://` URL or a libpq
/// connection string, with a writer, readers beside it and a trial connection of its own.
///
/// ```swift
/// let driver = try PostgresDriver("postgres://ann@db.example.com:5432/sales")
/// let writer = try driver.openConnection(for: .writer)
/// let reader = try driver.openConnection(for: .reader)   // refuses every write
/// ```
///
/// The connection string is what `psql` takes: a URL (`postgres://` or `postgresql://`,
/// `?sslmode=require` and the other parameters libpq knows) or `key=value` pairs (`host=/var/run/postgresql
/// dbname=sales`); what it leaves out libpq fills in from the `PG*` environment variables
/// (`PGHOST`, `PGUSER`, `PGPASSWORD`, `PGSERVICE`…), `~/.pgpass`, the service file and its
/// defaults. An empty string uses those alone.
///
/// Each role's connection, on the server:
/// - the **writer** is a plain session that waits for another session's row lock no longer than
///   the busy timeout (`lock_timeout`; with ``Configuration/readOnly``, every transaction is
///   read-only: `default_transaction_read_only`);
/// - a **reader** is a session whose transactions are all read-only
///   (`default_transaction_read_only = on`): the server refuses any write on it, and the writes a
///   read-only transaction lets through (large objects, `COPY … TO` a file, `ALTER SYSTEM`, the
///   administration functions) are refused before they are sent (``PostgresReadOnlyGuard``), as
///   on every session of a read-only database;
/// - the **trial** connection waits for another session's row lock no longer than its busy
///   timeout (`lock_timeout`), and its ``PostgresConnection/commit()`` refuses and rolls back:
///   what is tried there never reaches the database.
package struct PostgresDriver: DatabaseDriver {
    /// The URL or connection string.
    package let connectionString: String
    /// How connections behave: ``Configuration/readOnly``, ``Configuration/busyTimeoutMilliseconds``
    /// (as `lock_timeout` on the writer and the trial connection), ``Configuration/maximumReaders`` and
    /// ``Configuration/tracer`` apply; the file settings (journal, page cache, `immutable`) do not.
    package let configuration: Configuration
    /// The schema browsed: the introspector describes it and every connection has it first on its
    /// `search_path`; nil for the `search_path`'s first.
    package let schema: String?
    /// Reported to the server (`pg_stat_activity`) unless the connection string names one.
    package let applicationName: String
    /// The libpq parameters the connection string itself sets (``PGConnection/parameters(of:)``).
    private let given: [String: String]
    /// Where this process's commits end, for reads on a standby; nil unless reads are placed there
    /// (``ReadPlacement/preferStandby(maximumWait:)``).
    let fence: ReplayFence?

    /// A driver for the server `connectionString` names.
    ///
    /// - Throws: ``PostgresDatabaseError`` (a `PGError` of kind `.badConnectionString` with libpq's
    ///   reason) when libpq cannot read the string; nothing is connected yet.
    package init(
        _ connectionString: String, configuration: Configuration = Configuration(), schema: String? = nil,
        applicationName: String = "ORMCore"
    ) throws {
        given = try PostgresConnection.wrapping { try PGConnection.parameters(of: connectionString) }
        self.connectionString = connectionString
        if case .preferStandby(let wait) = configuration.readPlacement {
            fence = ReplayFence(maximumWait: wait)
        } else {
            fence = nil
        }
        self.configuration = configuration
        self.schema = schema
        self.applicationName = applicationName
    }

    /// Readers beside the writer, a trial connection, other sessions' commits noticed (through
    /// `PGChangeProbe` and `PGNotifyTriggers`), inserted keys from `RETURNING`.
    package var capabilities: DriverCapabilities {
        DriverCapabilities(concurrentReaders: true, trialConnection: true, externalChanges: true, insertedKeys: .returning)
    }

    /// PostgreSQL's: quoting, `$n` placeholders, and the tokenizer that finds the tables raw SQL
    /// writes (its changes are recorded by ORMCore, ``ChangeSource/recordedWrites``).
    package var dialect: SQLDialect { .postgres }

    package func openConnection(for role: ConnectionRole) throws -> PostgresConnection {
        let client = try PostgresConnection.wrapping {
            try PGConnection(connectionString, applicationName: applicationName, settings: connectionSettings(for: role))
        }
        // A library prints nothing: libpq would write the server's notices (a trigger's `RAISE
        // NOTICE`, a session ended while idle) on standard error, into a terminal program's screen.
        client.discardNotices()
        let setup = sessionSetup(for: role)
        try PostgresConnection.wrapping { try setup(client) }
        let isTrial = if case .trial = role { true } else { false }
        let isReader = role == .reader || role == .primaryReader
        return try PostgresConnection(
            client, schema: schema, refusesCommits: isTrial, refusesWrites: configuration.readOnly || isReader,
            tracer: configuration.tracer, sessionSetup: setup,
            sessions: isTrial || isReader ? PostgresSessions.neverCommitting : nil,
            fence: role == .writer || role == .reader ? fence : nil,
            decidesLostCommits: role == .writer && !configuration.readOnly,
            listedServers: (given["host"] ?? given["hostaddr"]).map { $0.split(separator: ",").count } ?? 1)
    }

    /// Whether reads are placed on a standby: the core then keeps readers on the primary too, for
    /// reads a standby has not caught up with.
    package var readsOnStandby: Bool {
        fence != nil && namesSeveralHosts
    }

    /// Whether the connection string lists several servers (`host=h1,h2`, `postgresql://h1,h2/db`).
    private var namesSeveralHosts: Bool {
        (given["host"] ?? given["hostaddr"] ?? "").contains(",")
    }

    /// The libpq parameters a session of `role` connects with over the string's own: bounds on
    /// connecting and on a silent network (unless the string sets them), and which of several
    /// servers it takes (`target_session_attrs`): the writer, the trial and readers on the primary
    /// one that takes writes (unless the string says otherwise, or the database is read-only),
    /// readers placed on a standby a standby when one answers.
    func connectionSettings(for role: ConnectionRole) -> [String: String] {
        var settings: [String: String] = [:]
        // A server that does not answer fails the connection after this long (per host, then the
        // next is tried), and a connection whose peer went silent is found dead by TCP keepalives
        // after 5 + 3 × 2 s instead of the system's two hours.
        let defaults = [
            "connect_timeout": String(max(2, configuration.connectTimeoutSeconds)),
            "keepalives_idle": "5", "keepalives_interval": "2", "keepalives_count": "3",
        ]
        for (keyword, value) in defaults where given[keyword] == nil && !Self.setInEnvironment(keyword) {
            settings[keyword] = value
        }
        if let password = configuration.password, given["password"] == nil {
            settings["password"] = password
        }
        guard namesSeveralHosts else {
            return settings
        }
        let onPrimary = given["target_session_attrs"] == nil && !Self.setInEnvironment("target_session_attrs")
            && !configuration.readOnly
        switch role {
        case .writer, .trial:
            if onPrimary { settings["target_session_attrs"] = "read-write" }
        case .reader:
            if readsOnStandby {
                settings["target_session_attrs"] = "prefer-standby"
            } else if onPrimary {
                settings["target_session_attrs"] = "read-write"
            }
        case .primaryReader:
            settings["target_session_attrs"] = "read-write"
        }
        return settings
    }

    /// The `PG*` variables libpq reads for the parameters ORMCore may set: one the user set wins
    /// over ORMCore's default, as the connection string's own does.
    private static let environmentNames = [
        "connect_timeout": "PGCONNECT_TIMEOUT", "target_session_attrs": "PGTARGETSESSIONATTRS",
    ]

    /// Whether the user set `keyword`'s `PG*` variable (libpq reads it when the string does not).
    private static func setInEnvironment(_ keyword: String) -> Bool {
        guard let name = environmentNames[keyword], let value = getenv(name) else {
            return false
        }
        return value.pointee != 0
    }

    /// What a session sets when the server, database or role writes dates or intervals in other
    /// forms than the ISO and `postgres` ones ORMCore reads (and applications order as text): a
    /// `German` `DateStyle` writes `20.01.2024`, which sorts after `15.03.2024`. Only the output
    /// form changes (`DateStyle = ISO` keeps the order typed dates are read in, `DMY` or `MDY`);
    /// nil where the session's forms are these already (the server reports them as it connects).
    static func styleSettings(of client: PGConnection) -> String? {
        var settings: [String] = []
        if let dates = client.parameterStatus("DateStyle"), !dates.hasPrefix("ISO") {
            settings.append("SET DateStyle = ISO")
        }
        if let intervals = client.parameterStatus("IntervalStyle"), intervals != "postgres" {
            settings.append("SET IntervalStyle = postgres")
        }
        return settings.isEmpty ? nil : settings.joined(separator: "; ")
    }

    /// What a session of `role` sets when it connects, and again when it reconnects: read-only
    /// transactions (readers, and every session of a read-only database), the trial's
    /// `lock_timeout`, dates and intervals in the forms ORMCore reads (``styleSettings(of:)``),
    /// and the chosen schema first on the `search_path`.
    private func sessionSetup(for role: ConnectionRole) -> @Sendable (PGConnection) throws -> Void {
        var settings: [String] = []
        switch role {
        case .writer:
            if configuration.readOnly { settings.append("SET default_transaction_read_only = on") }
            // As SQLite's writer waits for the file's lock: a row another session holds fails the
            // write as busy after the timeout instead of waiting for that session's end.
            if configuration.busyTimeoutMilliseconds > 0 {
                settings.append("SET lock_timeout = \(configuration.busyTimeoutMilliseconds)")
            }
        case .reader, .primaryReader:
            settings.append("SET default_transaction_read_only = on")
        case .trial(let busyTimeout):
            if configuration.readOnly { settings.append("SET default_transaction_read_only = on") }
            // 0 would mean no limit to the server: not waiting is its shortest wait, 1 ms.
            settings.append("SET lock_timeout = \(max(1, busyTimeout))")
        }
        let schema = schema
        let script = settings.joined(separator: "; ")
        return { client in
            if !script.isEmpty {
                // Values are integers made here, never text from outside.
                _ = try client.executeScript(script)
            }
            if let styles = Self.styleSettings(of: client) {
                _ = try client.executeScript(styles)
            }
            if let schema {
                // The schema first on the search path, so that the unqualified names ORMCore
                // writes (and the user's SQL) find its tables; the rest of the path stays for
                // functions and types installed in `public`. The name is bound and quoted by the
                // server.
                _ = try client.execute(
                    "SELECT pg_catalog.set_config('search_path', pg_catalog.quote_ident($1) || ', ' || "
                        + "pg_catalog.current_setting('search_path'), false)", [.text(schema)])
            }
        }
    }
}

extension PostgresDriver {
    package var serverConnectionString: String? { connectionString }

    package var serverSettings: [String: String] { connectionSettings(for: .writer) }
}
