import Foundation
import Observation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "pg_observed_note")
final class PGObservedNote: Observable {
    var body: String = ""
    var views: Int = 0
}

/// A model declared `Observable` on PostgreSQL: its setter, a refresh and another session's commit
/// end a `withObservationTracking` of the properties read, as on SQLite.
final class PostgresObservationTests: XCTestCase {
    private func committedNote() throws -> (note: PGObservedNote, db: Database, connectionString: String) {
        let connectionString = try makePostgresDatabase("observed")
        let db = try Database(url: connectionString)
        addTeardownBlock { db.core.externalChanges.stop() }
        let note = PGObservedNote()
        note.body = "mine"
        try note.commit(in: db)
        return (note, db, connectionString)
    }

    func testASetterAndARefreshAreSeenAndAnUnchangedColumnIsNot() throws {
        let (note, db, connectionString) = try committedNote()
        let setter = ObservedChanges()
        setter.track { _ = note.body }
        note.body = "edited"
        XCTAssertEqual(setter.value, 1)
        try note.commit(in: db)

        // Changed by another session while nothing watched the server: a refresh finds it.
        let other = try PGConnection(connectionString)
        try other.execute("UPDATE pg_observed_note SET body = 'psql'")
        let body = ObservedChanges()
        let views = ObservedChanges()
        body.track { _ = note.body }
        views.track { _ = note.views }
        try note.refresh()
        XCTAssertEqual(body.value, 1)
        XCTAssertEqual(views.value, 0, "views did not change")
        XCTAssertEqual(note.body, "psql")
    }

    /// Another session's commit reaches the observer while the database watches the server (an
    /// event handler is registered), and the property then reads the new value.
    func testAnotherSessionsCommitToTheRowIsSeenAndTheNewValueRead() throws {
        let (note, db, connectionString) = try committedNote()
        let registration = try PGObservedNote.eventHandler(in: db).register { _ in }
        defer { registration.cancel() }
        try waitUntil("the watch looked") { (db.core.externalChanges.lookCount ?? 0) >= 1 }
        let changes = ObservedChanges()
        changes.track { _ = note.views }
        let other = try PGConnection(connectionString)
        try other.execute("UPDATE pg_observed_note SET views = 7")
        try waitUntil("the other session's commit reached the observer") { changes.value == 1 }
        XCTAssertEqual(note.views, 7)
    }
}
