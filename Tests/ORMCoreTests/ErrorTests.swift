import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "error_unique_user")
final class ErrorUniqueUser {
    @Column(unique: true) var email: String = ""
}

/// The PostgreSQL server's SQLSTATE of `error`, or nil when it is not the server's.
private func sqlState(_ error: any Error) -> String? { (error as? PostgresDatabaseError)?.underlying.sqlState }

final class ErrorTests: XCTestCase {
    func testInvalidSQLCarriesCodeMessageAndSQL() throws {
        let db = try makeTestDatabase(self)
        XCTAssertThrowsError(try db.execute("SELEKT 1")) { error in
            switch TestDatabaseKind.current {
            case .sqlite: XCTAssertEqual((error as? SQLiteError)?.code, .error, "\(error)")
            case .postgres: XCTAssertEqual(sqlState(error), "42601", "\(error)")  // syntax_error
            }
            guard let error = error as? any DatabaseError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("syntax error"), error.message)
            XCTAssertEqual(error.sql, "SELEKT 1")
        }
    }

    func testAnErrorSaysWhereInTheStatementTheDatabaseFoundIt() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t(ünï text)")
        XCTAssertThrowsError(try db.execute("SELECT ünï, nope FROM t")) { error in
            XCTAssertEqual((error as? any DatabaseError)?.sqlOffset, 12, "in characters, not UTF-8 bytes: \(error)")
        }
        // With bound values: the place is in the error's own SQL, the statement as the database ran
        // it (PostgreSQL's numbers its parameters `$n`).
        XCTAssertThrowsError(try db.execute("SELECT \(1), \(2), \(3), \(4), \(5), \(6), \(7), \(8), \(9), \(10), ünï, nope FROM t")) { error in
            guard let error = error as? any DatabaseError, let sql = error.sql, let offset = error.sqlOffset else {
                return XCTFail("\(error)")
            }
            switch TestDatabaseKind.current {
            case .sqlite: XCTAssertEqual(sql, "SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ünï, nope FROM t")
            case .postgres: XCTAssertEqual(sql, "SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, ünï, nope FROM t")
            }
            XCTAssertTrue(sql.dropFirst(offset).hasPrefix("nope FROM t"), "\(offset) in \(sql)")
        }
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (1, 2)")) { error in
            switch TestDatabaseKind.current {
            case .sqlite: XCTAssertNil((error as? SQLiteError)?.sqlOffset, "SQLite names no place for this one")
            case .postgres:
                XCTAssertEqual((error as? any DatabaseError)?.sqlOffset, 25, "PostgreSQL names the extra value: \(error)")
            }
        }
    }

    func testConstraintViolationsAreTyped() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t(id bigint PRIMARY KEY, email text UNIQUE, name text NOT NULL CHECK (name <> ''))")
        try db.execute("INSERT INTO t(id, email, name) VALUES (1, 'a@x', 'A')")
        // SQLite's extended result codes, PostgreSQL's SQLSTATEs.
        let cases: [(String, [any SQLExpressible], Int32, String)] = [
            ("INSERT INTO t(id, email, name) VALUES (?, ?, ?)", [2, "a@x", "B"], 2067, "23505"),  // UNIQUE
            ("INSERT INTO t(id, email, name) VALUES (?, ?, ?)", [3, "b@x", SQLValue.null], 1299, "23502"),  // NOT NULL
            ("INSERT INTO t(id, email, name) VALUES (?, ?, ?)", [4, "c@x", ""], 275, "23514"),  // CHECK
        ]
        for (sql, arguments, extended, state) in cases {
            XCTAssertThrowsError(try db.execute(SQL(sql, arguments: arguments))) { error in
                switch TestDatabaseKind.current {
                case .sqlite:
                    guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
                    XCTAssertTrue(error.isConstraintViolation)
                    XCTAssertEqual(error.extendedCode.rawValue, extended, error.description)
                case .postgres:
                    XCTAssertEqual(sqlState(error), state, "\(error)")
                }
                XCTAssertEqual((error as? any DatabaseError)?.isUniqueViolation, state == "23505", "\(error)")
            }
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(1), "no failed insert left a row")
    }

    /// A unique violation is recognisable without codes matched by hand, and names its columns:
    /// a UNIQUE column, a composite constraint, a primary key, an index on an expression, a model's
    /// `@Column(unique:)`. Other constraint failures are not unique violations.
    func testUniqueViolationsNameTheirColumns() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT UNIQUE, a INTEGER, b INTEGER, name TEXT NOT NULL,
              UNIQUE (a, b));
            CREATE UNIQUE INDEX t_lower_name ON t (lower(name));
            INSERT INTO t VALUES (1, 'x@y', 1, 2, 'Ann');
            """)
        let cases: [(SQL, UniqueViolation)] = [
            ("INSERT INTO t VALUES (2, 'x@y', 0, 0, 'Bo')", UniqueViolation(table: "t", columns: ["email"], index: nil)),
            ("INSERT INTO t VALUES (2, 'z@y', 1, 2, 'Bo')", UniqueViolation(table: "t", columns: ["a", "b"], index: nil)),
            ("INSERT INTO t VALUES (1, 'z@y', 0, 0, 'Bo')", UniqueViolation(table: "t", columns: ["id"], index: nil)),
            ("INSERT INTO t VALUES (2, 'z@y', 0, 0, 'ANN')", UniqueViolation(table: nil, columns: [], index: "t_lower_name")),
        ]
        for (sql, expected) in cases {
            XCTAssertThrowsError(try db.execute(sql)) { error in
                guard let error = error as? any DatabaseError else { return XCTFail("\(error)") }
                XCTAssertTrue(error.isUniqueViolation, error.description)
                XCTAssertEqual(error.uniqueViolation, expected, error.description)
                XCTAssertEqual(error.isPrimaryKeyViolation, expected.columns == ["id"], error.description)
            }
        }
        XCTAssertThrowsError(try db.execute("INSERT INTO t (id, name) VALUES (3, NULL)")) { error in
            guard let databaseError = error as? any DatabaseError else { return XCTFail("\(error)") }
            XCTAssertFalse(databaseError.isUniqueViolation)
            XCTAssertNil(databaseError.uniqueViolation)
            switch TestDatabaseKind.current {
            case .sqlite:
                XCTAssertEqual((error as? SQLiteError)?.isConstraintViolation, true)
                XCTAssertEqual((error as? SQLiteError)?.extendedCode, .constraintNotNull)
            case .postgres: XCTAssertEqual(sqlState(error), "23502", "\(error)")  // not_null_violation
            }
        }

        let first = ErrorUniqueUser()
        first.email = "ann@example.com"
        try first.commit(in: db)
        let second = ErrorUniqueUser()
        second.email = "ann@example.com"
        XCTAssertThrowsError(try second.commit(in: db)) { error in
            let violation = (error as? any DatabaseError)?.uniqueViolation
            XCTAssertEqual(violation?.table, "error_unique_user", "\(error)")
            XCTAssertEqual(violation?.columns, ["email"])
        }
        XCTAssertTrue(second.isNew)
    }

    /// A write waiting longer than the busy timeout for another connection's transaction fails as
    /// busy: SQLite's one writer; on PostgreSQL the same key, locked until the other commits.
    func testBusyDatabaseIsReported() throws {
        let first = try makeTestDatabase(self)
        var configuration = Configuration()
        configuration.busyTimeoutMilliseconds = 50
        let second = try openSameDatabase(first, configuration: configuration)
        try first.execute("CREATE TABLE t(x bigint PRIMARY KEY)")
        try first.transaction { _ in
            try first.execute("INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try second.execute("INSERT INTO t VALUES (1)")) { error in
                switch TestDatabaseKind.current {
                case .sqlite: XCTAssertEqual((error as? SQLiteError)?.code, .busy, "\(error)")
                case .postgres: XCTAssertEqual(sqlState(error), "55P03", "\(error)")  // lock_not_available
                }
                XCTAssertEqual((error as? any DatabaseError)?.isBusy, true, "\(error)")
            }
        }
        XCTAssertEqual(try second.scalar("SELECT count(*) FROM t"), .integer(1))
    }

    func testReadOnlyDatabaseRefusesWrites() throws {
        let writable = try makeTestDatabase(self)
        try writable.execute("CREATE TABLE t(x bigint)")
        var configuration = Configuration()
        configuration.readOnly = true
        let db = try openSameDatabase(writable, configuration: configuration)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual(error as? ORMError, .readOnlyDatabase(path: writable.path))
        }
        // The database's own read-only refusal is typed too.
        switch TestDatabaseKind.current {
        case .sqlite:
            try writable.execute("PRAGMA query_only = ON")
            XCTAssertThrowsError(try writable.execute("INSERT INTO t VALUES (1)")) { error in
                XCTAssertEqual((error as? SQLiteError)?.code, .readOnly, "\(error)")
            }
        case .postgres:
            try writable.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            XCTAssertThrowsError(try writable.execute("INSERT INTO t VALUES (1)")) { error in
                XCTAssertEqual(sqlState(error), "25006", "\(error)")  // read_only_sql_transaction
            }
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
    }

    /// A database that is not there is refused with the database's own error, on either database:
    /// SQLite's file opened read-only is not created; PostgreSQL's server names the database.
    func testADatabaseThatIsNotThereCannotOpen() throws {
        switch TestDatabaseKind.current {
        case .sqlite:
            try testMissingFileOpenedReadOnlyCannotOpen()
        case .postgres:
            let name = "reef_missing_\(UInt32.random(in: 0...UInt32.max))"
            let conninfo = try TestPostgresServer.shared().connectionString(database: name)
            XCTAssertThrowsError(try Database(url: conninfo)) { error in
                // libpq tells a refused connection by its message alone (no SQLSTATE).
                XCTAssertTrue("\(error)".contains(#"database "\#(name)" does not exist"#), "\(error)")
                XCTAssertTrue(error is PostgresDatabaseError, "\(type(of: error))")
            }
        }
    }

    /// SQLite's alone: a database file.
    func testMissingFileOpenedReadOnlyCannotOpen() throws {
        var configuration = Configuration()
        configuration.readOnly = true
        let path = try temporaryDatabasePath(self, name: "missing.sqlite")
        XCTAssertThrowsError(try Database(path: path, configuration: configuration)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .cannotOpen, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// SQLite's alone: SQLite's file format.
    func testFileThatIsNotADatabase() throws {
        let path = try temporaryDatabasePath(self, name: "notes.txt")
        let text = String(repeating: "this is not a database\n", count: 100)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Database(path: path)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .notADatabase, "\(error)")
            XCTAssertEqual((error as? SQLiteError)?.isNotADatabase, true)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "the file is left untouched")
    }

    /// SQLite's alone: SQLite's file format.
    func testCorruptDatabase() throws {
        let path = try temporaryDatabasePath(self)
        do {
            var configuration = Configuration()
            configuration.journalMode = .unchanged
            let db = try Database(path: path, configuration: configuration)
            try db.execute("CREATE TABLE t(x TEXT)")
            try db.transaction { _ in
                for n in 0..<2_000 { try db.execute("INSERT INTO t VALUES (?)", String(repeating: "v\(n)", count: 20)) }
            }
        }
        // Overwrite pages in the middle of the file with garbage.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096 * 3)
        handle.write(Data(repeating: 0xA5, count: 4096 * 4))
        try handle.close()
        XCTAssertThrowsError(try Database(path: path).fetchAll("SELECT * FROM t")) { error in
            XCTAssertEqual((error as? SQLiteError)?.isNotADatabase, true, "\(error)")
        }
    }

    func testFailedTransactionLeavesNothingHalfWritten() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t(x bigint UNIQUE)")
        XCTAssertThrowsError(
            try db.transaction { _ in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (2)")
                try db.execute("INSERT INTO t VALUES (1)")  // fails
            })
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
    }
}
