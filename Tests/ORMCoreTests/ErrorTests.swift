import Foundation
import XCTest

@testable import ORMCore

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
