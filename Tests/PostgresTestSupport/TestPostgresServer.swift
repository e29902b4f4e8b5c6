import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL server of the tests' own: initialised in a temporary folder, started on a free
/// loopback port and a private socket folder, shared by every test of the process and stopped
/// when the process exits.
///
/// The server refuses to run as root, so under root (CI) `initdb` and `pg_ctl` run as the
/// `postgres` user through `runuser`, in a folder that user owns. The binaries are found in
/// `REEF_PG_BIN`, else the newest `/usr/lib/postgresql/N/bin`, else the `PATH`.
///
/// Local connections (the socket folder) are trusted; connections over TCP need a password
/// (SCRAM), so the tests can check `.pgpass` and password URLs.
public final class TestPostgresServer: Sendable {
    /// The superuser the tests connect as.
    public static let superuser = "reef"
    /// The password of ``superuser`` over TCP.
    public static let password = "reef-test-password"

    /// The folder holding the data and the socket.
    public let folder: String
    /// The TCP port on 127.0.0.1 (the socket is named after it too).
    public let port: Int
    /// The server's process, for stopping it at exit.
    public let serverProcessID: pid_t

    /// A `key=value` connection string over the socket folder, to database `database`.
    public func connectionString(database: String = "postgres") -> String {
        "host=\(folder) port=\(port) user=\(Self.superuser) dbname=\(database)"
    }

    /// A URL over TCP with the password in it.
    public func url(database: String = "postgres") -> String {
        "postgres://\(Self.superuser):\(Self.password)@127.0.0.1:\(port)/\(database)"
    }

    /// The server shared by the process, started on first use.
    public static func shared() throws -> TestPostgresServer {
        try started.get()
    }

    private static let started: Result<TestPostgresServer, any Error> = Result {
        let server = try TestPostgresServer()
        atexit { TestPostgresServer.stopAtExit() }
        runningServer.store(server.serverProcessID, ordering: .sequentiallyConsistent)
        for signal in stoppingSignals {
            Glibc.signal(signal) { received in TestPostgresServer.stopOnSignal(received) }
        }
        return server
    }

