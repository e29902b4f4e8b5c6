import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A read-only database on PostgreSQL writes nothing, also through what a read-only transaction
/// lets through: each statement the attack run wrote with under reef's `--readonly` is refused,
/// and the server shows nothing written (the tests' role is a superuser, so the server itself
/// would let every one of them through).
final class PostgresReadOnlyGuardTests: XCTestCase {
    /// Statements that write on a read-only session of a superuser, each refused.
    private func writes(largeObject: Int64, file: String) -> [String] {
        [
            "SELECT lo_create(0)",
            "SELECT lo_creat(-1)",
            "SELECT pg_catalog.lo_from_bytea(0, '\\x41'::bytea)",
            "SELECT lo_put(\(largeObject), 0, '\\x42'::bytea)",
            "SELECT lo_unlink(\(largeObject))",
            "SELECT lo_import('/etc/hostname')",
            "SELECT lo_export(\(largeObject), '\(file)')",
            "SELECT \"lo_create\"(0)",
            "select Lo_Create ( 0 )",
            "SELECT lo_truncate(lo_open(\(largeObject), 131072), 0)",
            "COPY (SELECT 1) TO '\(file)'",
            "ALTER SYSTEM SET work_mem = '5MB'",
            "SET default_transaction_read_only = off",
            "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
            "RESET ALL",
            "DISCARD ALL",
            "BEGIN READ WRITE",
            "SELECT set_config('default_transaction_read_only', 'off', false)",
            "SELECT query_to_xml('SELECT lo_create(0)', true, true, '')",
            "DO $$ BEGIN PERFORM lo_create(0); END $$",
            "SELECT pg_reload_conf()",
            "SELECT pg_stat_reset()",
            "SELECT pg_logical_emit_message(false, 'reef', 'x')",
            "SELECT pg_create_physical_replication_slot('reef_slot')",
            "SELECT pg_terminate_backend(1)",
            "NOTIFY reef_channel",
            "ANALYZE",
            "CHECKPOINT",
            "SELECT 1; SELECT lo_create(0)",
            "SELECT txid_current()",
            "SELECT pg_catalog.pg_current_xact_id()",
        ]
    }

    func testEveryWriteThatAReadOnlyTransactionLetsThroughIsRefused() throws {
        let connectionString = try makePostgresDatabase("ro_guard")
        let owner = try Database(url: connectionString)
        let largeObject = try makeLargeObject(in: owner)
        let file = "/tmp/reef-ro-guard-\(ProcessInfo.processInfo.processIdentifier).out"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var configuration = Configuration()
        configuration.readOnly = true
        let readOnly = try Database(url: connectionString, configuration: configuration)

        // A query on a read-only database runs on a reader; `execute` refuses before any
        // connection is used, and the writer is read-only too.
        let writer = try PostgresDriver(connectionString, configuration: configuration).openConnection(for: .writer)
        for statement in writes(largeObject: largeObject, file: file) {
            XCTAssertThrowsError(try readOnly.fetchRows(SQL(statement)), statement) { error in
                XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "25006", "\(statement): \(error)")
            }
            XCTAssertThrowsError(try readOnly.execute(SQL(statement)), statement)
            XCTAssertThrowsError(try writer.execute(SQL(statement)), statement)
        }

