import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Text and blobs bound through a statement's own parameter buffers (read in place by SQLite): the
/// bytes a binding points to must stay as bound until that parameter is bound again, whatever the
/// caller does in between.
/// SQLite's alone but the last test: they drive SQLite's statements and parameter buffers by hand.
final class StatementBindingTests: XCTestCase {
    /// A parameter bound once keeps its value across resets while another parameter is rebound with
    /// values of every size (each growth replaces that parameter's buffers), and every row holds
    /// exactly what was bound: empty text as '' (not NULL), Unicode, values past the buffer limit.
    func testBindingsKeptAcrossResetsWhileAnotherParameterIsRebound() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (fixed TEXT, varying TEXT, bytes BLOB)")
        var expected: [(String, Data)] = []
        try db.writeSQLite("a test") { connection in
            let statement = try connection.prepare("INSERT INTO t (fixed, varying, bytes) VALUES (?, ?, ?)")
            try statement.bindText("kept ✓ 🐟", at: 1)
            for length in [0, 1, 5, 31, 32, 33, 100, 4_095, 4_096, 4_097, 10_000, 3, 0, 64] {
                let text = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
                let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) })
                try statement.bindText(text, at: 2)
                try statement.bindBlob(bytes, at: 3)
                try statement.step()
                statement.reset()
                expected.append((text, bytes))
            }
        }
        let rows = try db.fetchAll("SELECT fixed, varying, bytes, typeof(varying) FROM t ORDER BY rowid")
        XCTAssertEqual(rows.count, expected.count)
        for (row, (text, bytes)) in zip(rows, expected) {
            XCTAssertEqual(row[0], .text("kept ✓ 🐟"))
            XCTAssertEqual(row[1], .text(text))
            XCTAssertEqual(row[3], .text("text"), "empty text binds as '', not NULL")
            XCTAssertEqual(row[2], .blob(bytes))
        }
    }

    /// Binding a parameter of a statement that is still running is refused by SQLite; the refused
    /// value must not reach the running statement (its bytes land in the spare buffer, never in the
    /// one the live binding points to), neither for the rows still to come nor after a reset.
    func testARefusedRebindLeavesTheLiveBindingIntact() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x TEXT)")
        for value in ["apple", "banana", "cherry", "damson"] { try db.execute("INSERT INTO t VALUES (?)", value) }
        let (during, afterReset) = try db.writeSQLite("a test") { connection -> ([String], [String]) in
            let statement = try connection.prepare("SELECT x FROM t WHERE x > ? ORDER BY x")
            try statement.bindText("apple", at: 1)
            var during: [String] = []
            XCTAssertTrue(try statement.step())
            during.append(statement.text(at: 0))
            // Same length as the bound value, then longer (which would need a new buffer).
            for refused in ["cherr", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"] {
                XCTAssertThrowsError(try statement.bindText(refused, at: 1)) { error in
                    XCTAssertEqual((error as? SQLiteError)?.code, .misuse)
                }
            }
            while try statement.step() { during.append(statement.text(at: 0)) }
            statement.reset()
            var afterReset: [String] = []
            while try statement.step() { afterReset.append(statement.text(at: 0)) }
            statement.reset()
            return (during, afterReset)
        }
        XCTAssertEqual(during, ["banana", "cherry", "damson"])
        XCTAssertEqual(afterReset, ["banana", "cherry", "damson"], "the binding survives the reset unchanged")
    }

    /// A parameter number the statement does not have is SQLite's range error, not a crash.
    func testAParameterOutOfRangeIsAnError() throws {
        let db = try Database.inMemory()
        try db.writeSQLite("a test") { connection in
            let statement = try connection.prepare("SELECT ?")
            for index: Int32 in [0, 2, 1_000] {
                XCTAssertThrowsError(try statement.bindText("x", at: index)) { error in
                    XCTAssertEqual((error as? SQLiteError)?.code, .range)
                }
                XCTAssertThrowsError(try statement.bindBlob(Data([1, 2]), at: index))
            }
            try statement.bindText("in range", at: 1)
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(statement.text(at: 0), "in range")
            statement.reset()
        }
    }

    /// Through the public API on either database: a text bound once and texts and bytes of every
    /// size bound again and again read back exactly as bound, empty text as '' (not NULL).
    func testTextAndBytesOfEverySizeReadBackAsBound() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t (n bigint PRIMARY KEY, fixed text, varying text, bytes bytea)")
        let lengths = [0, 1, 5, 31, 32, 33, 100, 4_095, 4_096, 4_097, 10_000, 3, 0, 64]
        var expected: [(String, Data)] = []
        try db.transaction { _ in
            for (n, length) in lengths.enumerated() {
                let text = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
                let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) })
                try db.execute("INSERT INTO t (n, fixed, varying, bytes) VALUES (?, ?, ?, ?)", n, "kept ✓ 🐟", text, bytes)
                expected.append((text, bytes))
            }
        }
        let rows = try db.fetchAll("SELECT fixed, varying, bytes FROM t ORDER BY n")
        XCTAssertEqual(rows.count, expected.count)
        for (row, (text, bytes)) in zip(rows, expected) {
            XCTAssertEqual(row[0], .text("kept ✓ 🐟"))
            XCTAssertEqual(row[1], .text(text), "empty text binds as '', not NULL")
            XCTAssertEqual(row[2], .blob(bytes))
        }
    }
}
