import Foundation
import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// libpq through ``PGConnection`` against a real server of the tests' own.
final class PGConnectionTests: XCTestCase {
    private var server: TestPostgresServer!

    override func setUpWithError() throws {
        server = try TestPostgresServer.shared()
    }

    // MARK: - Connecting

    func testConnectsWithKeyValuePairsAndWithAURL() throws {
        let overSocket = try PGConnection(server.connectionString())
        XCTAssertEqual(try overSocket.execute("SELECT current_user")[0].text(at: 0), TestPostgresServer.superuser)
        let overTCP = try PGConnection(server.url())
        XCTAssertEqual(try overTCP.execute("SELECT inet_server_addr()::text")[0].text(at: 0), "127.0.0.1/32")
        XCTAssertGreaterThanOrEqual(overTCP.serverVersion, 150000)
        XCTAssertEqual(overTCP.parameterStatus("client_encoding"), "UTF8")
        XCTAssertEqual(try overTCP.execute("SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()")[0]
                        .text(at: 0), "reef")
    }

    func testAConnectionStringLibpqCannotReadIsRefusedBeforeConnecting() {
        XCTAssertThrowsError(try PGConnection("host=localhost nonsense_option=1")) { error in
            XCTAssertEqual((error as? PGError)?.kind, .badConnectionString)
            XCTAssertTrue((error as? PGError)?.message.contains("nonsense_option") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try PGConnection("postgres://[not-a-host")) { error in
            XCTAssertEqual((error as? PGError)?.kind, .badConnectionString, "\(error)")
        }
    }

    func testAServerThatIsNotThereIsAConnectionErrorWithLibpqsMessage() throws {
        let refusedPort = try XCTUnwrap(closedPort())
        XCTAssertThrowsError(try PGConnection("postgres://reef@127.0.0.1:\(refusedPort)/postgres?connect_timeout=10")) { error in
            let error = error as? PGError
            XCTAssertEqual(error?.kind, .connection)
            XCTAssertTrue(error?.message.contains("127.0.0.1") ?? false, "\(String(describing: error))")
            XCTAssertEqual(error?.target, PGConnectionTarget(host: "127.0.0.1", port: "\(refusedPort)", database: "postgres", user: "reef"))
            let line = error?.oneLine ?? ""
            XCTAssertTrue(line.hasPrefix("cannot connect to reef@127.0.0.1:\(refusedPort)/postgres: "), line)
            XCTAssertFalse(line.contains("\n"), line)
        }
    }

    func testAFailedConnectionSaysWhereItWentOnOneLineWithoutThePassword() throws {
        let socketFolder = try temporaryFolder()
        XCTAssertThrowsError(try PGConnection("host=\(socketFolder) port=5999 user=ann dbname=sales password=s3cret")) { error in
            let error = error as? PGError
            XCTAssertEqual(error?.target, PGConnectionTarget(host: socketFolder, port: "5999", database: "sales", user: "ann"))
            let line = error?.oneLine ?? ""
            XCTAssertTrue(line.hasPrefix("cannot connect to ann@[\(socketFolder)]:5999/sales: "), line)
            XCTAssertTrue(line.contains("No such file or directory"), line)
            XCTAssertFalse(line.contains("\n") || line.contains("\t"), line)
            XCTAssertFalse(line.contains("s3cret"), line)
        }
        XCTAssertThrowsError(try PGConnection("postgres://ann:s3cret@127.0.0.1:\(server.port)/postgres")) { error in
            let line = (error as? PGError)?.oneLine ?? ""
            XCTAssertTrue(line.hasPrefix("cannot connect to ann@127.0.0.1:\(server.port)/postgres: "), line)
            XCTAssertFalse(line.contains("s3cret"), line)
        }
        let connected = try PGConnection(server.connectionString())
        XCTAssertEqual(connected.target.user, TestPostgresServer.superuser)
        XCTAssertEqual(connected.target.host, server.folder)
    }

    func testAWrongPasswordIsRefusedByTheServer() throws {
        XCTAssertThrowsError(try PGConnection("postgres://reef:wrong@127.0.0.1:\(server.port)/postgres")) { error in
            XCTAssertEqual((error as? PGError)?.kind, .connection)
            XCTAssertTrue("\(error)".contains("password authentication failed"), "\(error)")
        }
    }

    func testPasswordFilesAndServiceFilesAreHonoured() throws {
        let folder = try temporaryFolder()
        let passwordFile = folder + "/pgpass"
        try "127.0.0.1:\(server.port):*:\(TestPostgresServer.superuser):\(TestPostgresServer.password)\n"
            .write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, 0o600)
        let serviceFile = folder + "/services"
        try "[reeftest]\nhost=127.0.0.1\nport=\(server.port)\nuser=\(TestPostgresServer.superuser)\ndbname=postgres\n"
            .write(toFile: serviceFile, atomically: true, encoding: .utf8)

        // libpq reads services from PGSERVICEFILE (there is no connection-string keyword for it).
        let previous = getenv("PGSERVICEFILE").map { String(cString: $0) }
        setenv("PGSERVICEFILE", serviceFile, 1)
        defer {
            if let previous { setenv("PGSERVICEFILE", previous, 1) } else { unsetenv("PGSERVICEFILE") }
        }

        let connection = try PGConnection("service=reeftest passfile=\(passwordFile)", applicationName: "reef-tests")
        XCTAssertEqual(try connection.execute("SELECT 1")[0].text(at: 0), "1")
    }