        let objects = try owner.fetchRows("SELECT count(*) FROM pg_largeobject_metadata").rows.first?.first
        XCTAssertEqual(objects, .integer(1), "no large object made or removed")
        let content = try owner.fetchRows("SELECT encode(lo_get(\(raw: String(largeObject))), 'hex')").rows.first?.first
        XCTAssertEqual(content, .text("41"), "the large object is unchanged")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "no server file written")
        let slots = try owner.fetchRows("SELECT count(*) FROM pg_replication_slots").rows.first?.first
        XCTAssertEqual(slots, .integer(0))
        let setting = try owner.fetchRows(
            "SELECT count(*) FROM pg_file_settings WHERE name = 'work_mem' AND sourcefile LIKE '%auto.conf'")
        XCTAssertEqual(setting.rows.first?.first, .integer(0), "postgresql.auto.conf untouched")
        let stillReadOnly = try readOnly.fetchRows("SELECT current_setting('default_transaction_read_only')")
        XCTAssertEqual(stillReadOnly.rows.first?.first, .text("on"))
    }

    /// What reads stays allowed: a large object read, the words in strings, comments and names
    /// that are no calls, `COPY … TO STDOUT`, `SET` of other settings, a read-only `BEGIN`.
    func testReadsThatLookLikeWritesAreNotRefused() throws {
        let connectionString = try makePostgresDatabase("ro_guard_reads")
        let owner = try Database(url: connectionString)
        try owner.execute("CREATE TABLE t (nextval int, lo_create text)")
        try owner.execute("INSERT INTO t VALUES (1, 'SELECT lo_create(0)')")
        let largeObject = try makeLargeObject(in: owner)
        var configuration = Configuration()
        configuration.readOnly = true
        let readOnly = try Database(url: connectionString, configuration: configuration)
        XCTAssertEqual(try readOnly.fetchRows("SELECT encode(lo_get(\(raw: String(largeObject))), 'hex')").rows.first?.first, .text("41"))
        XCTAssertEqual(try readOnly.fetchRows("SELECT nextval, lo_create FROM t -- lo_create(0)").rows.first?.last,
                       .text("SELECT lo_create(0)"))
        XCTAssertEqual(try readOnly.fetchRows("SELECT 'lo_unlink(1)' AS \"set_config\"").rows.first?.first, .text("lo_unlink(1)"))
        XCTAssertEqual(try readOnly.fetchRows("SELECT txid_current_if_assigned()").rows.first?.first, .null)
        let writer = try PostgresDriver(connectionString, configuration: configuration).openConnection(for: .writer)
        try writer.execute("SET work_mem = '8MB'")
        try writer.execute("SET search_path TO public")
        try writer.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        try writer.execute("COMMIT")
    }

    /// A reader refuses them too, also on a database open for writing (a filter typed in reef runs
    /// on a reader), while the writer of that database may call them.
    func testAReaderRefusesThemOnADatabaseOpenForWriting() throws {
        let connectionString = try makePostgresDatabase("ro_guard_reader")
        let driver = try PostgresDriver(connectionString)
        let reader = try driver.openConnection(for: .reader)
        XCTAssertThrowsError(try reader.forEachRow("SELECT lo_create(0)") { _ in })
        XCTAssertThrowsError(try reader.prepare("SELECT lo_unlink($1)"))
        let writer = try driver.openConnection(for: .writer)
        var made: SQLValue = .null
        try writer.forEachRow("SELECT lo_create(0)::bigint") { made = $0.value(at: 0) }
        guard case .integer = made else {
            return XCTFail("the writer of a writable database is not guarded: \(made)")
        }
    }

    /// A large object holding the byte 0x41, made by the writer (a query inside a transaction runs
    /// there; outside one it runs on a reader, which refuses it); its oid.
    private func makeLargeObject(in database: Database) throws -> Int64 {
        let made = try database.transaction { _ in
            try database.fetchRows("SELECT lo_from_bytea(0, '\\x41'::bytea)::bigint").rows.first?.first
        }
        guard case .integer(let oid) = made else {
            XCTFail("no large object made: \(String(describing: made))")
            return 0
        }
        return oid
    }

    func testTheRefusalSaysWhatAndWhy() {
        XCTAssertEqual(PostgresReadOnlyGuard.refusal(of: "select LO_IMPORT('/etc/passwd')"),
                       "lo_import writes even in a read-only transaction")
        XCTAssertEqual(PostgresReadOnlyGuard.refusal(of: "COPY t TO PROGRAM 'sh'"),
                       "COPY to or from a server file or program")
        XCTAssertNil(PostgresReadOnlyGuard.refusal(of: "COPY t TO STDOUT"))
        XCTAssertEqual(PostgresReadOnlyGuard.refusal(of: "SET transaction_read_only = off"),
                       "setting transaction_read_only would make the session writable")
        XCTAssertNil(PostgresReadOnlyGuard.refusal(of: "SELECT '$$; DO' AS x"))
        XCTAssertNil(PostgresReadOnlyGuard.refusal(of: "SELECT $$ lo_create(0) $$"))
    }
}
