import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "ac_item")
final class ACItem {
    var a: Int = 0
    var b: Int = 0
}

/// Values given for a statement's placeholders must match them in number: a missing value is an
/// error naming the statement and both counts, raised before anything runs, never a silent NULL.
final class ArgumentCountTests: XCTestCase {
    private func assertMismatch(
        _ body: @autoclosure () throws -> some Any, placeholders: Int, arguments: Int, sqlContains fragment: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case .argumentCountMismatch(let sql, let counted, let given)? = error as? ORMError else {
                return XCTFail("expected a count mismatch, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(counted, placeholders, file: file, line: line)
            XCTAssertEqual(given, arguments, file: file, line: line)
            XCTAssertTrue(sql.contains(fragment), "\(sql) names the statement", file: file, line: line)
            XCTAssertTrue(
                "\(error)".contains("\(placeholders) placeholder") && "\(error)".contains("\(arguments) value"),
                "\(error)", file: file, line: line)
        }
    }

    func testTooFewValuesForExecuteIsAnErrorAndNothingRuns() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t (id bigint PRIMARY KEY, a bigint, b bigint)")
        assertMismatch(
            try db.execute("INSERT INTO t (a, b) VALUES (?, ?)", 1), placeholders: 2, arguments: 1,
            sqlContains: "INSERT INTO t (a, b) VALUES (?, ?)")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0), "no row with b silently NULL")
        try db.execute("INSERT INTO t (id, a, b) VALUES (1, 0, 0)")
        assertMismatch(
            try db.execute("UPDATE t SET a = ? WHERE id = ?", 1), placeholders: 2, arguments: 1,
            sqlContains: "UPDATE t SET a = ? WHERE id = ?")
        // Typed, so that PostgreSQL prepares it (it cannot tell the type of `? + ?`).
        assertMismatch(
            try db.fetchAll("SELECT CAST(? AS bigint) + CAST(? AS bigint)", 1), placeholders: 2, arguments: 1,
            sqlContains: "SELECT CAST(? AS bigint) + CAST(? AS bigint)")
        assertMismatch(try db.scalar("SELECT ?"), placeholders: 1, arguments: 0, sqlContains: "SELECT ?")
        // Each database's own named or numbered placeholder counts too.
        switch TestDatabaseKind.current {
        case .sqlite:
            assertMismatch(try db.fetchRows("SELECT :x"), placeholders: 1, arguments: 0, sqlContains: "SELECT :x")
        case .postgres:
            assertMismatch(
                try db.fetchRows("SELECT CAST($1 AS bigint) + CAST($2 AS bigint)", 1), placeholders: 2, arguments: 1,
                sqlContains: "SELECT CAST($1 AS bigint)")
        }
    }

    func testTooManyValuesIsTheSameError() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t (a bigint)")
        assertMismatch(
            try db.execute("INSERT INTO t (a) VALUES (?)", 1, 2), placeholders: 1, arguments: 2,
            sqlContains: "INSERT INTO t (a) VALUES (?)")
        assertMismatch(try db.execute("DELETE FROM t", 1), placeholders: 0, arguments: 1, sqlContains: "DELETE FROM t")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        // A list fills one placeholder, and numbered placeholders count as the database counts them.
        try db.execute("CREATE TABLE src (n bigint)")
        try db.execute("INSERT INTO src (n) VALUES (1), (2), (3)")
        try db.execute("INSERT INTO t (a) SELECT n FROM src WHERE n > ? AND n IN ?", 0, [1, 3])
        XCTAssertEqual(try db.fetchAll("SELECT a FROM t ORDER BY a").map { $0[0] }, [1, 3])
        switch TestDatabaseKind.current {
        case .sqlite: XCTAssertEqual(try db.scalar("SELECT ?1 + ?1", 2), .integer(4))
        case .postgres: XCTAssertEqual(try db.scalar("SELECT CAST($1 AS bigint) + $1", 2), .integer(4))
        }
    }

    func testQueriesAndModelShortcutsCheckTheCountBeforeRunning() throws {
        let db = try makeTestDatabase(self)
        let item = ACItem()
        item.a = 1
        item.b = 2
        try item.commit(in: db)
        assertMismatch(
            try ACItem.query(in: db).where("a = ? AND b = ?", 1).fetch(), placeholders: 2, arguments: 1,
            sqlContains: "a = ? AND b = ?")
        assertMismatch(
            try ACItem.query(in: db).where("a = ? AND b = ?", 1).count(), placeholders: 2, arguments: 1,
            sqlContains: "a = ? AND b = ?")
        assertMismatch(
            try ACItem.fetch(where: "a = ? AND b = ?", [1], in: db), placeholders: 2, arguments: 1,
            sqlContains: "a = ? AND b = ?")
        assertMismatch(
            try ACItem.execute("UPDATE $T SET a = ? WHERE b = ?", 5, in: db), placeholders: 2, arguments: 1,
            sqlContains: "SET a = ? WHERE b = ?")
        XCTAssertEqual(try db.scalar("SELECT a FROM ac_item"), .integer(1), "the update did not run")
        XCTAssertEqual(try ACItem.query(in: db).where("a = ? AND b = ?", 1, 2).count(), 1)
    }

    func testAScriptsValuesMustMatchItsPlaceholdersAndNothingStays() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t (a bigint)")
        let twoInserts = "INSERT INTO t (a) VALUES (?); INSERT INTO t (a) VALUES (?)"
        assertMismatch(
            try db.executeScript(SQL(twoInserts, arguments: [1])), placeholders: 1, arguments: 0,
            sqlContains: "INSERT INTO t (a) VALUES (?)")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0), "the first insert was undone")
        assertMismatch(
            try db.executeScript(SQL(twoInserts + ";\n-- done\n", arguments: [1, 2, 3])), placeholders: 2,
            arguments: 3, sqlContains: twoInserts)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        try db.executeScript(SQL(twoInserts, arguments: [1, 2]))
        XCTAssertEqual(try db.fetchAll("SELECT a FROM t ORDER BY a").map { $0[0] }, [1, 2])
    }
}