    // MARK: - Statements and values

    func testParametersAreBoundAndValuesComeBackExactly() throws {
        let connection = try PGConnection(server.connectionString())
        let bytes: [UInt8] = [0, 1, 0xFF, 0x5C, 0x78, 0]
        let rows = try connection.execute(
            "SELECT $1::int8, $2::text, $3::bytea, $4::text IS NULL, $5::numeric, 'naïve 😀'::text, 1.5::float8, true",
            [.text("9223372036854775807"), .text("O'Brien \"quoted\" ; DROP TABLE x"), .bytes(bytes), .null,
             .text("123456789012345678901234567890.000000000000000000001")])
        XCTAssertEqual(rows.count, 1)
        let row = rows[0]
        XCTAssertEqual(row.text(at: 0), "9223372036854775807")
        XCTAssertEqual(row.text(at: 1), "O'Brien \"quoted\" ; DROP TABLE x")
        XCTAssertEqual(try row.bytea(at: 2), bytes)
        XCTAssertEqual(row.text(at: 3), "t")
        XCTAssertEqual(row.text(at: 4), "123456789012345678901234567890.000000000000000000001")
        XCTAssertEqual(row.text(at: 5), "naïve 😀")
        XCTAssertEqual(row.text(at: 6), "1.5")
        XCTAssertEqual(row.text(at: 7), "t")
        XCTAssertEqual((0..<8).map { rows.columnType(at: $0) },
                       [.int8, .text, .bytea, .bool, .numeric, .text, .float8, .bool])
    }

    func testNullIsNotEmptyText() throws {
        let connection = try PGConnection(server.connectionString())
        let row = try connection.execute("SELECT NULL::text, ''::text")[0]
        XCTAssertTrue(row.isNull(at: 0))
        XCTAssertNil(row.text(at: 0))
        XCTAssertFalse(row.isNull(at: 1))
        XCTAssertEqual(row.text(at: 1), "")
    }

