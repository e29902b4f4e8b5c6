import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The change set's run-length encoding against a plain array of ``RowChange`` doing the same operations.
final class ChangeSetTests: XCTestCase {
    /// A batch of objects inserted with integer keys (as the update hook reports them) is one run,
    /// and still reads back as one change per row, each with its rowid as key.
    func testABatchInsertIsOneRunThatReadsBackRowByRow() {
        var changes = ChangeSet()
        for rowID in Int64(1)...10_000 {
            changes.appendRow(
                table: "item", operation: .insert, rowID: rowID, origin: .object, key: .integer(rowID),
                changedColumns: nil)
        }
        XCTAssertEqual(changes.rowCount, 10_000)
        XCTAssertEqual(changes.storedEntryCount, 1)
        XCTAssertEqual(changes.rows.count, 10_000)
        XCTAssertEqual(
            changes.rows.last, RowChange(table: "item", operation: .insert, rowID: 10_000, origin: .object, key: .integer(10_000)))
        XCTAssertEqual(changes.tables, ["item"])

        // A gap in the rowids, another origin or another operation starts a new run.
        changes.appendRow(table: "item", operation: .insert, rowID: 10_002, origin: .object, key: .integer(10_002), changedColumns: nil)
        changes.appendRow(table: "item", operation: .insert, rowID: 10_003, origin: .sql, key: nil, changedColumns: nil)
        changes.appendRow(table: "item", operation: .delete, rowID: 10_004, origin: .sql, key: nil, changedColumns: nil)
        XCTAssertEqual(changes.storedEntryCount, 4)
        XCTAssertEqual(changes.rows.suffix(3).map(\.rowID), [10_002, 10_003, 10_004])
        XCTAssertEqual(changes.rows.suffix(3).map(\.key), [.integer(10_002), nil, nil])
    }

    /// Rolling back to a position inside a run shortens the run; the next row continues it.
    func testRemovingRowsShortensARunThatStraddlesTheMark() {
        var changes = ChangeSet()
        for rowID in Int64(1)...100 {
            changes.appendRow(table: "t", operation: .insert, rowID: rowID, origin: .sql, key: nil, changedColumns: nil)
        }
        changes.removeRows(from: 40)
        XCTAssertEqual(changes.rowCount, 40)
        XCTAssertEqual(changes.rows.map(\.rowID), Array(1...40))
        changes.appendRow(table: "t", operation: .insert, rowID: 41, origin: .sql, key: nil, changedColumns: nil)
        XCTAssertEqual(changes.storedEntryCount, 1)
        XCTAssertEqual(changes.rows.map(\.rowID), Array(1...41))
        changes.removeRows(from: 0)
        XCTAssertEqual(changes.rowCount, 0)
        XCTAssertTrue(changes.rows.isEmpty)
        XCTAssertTrue(changes.tablesWithRows.isEmpty)
    }

    /// Records `change` as the update hook does: as one more row of the last run when
    /// ``ChangeSet/extendRun(table:operation:origin:keyIsRowID:rowID:)`` takes it, else appended.
    private static func recordAsTheHookDoes(_ change: RowChange, in changes: inout ChangeSet) {
        let keyIsRowID = change.key == .integer(change.rowID)
        if change.changedColumns == nil, change.key == nil || keyIsRowID,
            changes.extendRun(
                table: change.table, operation: change.operation, origin: change.origin, keyIsRowID: keyIsRowID,
                rowID: change.rowID)
        {
            return
        }
        changes.append(change)
    }

    /// A run is extended only by a row of its own kind: the next rowid, the same table, operation and
    /// origin, and the key being the rowid exactly as in the run.
    func testExtendingARunTakesOnlyTheRowThatContinuesIt() {
        var changes = ChangeSet()
        XCTAssertFalse(changes.extendRun(table: "t", operation: .insert, origin: .object, keyIsRowID: true, rowID: 1))
        changes.appendRow(table: "t", operation: .insert, rowID: 1, origin: .object, key: .integer(1), changedColumns: nil)
        XCTAssertTrue(changes.extendRun(table: "t", operation: .insert, origin: .object, keyIsRowID: true, rowID: 2))
        XCTAssertFalse(changes.extendRun(table: "t", operation: .insert, origin: .object, keyIsRowID: true, rowID: 4))
        XCTAssertFalse(changes.extendRun(table: "u", operation: .insert, origin: .object, keyIsRowID: true, rowID: 3))
        XCTAssertFalse(changes.extendRun(table: "t", operation: .update, origin: .object, keyIsRowID: true, rowID: 3))
        XCTAssertFalse(changes.extendRun(table: "t", operation: .insert, origin: .sql, keyIsRowID: false, rowID: 3))
        XCTAssertFalse(changes.extendRun(table: "t", operation: .insert, origin: .object, keyIsRowID: false, rowID: 3))
        XCTAssertEqual(changes.rows.map(\.rowID), [1, 2])
        XCTAssertEqual(changes.rows.map(\.key), [.integer(1), .integer(2)])
        // A row stored with its detail (a key that is not the rowid) is not a run.
        changes.appendRow(table: "t", operation: .insert, rowID: 3, origin: .object, key: .text("k"), changedColumns: nil)
        XCTAssertFalse(changes.extendRun(table: "t", operation: .insert, origin: .object, keyIsRowID: true, rowID: 4))
        XCTAssertEqual(changes.rowCount, 3)
        XCTAssertEqual(changes.storedEntryCount, 2)
    }

