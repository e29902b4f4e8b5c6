import ORMCore
import XCTest
@testable import Browser

/// A statement's rows shown while they arrive: read from reef's copy as they are stored, counted
/// only once the last has come; sorting waits for it; stopping stops the statement.
final class FillingSourceTests: XCTestCase {
    func testRowsAreReadAsTheyAreStoredAndTheCountWaitsForTheLast() throws {
        let store = try ResultStore(columns: ["n", "n"], kinds: [.integer, .other], statement: "SELECT n, n FROM t")
        let fill = ResultFill()
        let writer = ResultStoreWriter(store: store, progress: ProgressCounter(), fill: fill)
        var stopped = 0
        let source = FillingSource(store: store, fill: fill, stop: { stopped += 1 })
        XCTAssertEqual(source.columns.map(\.name), ["n", "n:2"])
        for n in 1...(ResultStoreWriter.batchSize + 5) {
            try writer.append(StatementRunRow(values: [.integer(Int64(n)), .text("row \(n)")]))
        }
        XCTAssertEqual(try source.count(), ResultStoreWriter.batchSize, "the first batch is stored, the rest waits")
        XCTAssertTrue(source.isCounting)
        XCTAssertNil(source.knownCount)
        XCTAssertEqual(try source.rows(998..<1_003).map(\.values), [
            [.integer(999), .text("row 999")], [.integer(1_000), .text("row 1000")],
        ])
        XCTAssertEqual(try source.find(GridSearch(text: "row 7"), in: 0..<Int.max, forward: true), 6)
        XCTAssertThrowsError(try source.applying(sort: GridSort(column: 0, descending: true), filter: nil))
        source.stopCounting("stopped")
        XCTAssertEqual(stopped, 1)
        XCTAssertEqual(source.countStopped, "stopped")
        try writer.flush()
        fill.finish()
        XCTAssertFalse(source.isCounting)
        XCTAssertEqual(try source.count(), ResultStoreWriter.batchSize + 5)
        source.stopCounting("again")
        XCTAssertEqual(stopped, 1, "a statement that has ended is not stopped")
    }

    /// Rows of long values are stored once their values pass ``ResultStoreWriter/batchBytes``,
    /// not held until a thousand rows have come (before: a thousand rows of 1 MB, 1 GB).
    func testRowsOfLongValuesAreStoredBeforeTheBatchIsFull() throws {
        let store = try ResultStore(columns: ["v"], kinds: [.text], statement: "SELECT v FROM t")
        let fill = ResultFill()
        let writer = ResultStoreWriter(store: store, progress: ProgressCounter(), fill: fill)
        let source = FillingSource(store: store, fill: fill, stop: {})
        let megabyte = String(repeating: "m", count: 1 << 20)
        for _ in 1...10 {
            try writer.append(StatementRunRow(values: [.text(megabyte)]))
        }
        XCTAssertEqual(try source.count(), 8, "two batches of four megabytes stored")
        try writer.flush()
        fill.finish()
        XCTAssertEqual(try source.count(), 10)
    }

    /// A result bigger than a batch, sorted and scrolled to its end as its rows arrive: the keys
    /// wait for the last row, so the screen is the same however fast they come.
    func testKeysTypedWhileRowsArriveActOnTheWholeResult() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let query = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 20000) SELECT n, n % 7 AS r FROM c"
        let screen = try fixture.screen("e" + query + "<Enter>" + "ss" + "G", columns: 60, rows: 5)
        assertScreen(screen, [
            "     │n ▼│r  │",
            "19998│  3│  3│",
            "19999│  2│  2│",
            "20000│  1│  1│",
            " RESULTS  ? help           query  20,000/20,000  n  sort n▼",
        ])
    }
}