    func testCommandsReportTheRowsTheyChanged() throws {
        let connection = try PGConnection(server.connectionString())
        try connection.executeScript("CREATE TEMP TABLE counted(id int PRIMARY KEY, name text)")
        let insert = try connection.execute("INSERT INTO counted SELECT g, 'n' || g FROM generate_series(1, 5) g")
        XCTAssertEqual(insert.affectedRows, 5)
        XCTAssertEqual(insert.commandTag, "INSERT 0 5")
        let update = try connection.execute("UPDATE counted SET name = $1 WHERE id > $2", [.text("x"), .text("3")])
        XCTAssertEqual(update.affectedRows, 2)
        let rows = try connection.execute("SELECT id, name FROM counted ORDER BY id")
        XCTAssertEqual(rows.columnNames, ["id", "name"])
        XCTAssertEqual(rows.map { $0.text(at: 1) }, ["n1", "n2", "n3", "x", "x"])
    }

    func testServerErrorsCarryTheirFields() throws {
        let connection = try PGConnection(server.connectionString())
        try connection.executeScript("""
            CREATE TEMP TABLE people(id int PRIMARY KEY, email text CONSTRAINT people_email_key UNIQUE);
            INSERT INTO people VALUES (1, 'a@example.com');
            """)
        XCTAssertThrowsError(try connection.execute("INSERT INTO people VALUES ($1, $2)", [.text("2"), .text("a@example.com")])) {
            let error = $0 as? PGError
            XCTAssertEqual(error?.kind, .server)
            XCTAssertEqual(error?.sqlState, "23505")
            XCTAssertTrue(error?.isUniqueViolation ?? false)
            XCTAssertTrue(error?.isConstraintViolation ?? false)
            XCTAssertEqual(error?.constraint, "people_email_key")
            XCTAssertEqual(error?.table, "people")
            XCTAssertEqual(error?.severity, "ERROR")
            XCTAssertTrue(error?.detail?.contains("a@example.com") ?? false, "\(String(describing: error))")
            XCTAssertEqual(error?.sql, "INSERT INTO people VALUES ($1, $2)")
        }
        XCTAssertThrowsError(try connection.execute("SELECT * FROM people WHERE nosuchcolumn = 1")) {
            let error = $0 as? PGError
            XCTAssertEqual(error?.sqlState, "42703")
            XCTAssertEqual(error?.position, 28, "the 1-based position of nosuchcolumn")
        }
        XCTAssertEqual(connection.transactionStatus, .idle, "a failed statement outside a block leaves no transaction")
    }

    func testAScriptIsOneTransactionUnlessItManagesItsOwn() throws {
        let connection = try PGConnection(server.connectionString())
        try connection.executeScript("CREATE TEMP TABLE script_rows(id int)")
        XCTAssertThrowsError(try connection.executeScript("INSERT INTO script_rows VALUES (1); THIS IS NOT SQL;"))
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM script_rows")[0].text(at: 0), "0")
        try connection.executeScript("INSERT INTO script_rows VALUES (1); INSERT INTO script_rows VALUES (2)")
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM script_rows")[0].text(at: 0), "2")
    }

    func testTransactionStatusFollowsTheBlock() throws {
        let connection = try PGConnection(server.connectionString())
        XCTAssertEqual(connection.transactionStatus, .idle)
        try connection.executeScript("BEGIN")
        XCTAssertEqual(connection.transactionStatus, .inTransaction)
        XCTAssertThrowsError(try connection.executeScript("SELECT 1/0"))
        XCTAssertEqual(connection.transactionStatus, .inFailedTransaction)
        try connection.executeScript("ROLLBACK")
        XCTAssertEqual(connection.transactionStatus, .idle)
    }

    func testAClosedConnectionSaysSo() throws {
        let connection = try PGConnection(server.connectionString())
        connection.close()
        XCTAssertThrowsError(try connection.execute("SELECT 1")) {
            XCTAssertEqual(($0 as? PGError)?.kind, .misuse)
        }
        XCTAssertEqual(connection.transactionStatus, .unknown)
    }

    // MARK: - Streaming