    /// Random appends (runs, single rows with keys and columns, several tables; half of them through
    /// the hook's run extension), rollbacks to random marks and merges agree with an array of row
    /// changes throughout.
    /// A table named for sure by either set stays sure when they merge; one only some set left
    /// unconfirmed stays unconfirmed.
    func testMergingKeepsATableNamedForSureByEitherSetSure() {
        var every = ChangeSet()
        for table in ["a", "b", "c"] { every.appendTableOnly(table) }
        every.unconfirmedTables = ["b", "c"]
        var named = ChangeSet()
        named.appendTableOnly("c")

        var merged = ChangeSet()
        merged.merge(every)
        XCTAssertEqual(merged.unconfirmedTables, ["b", "c"], "into an empty set, taken whole")
        merged.merge(named)
        XCTAssertEqual(merged.tables, ["a", "b", "c"])
        XCTAssertEqual(merged.unconfirmedTables, ["b"])

        var namedFirst = ChangeSet()
        namedFirst.appendRow(table: "c", operation: .insert, rowID: 1, origin: .object, key: .integer(1), changedColumns: nil)
        namedFirst.merge(every)
        XCTAssertEqual(namedFirst.unconfirmedTables, ["b"], "in either order")
    }

    func testAgreesWithAnArrayOfRowChanges() {
        var generator = SplitMix(seed: 11)
        let tableNames = ["a", "b", "c d"]
        var committed = ChangeSet()
        var expectedCommitted: [RowChange] = []
        for _ in 0..<200 {
            var pending = ChangeSet()
            var expected: [RowChange] = []
            var nextRowID = Int64.random(in: 1...1_000, using: &generator)
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                let roll = Int.random(in: 0..<20, using: &generator)
                if roll == 0 {
                    let mark = Int.random(in: 0...expected.count, using: &generator)
                    pending.removeRows(from: mark)
                    expected.removeSubrange(mark...)
                    XCTAssertEqual(pending.tablesWithRows, Set(expected.map(\.table)))
                    continue
                }
                if roll < 4 { nextRowID = Int64.random(in: -5...1_000, using: &generator) }
                // Mostly one table (long runs), and any kind of row in the others.
                let table =
                    Int.random(in: 0..<10, using: &generator) < 7
                    ? tableNames[0] : tableNames[Int.random(in: 1...2, using: &generator)]
                let operation: RecordOperation = roll < 15 ? .insert : (roll % 2 == 0 ? .update : .delete)
                let origin: ChangeOrigin = roll % 3 == 0 ? .sql : .object
                let key: SQLValue? =
                    switch roll % 5 {
                    case 0: nil
                    case 1: .text("k\(nextRowID)")
                    case 2: .integer(nextRowID + 1)
                    default: .integer(nextRowID)
                    }
                let columns: [String]? = roll == 7 ? ["x", "y"] : nil
                let change = RowChange(
                    table: table, operation: operation, rowID: nextRowID, origin: origin, key: key, changedColumns: columns)
                if Bool.random(using: &generator) {
                    Self.recordAsTheHookDoes(change, in: &pending)
                } else {
                    pending.append(change)
                }
                expected.append(change)
                nextRowID += 1
            }
            XCTAssertEqual(pending.rowCount, expected.count)
            XCTAssertEqual(pending.rows, expected)
            for table in tableNames {
                var rows: [RowChange] = []
                pending.forEachRow(inTable: table, includingObjectWrites: false) { rows.append($0) }
                XCTAssertEqual(rows, expected.filter { $0.table == table && $0.origin != .object })
            }
            committed.merge(pending)
            expectedCommitted += expected
            XCTAssertEqual(committed.rows, expectedCommitted)
            XCTAssertEqual(committed.rowCount, expectedCommitted.count)
        }
        XCTAssertLessThan(committed.storedEntryCount, expectedCommitted.count, "consecutive rows were run-length encoded")
    }

    /// The final effect of each row (``EventGranularity/coalesced``), table by table, in the order
    /// rows were first changed.
    func testRowsCoalesceIntoTheirFinalEffect() {
        func change(_ table: String, _ operation: RecordOperation, _ rowID: Int64, _ columns: [String]? = nil) -> RowChange {
            RowChange(table: table, operation: operation, rowID: rowID, origin: .sql, changedColumns: columns)
        }
        let rows = [
            change("t", .delete, 1), change("u", .update, 1, ["a"]), change("t", .insert, 1),
            change("u", .update, 1, ["b", "a"]), change("t", .update, 2, ["x"]), change("t", .update, 2),
            change("t", .insert, 3), change("t", .delete, 3), change("t", .insert, 3),
        ]
        XCTAssertEqual(
            rows.coalescedByRow(),
            [
                change("t", .update, 1), change("u", .update, 1, ["a", "b"]), change("t", .update, 2),
                change("t", .insert, 3),
            ])
    }
}
