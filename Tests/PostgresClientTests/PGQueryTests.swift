import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// A prepared statement's rows read one at a time as they arrive (`PGQuery`), with the connection
/// free for other commands meanwhile.
final class PGQueryTests: XCTestCase {
    private var connection: PGConnection!

    override func setUpWithError() throws {
        connection = try PGConnection(TestPostgresServer.shared().connectionString())
        try connection.executeScript("CREATE TEMPORARY TABLE item (id int PRIMARY KEY, name text)")
        try connection.executeScript("INSERT INTO item SELECT g, 'item ' || g FROM generate_series(1, 500) AS g")
    }

    func testAPreparedStatementsRowsAndItsEndAndDescription() throws {
        let select = try connection.prepare("SELECT id, name FROM item WHERE id > $1 ORDER BY id")
        XCTAssertEqual(select.columnNames, ["id", "name"])
        XCTAssertEqual(select.columnTypes, [.int4, .text])
        let query = try connection.startQuery(select, [.text("497")])
        var names: [String] = []
        while let row = try query.next() {
            names.append(row.text(at: 1) ?? "NULL")
        }
        XCTAssertEqual(names, ["item 498", "item 499", "item 500"])
        XCTAssertEqual(query.commandTag, "SELECT 3")
        XCTAssertTrue(query.isFinished)
        XCTAssertNil(try query.next(), "an ended query stays ended")

        let update = try connection.prepare("UPDATE item SET name = $1 WHERE id <= $2")
        XCTAssertEqual(update.columnNames, [])
        let changed = try connection.startQuery(update, [.text("x"), .text("10")])
        XCTAssertNil(try changed.next())
        XCTAssertEqual(changed.affectedRows, 10)
        XCTAssertThrowsError(try connection.startQuery(update, [.text("x")])) { error in
            XCTAssertEqual((error as? PGError)?.kind, .misuse)
        }
    }

    /// Another command on the connection while a query is half read: the rows still to come are
    /// read into the query first, and it hands them out after.
    func testACommandInTheMiddleOfAQueryLeavesItsRowsToIt() throws {
        let select = try connection.prepare("SELECT id FROM item ORDER BY id")
        let query = try connection.startQuery(select)
        var ids: [Int64] = []
        while let row = try query.next() {
            ids.append(try row.int64(at: 0) ?? 0)
            if ids.count == 2 {
                XCTAssertEqual(try connection.execute("SELECT count(*) FROM item")[0].text(at: 0), "500")
                let inner = try connection.startQuery(try connection.prepare("SELECT 'inner'"))
                XCTAssertEqual(try inner.next()?.text(at: 0), "inner")
            }
        }
        XCTAssertEqual(ids, Array(1...500))

        // A query dropped half read: the connection reads and drops the rest before its next command.
        var dropped: PGQuery? = try connection.startQuery(select)
        XCTAssertNotNil(try dropped?.next())
        dropped = nil
        XCTAssertEqual(try connection.execute("SELECT 2")[0].text(at: 0), "2")
        XCTAssertEqual(connection.transactionStatus, .idle)
    }

    /// A query cancelled half read stops on the server: a practically endless one does not keep
    /// the connection (read to its end, it never would), which then runs the next command.
    func testACancelledQueryStopsOnTheServerAndFreesTheConnection() throws {
        let endless = try connection.prepare("SELECT generate_series(1, 1000000000000)")
        let connection = try XCTUnwrap(connection)
        let done = expectation(description: "the next command ran")
        let next = Locked<String?>(nil)
        DispatchQueue.global().async {
            defer { done.fulfill() }
            guard let query = try? connection.startQuery(endless) else { return }
            for _ in 0..<3 { _ = try? query.next() }
            query.cancel()
            XCTAssertNil(try? query.next())
            next.value = try? connection.execute("SELECT 'next'")[0].text(at: 0)
        }
        // Generous: on a busy machine a cancel takes milliseconds; reading the rest never ends.
        wait(for: [done], timeout: 300)
        XCTAssertEqual(next.value, "next")
        XCTAssertEqual(connection.transactionStatus, .idle)
    }

    func testAnErrorAfterSomeRowsIsThrownAfterThem() throws {
        let select = try connection.prepare("SELECT 10 / (3 - g) FROM generate_series(1, 5) AS g")
        let query = try connection.startQuery(select)
        XCTAssertEqual(try query.next()?.text(at: 0), "5")
        XCTAssertEqual(try query.next()?.text(at: 0), "10")
        XCTAssertThrowsError(try query.next()) { error in
            XCTAssertEqual((error as? PGError)?.sqlState, "22012")
        }
        XCTAssertNil(try query.next())
        XCTAssertEqual(try connection.execute("SELECT 1")[0].text(at: 0), "1", "the connection goes on")
    }
}

/// A value the test's thread and a background one share.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