    func testRowsStreamOneAtATime() throws {
        let connection = try PGConnection(server.connectionString())
        var count = 0
        var sum = 0
        try connection.forEachRow("SELECT g FROM generate_series(1, $1::int) g", [.text("100000")]) { row in
            count += 1
            sum += Int(row.text(at: 0) ?? "") ?? 0
            XCTAssertEqual(row.result.count, 1, "one row a result in single-row mode")
        }
        XCTAssertEqual(count, 100_000)
        XCTAssertEqual(sum, 100_000 * 100_001 / 2)
    }

    func testAStreamStoppedByItsBodyLeavesTheConnectionUsable() throws {
        struct Enough: Error {}
        let connection = try PGConnection(server.connectionString())
        var seen = 0
        XCTAssertThrowsError(try connection.forEachRow("SELECT g FROM generate_series(1, 10000000) g") { _ in
            seen += 1
            if seen == 10 {
                throw Enough()
            }
        }) { XCTAssertTrue($0 is Enough, "\($0)") }
        XCTAssertEqual(seen, 10)
        XCTAssertEqual(try connection.execute("SELECT 42")[0].text(at: 0), "42")
    }

    func testAStreamThatFailsOnTheServerThrowsItsError() throws {
        let connection = try PGConnection(server.connectionString())
        var seen = 0
        XCTAssertThrowsError(try connection.forEachRow("SELECT 10 / (5 - g) FROM generate_series(1, 10) g") { _ in
            seen += 1
        }) { XCTAssertEqual(($0 as? PGError)?.sqlState, "22012", "\($0)") }
        XCTAssertEqual(seen, 4)
    }

    // MARK: - Cancelling

    func testCancellingStopsTheRunningStatement() throws {
        let connection = try PGConnection(server.connectionString())
        let watcher = try PGConnection(server.connectionString())
        let backend = connection.backendProcessID
        let outcome = LockedBox<Result<PGResult, any Error>?>(nil)
        let finished = expectation(description: "the statement ended")
        Thread.detachNewThread {
            outcome.set(Result { try connection.execute("SELECT pg_sleep(600)") })
            finished.fulfill()
        }
        try waitUntil("the sleep runs on the server") {
            try watcher.execute("SELECT state FROM pg_stat_activity WHERE pid = $1", [.text(String(backend))])[0]
                .text(at: 0) == "active"
        }
        try connection.cancelHandle.cancel()
        wait(for: [finished], timeout: 120)
        guard case .failure(let error)? = outcome.get() else {
            return XCTFail("the statement was not stopped")
        }
        XCTAssertTrue((error as? PGError)?.isCancelled ?? false, "\(error)")
        XCTAssertEqual(try connection.execute("SELECT 1")[0].text(at: 0), "1", "the connection goes on")
    }

    func testASessionTheServerEndedIsNoticedBeforeAStatementIsSentIntoIt() throws {
        let conninfo = server.connectionString(database: try server.makeDatabase("liveness", for: self))
        let connection = try PGConnection(conninfo)
        XCTAssertTrue(connection.isStillConnected())
        try endSessions(of: conninfo)
        XCTAssertTrue(connection.isConnected, "libpq alone learns it from the next statement")
        XCTAssertFalse(connection.isStillConnected())
        XCTAssertFalse(connection.isConnected)
        try connection.reconnect()
        XCTAssertTrue(connection.isStillConnected())
        XCTAssertEqual(try connection.execute("SELECT 1")[0].text(at: 0), "1")
    }

    func testConnectionLossesAreToldApartFromOtherErrors() {
        XCTAssertTrue(PGError(kind: .connection, message: "server closed the connection unexpectedly").isConnectionLost)
        XCTAssertTrue(PGError(kind: .server, message: "terminating connection due to administrator command", sqlState: "57P01").isConnectionLost)
        XCTAssertTrue(PGError(kind: .server, message: "connection failure", sqlState: "08006").isConnectionLost)
        XCTAssertFalse(PGError(kind: .server, message: "canceling statement due to user request", sqlState: "57014").isConnectionLost)
        XCTAssertFalse(PGError(kind: .server, message: "duplicate key", sqlState: "23505").isConnectionLost)
    }

