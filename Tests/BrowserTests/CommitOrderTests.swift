import ORMCore
import XCTest
@testable import Browser

/// The order a commit writes staged rows in: the order each row was first changed, every table's,
/// so that each edit is written after the ones it was checked after.
final class CommitOrderTests: XCTestCase {
    private func delete(_ id: Int64) -> StagedEdit {
        .delete(key: RowKey(values: [.integer(id)]), original: [:])
    }

    private func cell(_ id: Int64, _ value: SQLValue) -> StagedEdit {
        .cell(key: RowKey(values: [.integer(id)]), column: "name", value: value, original: [:])
    }

    private func summary(_ runs: [(table: String, edits: [RowEdit])]) -> [String] {
        runs.map { run in "\(run.table): " + run.edits.map { $0.key.map { "\($0[0])" } ?? "new" }.joined(separator: " ") }
    }

    func testRowsAreWrittenInTheOrderTheyWereFirstChangedAcrossTables() {
        var staging = StagingState()
        staging.stage(delete(2), in: "orders")
        staging.stage(delete(4), in: "orders")
        staging.stage(delete(1), in: "customers")
        staging.stage(cell(7, "Bo"), in: "artists")
        staging.stage(delete(5), in: "orders")
        staging.stage(cell(7, "Bob"), in: "artists")  // the same row: still written where it was first changed
        XCTAssertEqual(summary(StagingState.commitRuns(of: staging.edits)),
                       ["orders: 2 4", "customers: 1", "artists: 7", "orders: 5"])
        XCTAssertEqual(summary(StagingState.commitRuns(of: staging.edits, tables: ["orders", "customers"])),
                       ["orders: 2 4", "customers: 1", "orders: 5"])
    }

    /// Undoing a change, or taking back one a check refused later, keeps the others' places.
    func testUndoAndReplaceKeepEachChangesPlace() {
        var staging = StagingState()
        staging.stage(delete(2), in: "orders")
        staging.stage(delete(1), in: "customers")
        staging.stage(delete(4), in: "orders")
        staging.stage(delete(3), in: "customers")
        _ = staging.edits["customers"]?.undo()
        XCTAssertEqual(summary(StagingState.commitRuns(of: staging.edits)), ["orders: 2", "customers: 1", "orders: 4"])
        staging.edits["orders"]?.replace(delete(2), with: nil)
        XCTAssertEqual(summary(StagingState.commitRuns(of: staging.edits)), ["customers: 1", "orders: 4"])
        staging.stage(.insert(NewRow(number: 1, values: [:])), in: "customers")
        XCTAssertEqual(summary(StagingState.commitRuns(of: staging.edits, withoutNewRowsOf: "customers")),
                       ["customers: 1", "orders: 4"])
        XCTAssertEqual(summary(StagingState.commitRuns(of: staging.edits)), ["customers: 1", "orders: 4", "customers: new"])
    }
}
