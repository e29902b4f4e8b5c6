import Foundation
import Observation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// A model declared `Observable`: its properties tell Swift's `Observation` of reads and changes.
@Model(table: "observed_note")
final class ObservedNote: Observable {
    var title: String = ""
    var count: Int = 0
    @Transient var draft: String = ""
}

/// `@Model` classes declared `Observable` take part in Swift's `Observation`: a property read
/// inside `withObservationTracking` and then changed, by its setter, a rollback, a revert, a
/// refresh or another process's commit, ends the tracking with a call of its `onChange`.
final class ObservationTests: XCTestCase {
    private func committedNote(in db: Database) throws -> ObservedNote {
        let note = ObservedNote()
        note.title = "first"
        note.count = 1
        try note.commit(in: db)
        return note
    }

    func testAPropertyReadAndThenSetIsSeenAndOneNotReadIsNot() throws {
        let db = try makeTestDatabase(self)
        let note = try committedNote(in: db)
        let changes = ObservedChanges()
        changes.track { _ = note.title }
        note.count = 2
        XCTAssertEqual(changes.value, 0, "count was not read")
        note.title = "second"
        XCTAssertEqual(changes.value, 1)
        XCTAssertEqual(note.title, "second")
        XCTAssertEqual(note.changedColumns, ["title", "count"])
    }

    func testATransientPropertyIsObservedToo() throws {
        let note = ObservedNote()
        let changes = ObservedChanges()
        changes.track { _ = note.draft }
        note.draft = "typing"
        XCTAssertEqual(changes.value, 1)
        XCTAssertEqual(note.draft, "typing")
    }

    func testARollbackThatPutsAValueBackIsSeen() throws {
        let db = try makeTestDatabase(self)
        let note = try committedNote(in: db)
        let changes = ObservedChanges()
        try? db.transaction { _ in
            note.title = "doomed"
            try note.commit(in: db)
            changes.track { _ = note.title }
            throw CancellationError()
        }
        XCTAssertEqual(changes.value, 1, "the rollback put the title back")
        XCTAssertEqual(note.title, "first")
    }

    func testRevertIsSeen() throws {
        let db = try makeTestDatabase(self)
        let note = try committedNote(in: db)
        note.title = "unsaved"
        let changes = ObservedChanges()
        changes.track { _ = note.title }
        note.revert()
        XCTAssertEqual(changes.value, 1)
        XCTAssertEqual(note.title, "first")
    }

    /// Reading the row again tells the observers of the columns whose values it changed, and no
    /// other: here another process changed the title while nothing watched the file.
    func testARefreshTellsTheColumnsItChangedOnly() throws {
        let path = try temporaryDatabasePath(self)
        let db = try Database(path: path)
        let note = try committedNote(in: db)
        try ExternalChangeFixture.runSQLite3(path, "UPDATE observed_note SET title = 'elsewhere'")
        let titleChanges = ObservedChanges()
        let countChanges = ObservedChanges()
        titleChanges.track { _ = note.title }
        countChanges.track { _ = note.count }
        try note.refresh()
        XCTAssertEqual(titleChanges.value, 1)
        XCTAssertEqual(countChanges.value, 0, "the count is what it was")
        XCTAssertEqual(note.title, "elsewhere")
    }

    /// A commit by another process (the `sqlite3` shell) to an object's row ends the tracking of
    /// its properties once the database watches the file, and the property then reads the new value.
    func testAnotherProcessesCommitToTheRowIsSeenAndTheNewValueRead() throws {
        let path = try temporaryDatabasePath(self)
        let db = try Database(path: path)
        let note = try committedNote(in: db)
        db.startExternalChangeMonitor()
        let changes = ObservedChanges()
        changes.track { _ = note.count }
        try ExternalChangeFixture.runSQLite3(path, "UPDATE observed_note SET count = 42")
        try waitUntil("the other process's commit reached the observer") { changes.value == 1 }
        XCTAssertEqual(note.count, 42)
        XCTAssertFalse(note.hasChanges)
    }

    /// SQL that changes the row, run through the database rather than the object, is seen as well.
    func testAnUpdateRunAsSQLIsSeen() throws {
        let db = try makeTestDatabase(self)
        let note = try committedNote(in: db)
        let changes = ObservedChanges()
        changes.track { _ = note.title }
        try db.execute("UPDATE observed_note SET title = 'by SQL'")
        XCTAssertEqual(changes.value, 1)
        XCTAssertEqual(note.title, "by SQL")
    }

    /// A fetch that finds the live object's row unchanged tells no one.
    func testFetchingAnUnchangedRowAgainTellsNoOne() throws {
        let db = try makeTestDatabase(self)
        let note = try committedNote(in: db)
        let changes = ObservedChanges()
        changes.track {
            _ = note.title
            _ = note.count
        }
        let fetched = try ObservedNote.query(in: db).fetch()
        XCTAssertTrue(fetched.first === note)
        XCTAssertEqual(changes.value, 0)
    }
}