    func testALostConnectionSaysSoAndConnectsAgainWhereCancellingStillWorks() throws {
        let connection = try PGConnection(server.connectionString())
        let killer = try PGConnection(server.connectionString())
        let first = connection.backendProcessID
        try killer.execute("SELECT pg_terminate_backend($1)", [.text(String(first))])
        XCTAssertThrowsError(try connection.execute("SELECT 1")) { error in
            XCTAssertEqual((error as? PGError)?.kind, .connection, "\(error)")
        }
        XCTAssertFalse(connection.isConnected)
        try connection.reconnect()
        XCTAssertTrue(connection.isConnected)
        XCTAssertNotEqual(connection.backendProcessID, first)
        XCTAssertEqual(try connection.execute("SELECT 'ünï'")[0].text(at: 0), "ünï", "UTF-8 still")

        let second = connection.backendProcessID
        let outcome = LockedBox<Result<PGResult, any Error>?>(nil)
        let finished = expectation(description: "the statement ended")
        Thread.detachNewThread {
            outcome.set(Result { try connection.execute("SELECT pg_sleep(600)") })
            finished.fulfill()
        }
        try waitUntil("the sleep runs on the new server process") {
            try killer.execute("SELECT state FROM pg_stat_activity WHERE pid = $1", [.text(String(second))])[0]
                .text(at: 0) == "active"
        }
        try connection.cancelHandle.cancel()
        wait(for: [finished], timeout: 120)
        guard case .failure(let error)? = outcome.get() else {
            return XCTFail("the statement on the new process was not stopped")
        }
        XCTAssertTrue((error as? PGError)?.isCancelled ?? false, "\(error)")
    }

    // MARK: - Notifications

    func testNotificationsArriveOnTheChannelListenedTo() throws {
        let listener = try PGConnection(server.connectionString())
        let sender = try PGConnection(server.connectionString())
        let channel = "reef \"changes\""
        try listener.listen(channel)
        XCTAssertEqual(try listener.notifications(), [])
        try sender.execute("SELECT pg_notify($1, $2)", [.text(channel), .text("Track 42")])
        try sender.execute("SELECT pg_notify($1, $2)", [.text("another channel"), .text("ignored")])

        var received: [PGNotification] = []
        try waitUntil("the notification arrives") {
            received += try listener.notifications(waitingUpTo: 1_000)
            return !received.isEmpty
        }
        XCTAssertEqual(received.map(\.channel), [channel])
        XCTAssertEqual(received.map(\.payload), ["Track 42"])
        XCTAssertEqual(received.first?.senderProcessID, sender.backendProcessID)

        try listener.unlisten(channel)
        try sender.execute("SELECT pg_notify($1, 'late')", [.text(channel)])
        try sender.execute("SELECT 1")
        XCTAssertEqual(try listener.execute("SELECT 1")[0].text(at: 0), "1")
        XCTAssertEqual(try listener.notifications(), [])
    }

    func testQuotingIdentifiersDoublesQuotes() {
        XCTAssertEqual(PGConnection.quoteIdentifier("a\"b"), "\"a\"\"b\"")
        XCTAssertEqual(ByteaText.decode(Array("\\x00fF".utf8)), [0, 255])
        XCTAssertNil(ByteaText.decode(Array("\\x0".utf8)))
        XCTAssertNil(ByteaText.decode(Array("\\000".utf8)))
    }

    // MARK: - Helpers

    private func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reef-pgclient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// A loopback port with nothing listening.
    private func closedPort() -> Int? {
        (40_000..<40_100).first { port in
            let handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(handle) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) != 0
                }
            }
        }
    }
}

/// A value shared with another thread.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value {
        lock.withLock { value }
    }

    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
    }
}
