import FoundationEssentials
import ORMCore
import PostgresClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What identifies a database across runs, for what reef keeps of it (the prompts' history, the
/// named queries): a SQLite file's real path (links and `..` resolved), or a PostgreSQL server's
/// user, host, port and database, whatever spelling of the connection string named them. Never
/// a password, and never the folder reef was started in (only a relative file name that does not
/// resolve is made absolute from it).
///
/// ```swift
/// DatabaseIdentity.of("postgresql://ann:secret@db.example:5433/sales?sslmode=require")
/// // "ann@db.example:5433/sales"
/// DatabaseIdentity.of("host=db.example port=5433 dbname=sales user=ann password=secret")
/// // "ann@db.example:5433/sales"
/// ```
enum DatabaseIdentity {
    /// The identity of what `argument` names as the command line reads it: a server for a
    /// `postgres://` URL or a libpq `key=value` string that is not a file's name, else a file.
    /// What the string leaves out of a server comes from `environment` as libpq takes it
    /// (`PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`), else libpq's defaults.
    static func of(_ argument: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if Database.namesServer(argument), !FileManager.default.fileExists(atPath: argument) {
            return server(argument, environment: environment)
        }
        return realPath(argument)
    }

    /// `user@host:port/database` of the server `connectionString` names (a socket folder in
    /// brackets, a service as `service:NAME`); the string without its password when libpq
    /// cannot read it.
    static func server(_ connectionString: String, environment: [String: String]) -> String {
        guard let parameters = try? PGConnection.parameters(of: connectionString) else {
            return Database.withoutPassword(connectionString)
        }
        func value(_ keyword: String, _ variable: String) -> String? {
            parameters[keyword].flatMap { $0.isEmpty ? nil : $0 } ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        let user = value("user", "PGUSER") ?? environment["USER"] ?? environment["LOGNAME"] ?? ""
        let service = value("service", "PGSERVICE").map { "service:" + $0 }
        let target = PGConnectionTarget(host: value("host", "PGHOST") ?? service ?? "localhost",
                                        port: value("port", "PGPORT") ?? "5432",
                                        database: value("dbname", "PGDATABASE") ?? user, user: user)
        return target.description
    }

    /// The real path of `path` (links and `..` resolved), or `path` made absolute when it has none.
    static func realPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
