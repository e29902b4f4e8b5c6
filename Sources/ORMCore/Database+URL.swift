import ORMPostgreSQL
import ORMSQLite
import ORMShared

extension Database {
    /// Opens the database `url` names: a PostgreSQL server for a `postgres://` or `postgresql://`
    /// URL or a libpq connection string (`host=… dbname=…`), else a SQLite file (a path,
    /// `":memory:"`, or a `file:` URI).
    ///
    /// ```swift
    /// let server = try Database(url: "postgres://ann@db.example.com:5432/sales")
    /// let local = try Database(url: "host=/var/run/postgresql dbname=sales")
    /// let file = try Database(url: "app.sqlite")
    /// ```
    ///
    /// On PostgreSQL, libpq fills in what the string leaves out from the `PG*` environment
    /// variables, `~/.pgpass` and the service file. The writer is one session and reads run on
    /// sessions of their own (read-only), as SQLite's readers do. What works there as on SQLite:
    /// models (their tables created and migrated in place with PostgreSQL's types), the identity
    /// map, commits and removes, the query builder and batched result sets, transactions and
    /// savepoints with rollback restoring objects, events for this process's writes (recorded by
    /// ORMCore itself: rows written by triggers and cascades are not seen), raw SQL, introspection,
    /// dynamic tables, their applied edits and the trials of staged edits
    /// (``DynamicTable/check(_:after:waitingForLock:)``, judged with the server's own errors),
    /// ``valuePrefix(table:column:rowID:count:)`` (the row by its integer key) and
    /// `forEachRowCells` (rows read where they are). Not on PostgreSQL, throwing
    /// ``ORMError/notSupported(feature:database:)``: `forEachStatementRow(_:_:body:)`, which
    /// hands out SQLite's statement. Other sessions' commits are told as other processes' are on
    /// SQLite (table by table; see ``installChangeNotifications(on:)``).
    ///
    /// ``path`` is the connection string with any password left out. Every session the database
    /// opens on the server (the writer, readers, the trial, the watch of other sessions' commits)
    /// names itself ``Configuration/applicationName`` (`ORMCore` unless set) unless the string or
    /// `PGAPPNAME` names one.
    ///
    /// `schema` chooses the PostgreSQL schema worked in: introspection (``schemaObjects()``,
    /// ``tableInfo(_:)``, ``DynamicTable``) describes it, and every connection has it first on its
    /// `search_path`, so models' tables are made there and unqualified names in SQL find its
    /// tables; nil keeps the `search_path`'s first schema (`public` by default). ``schemas()``
    /// lists those there are.
    ///
    /// - Throws: on PostgreSQL, ``PostgresDatabaseError`` when libpq cannot read the string, the
    ///   server cannot be reached or there is no schema `schema` (the message lists those there
    ///   are); on SQLite, ``SQLiteError`` as ``init(path:configuration:)``, and
    ///   ``ORMError/unknownName(_:)`` for a `schema` other than `main` (a file has one).
    public convenience init(url: String, schema: String? = nil, configuration: Configuration = Configuration()) throws {
        guard Self.namesServer(url) else {
            if let schema, schema != "main" {
                throw ORMError.unknownName("schema \(quoteIdentifier(schema)): a SQLite file has one schema, main")
            }
            try self.init(path: url, configuration: configuration)
            return
        }
        try self.init(
            driver: PostgresDriver(url, configuration: configuration, schema: schema, applicationName: configuration.applicationName),
            path: Self.withoutPassword(url),
            configuration: configuration)
    }

    /// Whether `url` names a PostgreSQL server: a `postgres://` or `postgresql://` URL, or a
    /// libpq `key=value` string whose first key is one libpq knows (`host=db dbname=sales`).
    public static func namesServer(_ url: String) -> Bool {
        let lowered = url.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") { return true }
        let trimmed = lowered.drop { $0 == " " || $0 == "\t" }
        guard let equals = trimmed.firstIndex(of: "=") else { return false }
        let key = String(trimmed[..<equals].filter { $0 != " " && $0 != "\t" })
        return libpqKeywords.contains(key)
    }

    /// The connection string as ``path`` shows it: a URL's `user:password@` as `user@`, a
    /// `password=` pair and a `password` query parameter left out; fit for messages and logs.
    public static func withoutPassword(_ url: String) -> String {
        let lowered = url.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            guard let scheme = url.firstRange(of: "://") else { return url }
            var rest = String(url[scheme.upperBound...])
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                rest.removeSubrange(colon..<at)
            }
            if let query = rest.firstIndex(of: "?") {
                let pairs = rest[rest.index(after: query)...].split(separator: "&")
                    .filter { !$0.lowercased().hasPrefix("password=") }
                rest = String(rest[..<query]) + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
            }
            return String(url[..<scheme.upperBound]) + rest
        }
        // key=value pairs: values may be quoted ('…' with \' and \\ escapes).
        var kept: [String] = []
        var index = url.startIndex
        while index < url.endIndex {
            while index < url.endIndex, url[index] == " " || url[index] == "\t" { index = url.index(after: index) }
            guard index < url.endIndex else { break }
            let start = index
            var quoted = false
            while index < url.endIndex {
                let character = url[index]
                if quoted, character == "\\" {
                    index = url.index(after: index)
                    if index < url.endIndex { index = url.index(after: index) }
                    continue
                }
                if character == "'" { quoted.toggle() }
                if !quoted, character == " " || character == "\t" { break }
                index = url.index(after: index)
            }
            let pair = url[start..<index]
            let key = String(pair.prefix { $0 != "=" }.filter { $0 != " " }).lowercased()
            if key != "password" { kept.append(String(pair)) }
        }
        return kept.joined(separator: " ")
    }

    /// libpq's connection keywords (PostgreSQL 15's, `PQconndefaults`).
    private static let libpqKeywords: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "channel_binding", "connect_timeout",
        "client_encoding", "options", "application_name", "fallback_application_name", "keepalives",
        "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout", "replication",
        "gssencmode", "sslmode", "requiressl", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslrootcert",
        "sslcrl", "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version", "ssl_max_protocol_version",
        "krbsrvname", "gsslib", "service", "target_session_attrs", "load_balance_hosts",
    ]
}
