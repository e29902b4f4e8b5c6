import Foundation
import XCTest

@testable import ORMCore

@Model(table: "error_unique_user")
final class ErrorUniqueUser {
    @Column(unique: true) var email: String = ""
}

final class ErrorTests: XCTestCase {
    func testInvalidSQLCarriesCodeMessageAndSQL() throws {
        let db = try Database.inMemory()
        XCTAssertThrowsError(try db.execute("SELEKT 1")) { error in
            guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .error)
            XCTAssertTrue(error.message.contains("syntax error"), error.message)
            XCTAssertEqual(error.sql, "SELEKT 1")
        }
    }

    func testAnErrorSaysWhereInTheStatementSQLiteFoundIt() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(ünï TEXT)")
        XCTAssertThrowsError(try db.execute("SELECT ünï, nope FROM t")) { error in
            XCTAssertEqual((error as? SQLiteError)?.sqlOffset, 12, "in characters, not UTF-8 bytes")
        }
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (1, 2)")) { error in
            XCTAssertNil((error as? SQLiteError)?.sqlOffset, "SQLite names no place for this one")
        }
    }

    func testConstraintViolationsAreTyped() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT NOT NULL CHECK (name <> ''))")
        try db.execute("INSERT INTO t(email, name) VALUES ('a@x', 'A')")
        let cases: [(String, [any SQLExpressible], Int32)] = [
            ("INSERT INTO t(email, name) VALUES (?, ?)", ["a@x", "B"], 2067),  // SQLITE_CONSTRAINT_UNIQUE
            ("INSERT INTO t(email, name) VALUES (?, ?)", ["b@x", SQLValue.null], 1299),  // NOTNULL
            ("INSERT INTO t(email, name) VALUES (?, ?)", ["c@x", ""], 275),  // CHECK
        ]
        for (sql, arguments, extended) in cases {
            XCTAssertThrowsError(try db.execute(SQL(sql, arguments: arguments))) { error in
                guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
                XCTAssertTrue(error.isConstraintViolation)
                XCTAssertEqual(error.extendedCode.rawValue, extended, error.description)
            }
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(1), "no failed insert left a row")
    }

    /// A unique violation is recognisable without codes matched by hand, and names its columns:
    /// a UNIQUE column, a composite constraint, a primary key, an index on an expression, a model's
    /// `@Column(unique:)`. Other constraint failures are not unique violations.
    func testUniqueViolationsNameTheirColumns() throws {
        let db = try Database.inMemory()
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
                guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
                XCTAssertTrue(error.isUniqueViolation, error.description)
                XCTAssertEqual(error.uniqueViolation, expected, error.description)
            }
        }
        XCTAssertThrowsError(try db.execute("INSERT INTO t (id, name) VALUES (3, NULL)")) { error in
            guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.isConstraintViolation)
            XCTAssertFalse(error.isUniqueViolation)
            XCTAssertNil(error.uniqueViolation)
            XCTAssertEqual(error.extendedCode, .constraintNotNull)
        }

        let first = ErrorUniqueUser()
        first.email = "ann@example.com"
        try first.commit(in: db)
        let second = ErrorUniqueUser()
        second.email = "ann@example.com"
        XCTAssertThrowsError(try second.commit(in: db)) { error in
            let violation = (error as? SQLiteError)?.uniqueViolation
            XCTAssertEqual(violation?.table, "error_unique_user", "\(error)")
            XCTAssertEqual(violation?.columns, ["email"])
        }
        XCTAssertTrue(second.isNew)
    }

    func testBusyDatabaseIsReported() throws {
        let path = try temporaryDatabasePath(self)
        let first = try Database(path: path)
        var configuration = Configuration()
        configuration.busyTimeoutMilliseconds = 50
        let second = try Database(path: path, configuration: configuration)
        try first.execute("CREATE TABLE t(x)")
        try first.transaction { _ in
            try first.execute("INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try second.execute("INSERT INTO t VALUES (2)")) { error in
                XCTAssertEqual((error as? SQLiteError)?.code, .busy, "\(error)")
            }
        }
        XCTAssertEqual(try second.scalar("SELECT count(*) FROM t"), .integer(1))
    }

    func testReadOnlyDatabaseRefusesWrites() throws {
        let path = try temporaryDatabasePath(self)
        try Database(path: path).execute("CREATE TABLE t(x)")
        var configuration = Configuration()
        configuration.readOnly = true
        let db = try Database(path: path, configuration: configuration)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual(error as? ORMError, .readOnlyDatabase(path: path))
        }
        // SQLite's own read-only refusal is typed too.
        let writable = try Database.inMemory()
        try writable.execute("CREATE TABLE t(x)")
        try writable.execute("PRAGMA query_only = ON")
        XCTAssertThrowsError(try writable.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .readOnly, "\(error)")
        }
    }

    func testMissingFileOpenedReadOnlyCannotOpen() throws {
        var configuration = Configuration()
        configuration.readOnly = true
        let path = try temporaryDatabasePath(self, name: "missing.sqlite")
        XCTAssertThrowsError(try Database(path: path, configuration: configuration)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .cannotOpen, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

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
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t(x UNIQUE)")
        XCTAssertThrowsError(
            try db.transaction { _ in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (2)")
                try db.execute("INSERT INTO t VALUES (1)")  // fails
            })
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
    }
}