    private init() throws {
        Self.removeStaleServers()
        let bin = try Self.binaries()
        var template = Array("/tmp/reef-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ServerError("could not make a folder in /tmp: \(String(cString: strerror(errno)))")
        }
        folder = String(cString: made)
        try String(getpid()).write(toFile: folder + "/" + Self.ownerFile, atomically: true, encoding: .utf8)
        let asUser = try Self.unprivilegedUser(owning: folder)
        port = try Self.freePort()
        let data = folder + "/data"
        let passwordFile = folder + "/password"
        try Self.password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if let owner = asUser {
            chown(passwordFile, owner.uid, owner.gid)
        }
        try Self.run(bin + "/initdb", [
            "-D", data, "-U", Self.superuser, "--pwfile", passwordFile, "-E", "UTF8", "--no-locale", "--no-sync",
            "--auth-local=trust", "--auth-host=scram-sha-256",
        ], as: asUser)
        // No autovacuum: its analyze of any table, in any database, commits a transaction of its
        // own, which a change watch cannot tell from another session's commit in its database
        // (the snapshot is the server's). Tests that assert that nothing external arrived need a
        // server on which only the tests commit.
        let options = "-k \(folder) -p \(port) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
            + "-c full_page_writes=off -c max_connections=100 -c autovacuum=off"
        try Self.run(bin + "/pg_ctl", ["-D", data, "-l", folder + "/server.log", "-w", "-t", "120", "-o", options, "start"],
                     as: asUser)
        let pidText = try String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8)
        guard let firstLine = pidText.split(separator: "\n").first, let pid = pid_t(firstLine) else {
            throw ServerError("the server started but wrote no process id in \(data)/postmaster.pid")
        }
        serverProcessID = pid
    }

    /// The server's process for the signal handler (which can reach no Swift object), 0 before
    /// one runs.
    private static let runningServer = Atomic<pid_t>(0)

    /// The signals that end a test process without running `atexit` handlers: a crashed test
    /// (a trap, an abort), a test run stopped from the terminal or by a CI timeout.
    private static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE]

    /// Stops the server (immediate shutdown, which is async-signal-safe: one `kill`) and ends the
    /// process by the signal it got. The folder is left for the next test process, which removes
    /// the folders of owners that are gone (``removeStaleServers()``).
    private static func stopOnSignal(_ received: Int32) {
        let server = runningServer.load(ordering: .sequentiallyConsistent)
        if server > 0 {
            kill(server, SIGQUIT)
        }
        Glibc.signal(received, SIG_DFL)
        raise(received)
    }

    /// Stops the shared server (immediate shutdown) and removes its folder.
    private static func stopAtExit() {
        guard case .success(let server) = started else {
            return
        }
        kill(server.serverProcessID, SIGQUIT)
        // Not `waitUntil`: this runs at exit, after the last test, where a failure has no test to
        // fail; the server is given ten seconds to end before its folder goes regardless.
        var waited = 0
        while kill(server.serverProcessID, 0) == 0, waited < 1000 {
            usleep(10_000)
            waited += 1
        }
        try? FileManager.default.removeItem(atPath: server.folder)
    }

    /// The file naming the test process that owns a server's folder.
    static let ownerFile = "owner.pid"

    /// Whether the test process that made `folder` (its ``ownerFile``) has died; false for a
    /// folder naming no owner (made by hand), which is left alone.
    static func ownerIsGone(of folder: String) -> Bool {
        guard let owner = (try? String(contentsOfFile: folder + "/" + ownerFile, encoding: .utf8))
            .flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        else {
            return false
        }
        return kill(owner, 0) != 0 && errno == ESRCH
    }

    /// Stops and removes the servers of test processes that died without stopping theirs (a crash,
    /// a kill): each folder names its owner, and a folder whose owner is gone is stale. Output
    /// files of commands such a process ran go too.
    static func removeStaleServers() {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        for name in folders where name.hasPrefix("reef-pg-output-") {
            // A command's output file, left when its test process was killed while it ran.
            let owner = name.dropFirst("reef-pg-output-".count).prefix { $0 != "-" }
            if let owner = pid_t(owner), kill(owner, 0) != 0, errno == ESRCH {
                unlink("/tmp/" + name)
            }
        }
        for name in folders where name.hasPrefix("reef-pg-") && !name.hasPrefix("reef-pg-output-") {
            let folder = "/tmp/" + name
            guard Self.ownerIsGone(of: folder) else {
                continue
            }
            let serverPID = (try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8))
                .flatMap { $0.split(separator: "\n").first }.flatMap { pid_t($0) }
            if let serverPID {
                kill(serverPID, SIGQUIT)
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    // MARK: - Setting up

    /// The path of the server package's program `name` (`psql`, `pg_ctl`), found as the server's
    /// own are: in `REEF_PG_BIN`, else the newest `/usr/lib/postgresql/N/bin`, else the `PATH`.
    public static func program(_ name: String) throws -> String {
        let path = try binaries() + "/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ServerError("PostgreSQL's \(name) is not at \(path): run scripts/setup (apt-get install postgresql)")
        }
        return path
    }

    /// The folder of `initdb` and `pg_ctl`.
    static func binaries() throws -> String {
        let fileManager = FileManager.default
        if let bin = ProcessInfo.processInfo.environment["REEF_PG_BIN"] {
            return bin
        }
        let versions = (try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        if let newest = versions.compactMap(Int.init).max(),
           fileManager.isExecutableFile(atPath: "/usr/lib/postgresql/\(newest)/bin/initdb") {
            return "/usr/lib/postgresql/\(newest)/bin"
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where fileManager.isExecutableFile(atPath: "\(folder)/initdb") {
            return String(folder)
        }
        throw ServerError("PostgreSQL's initdb was not found: run scripts/setup (apt-get install postgresql), or set REEF_PG_BIN")
    }

    /// Under root, the `postgres` user, made the owner of `folder`; otherwise nil (run as ourselves).
    static func unprivilegedUser(owning folder: String) throws -> (uid: uid_t, gid: gid_t)? {
        guard geteuid() == 0 else {
            return nil
        }
        guard let entry = getpwnam("postgres") else {
            throw ServerError("running as root, but there is no postgres user to run the server as: run scripts/setup")
        }
        let owner = (uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
        guard chown(folder, owner.uid, owner.gid) == 0 else {
            throw ServerError("could not give \(folder) to the postgres user: \(String(cString: strerror(errno)))")
        }
        return owner
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    public static func freePort() throws -> Int {
        let socketHandle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketHandle >= 0 else {
            throw ServerError("no socket: \(String(cString: strerror(errno)))")
        }
        defer { close(socketHandle) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socketHandle, address, length) == 0 && getsockname(socketHandle, address, &length) == 0
            }
        }
        guard bound else {
            throw ServerError("could not find a free port: \(String(cString: strerror(errno)))")
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `program`, as `user` when given (through runuser), and fails with its output unless it
    /// exits with 0.
    static func run(_ program: String, _ arguments: [String], as user: (uid: uid_t, gid: gid_t)?) throws {
        let command = user == nil ? [program] + arguments : ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments
        _ = try ProgramRun(command).checkedOutput()
    }
}

/// Why the test server could not start.
public struct ServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
