import XCTest

@testable import ORMCore

@Model(table: "ik_note")
final class IKNote {
    var id: Int = 0
    var text: String = ""
}

@Model(table: "ik_counter", primaryKey: .autoincrement)
final class IKCounter {
    var label: String = ""
}

/// The key of a row the database numbered comes back as the driver says: SQLite's rowid read after
/// the insert, or the insert's own `RETURNING` row where a database has no rowid (PostgreSQL).
final class InsertedKeyTests: XCTestCase {
    /// SQLite's connections, reporting that inserts return their keys.
    private struct ReturningDriver: DatabaseDriver {
        let sqlite: SQLiteDriver
        var capabilities: DriverCapabilities {
            var capabilities = sqlite.capabilities
            capabilities.insertedKeys = .returning
            return capabilities
        }
        func openConnection(for role: ConnectionRole) throws -> Connection {
            try sqlite.openConnection(for: role)
        }
    }

    private func open(returning: Bool, _ recorder: SQLRecorder) throws -> Database {
        let path = try temporaryDatabasePath(self)
        let sqlite = SQLiteDriver(path: path, configuration: recorder.configuration)
        if !returning { return try Database(driver: sqlite, path: path, configuration: recorder.configuration) }
        return try Database(driver: ReturningDriver(sqlite: sqlite), path: path, configuration: recorder.configuration)
    }

    func testSQLiteReadsTheRowIDAfterTheInsert() throws {
        XCTAssertEqual(SQLiteDriver(path: ":memory:", configuration: Configuration()).capabilities.insertedKeys, .lastInsertedRowID)
        let recorder = SQLRecorder()
        let db = try open(returning: false, recorder)
        let note = IKNote()
        note.text = "a"
        try note.commit(in: db)
        XCTAssertEqual(note.id, 1)
        XCTAssertFalse(recorder.recorded.contains { $0.contains("RETURNING") }, "\(recorder.recorded)")
    }

    func testADriverWhoseInsertsReturnTheirKeyGetsItFromTheInsert() throws {
        let recorder = SQLRecorder()
        let db = try open(returning: true, recorder)
        try db.execute("CREATE TABLE ik_note (id INTEGER PRIMARY KEY, text TEXT NOT NULL DEFAULT '')")
        try db.execute("INSERT INTO ik_note (id, text) VALUES (41, 'before')")
        recorder.reset()

        let notes = (0..<3).map { index -> IKNote in
            let note = IKNote()
            note.text = "n\(index)"
            return note
        }
        try db.transaction { _ in
            for note in notes { try note.commit(in: db) }
        }
        XCTAssertEqual(notes.map(\.id), [42, 43, 44])
        XCTAssertEqual(
            recorder.recorded.filter { $0.hasPrefix("INSERT") },
            Array(repeating: #"INSERT INTO "ik_note" ("text") VALUES (?) RETURNING "id""#, count: 3))
        XCTAssertTrue(try IKNote.find(43, in: db) === notes[1], "entered in the identity map under its key")
        XCTAssertEqual(try db.fetchAll("SELECT id, text FROM ik_note WHERE id > 41 ORDER BY id").map { $0[1] },
                       [.text("n0"), .text("n1"), .text("n2")])

        let counter = IKCounter()
        counter.label = "c"
        try counter.commit(in: db)
        let stored = try db.fetchAll(#"SELECT "id" FROM "ik_counter""#)
        XCTAssertEqual(stored, [[counter._$primaryKey]])
        XCTAssertFalse(counter._$primaryKey.isNull)
    }

    func testAnObjectInsertedWithAReturnedKeyIsUpdatedByThatKey() throws {
        let recorder = SQLRecorder()
        let db = try open(returning: true, recorder)
        let note = IKNote()
        note.text = "x"
        try note.commit(in: db)
        note.text = "y"
        try note.commit(in: db)
        XCTAssertEqual(try db.fetchAll("SELECT id, text FROM ik_note"), [[.integer(Int64(note.id)), .text("y")]])
        XCTAssertTrue(
            recorder.recorded.contains(#"UPDATE "ik_note" SET "text" = ? WHERE "id" = ?"#), "\(recorder.recorded)")
    }
}
