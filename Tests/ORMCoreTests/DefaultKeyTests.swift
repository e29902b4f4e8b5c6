import Foundation
import XCTest

@testable import ORMCore

@Model(table: "k_note")
final class KNote {
    var text: String = ""
}

@Model(table: "k_random", primaryKey: .randomInteger)
final class KRandomNote {
    var text: String = ""
}

/// A table written with random keys (the old default), then read and written with the new one.
@Model(table: "k_shared", primaryKey: .randomInteger)
final class KLegacyNote {
    var text: String = ""
}

@Model(table: "k_shared")
final class KSharedNote {
    var text: String = ""
}

/// Default keys are the rowid SQLite assigns: ascending in insertion order, learnt at insert.
final class DefaultKeyTests: XCTestCase {
    private func notes(_ texts: [String], in db: Database) throws -> [KNote] {
        try db.transaction { _ in
            try texts.map { text in
                let note = KNote()
                note.text = text
                try note.commit(in: db)
                return note
            }
        }
    }

    /// A rolled-back insert forgets the key SQLite gave it: the object is new again, and its next
    /// commit inserts it once, under a key of its own (the lead's check when the two branches met).
    func testARolledBackInsertForgetsItsKeyAndInsertsAgain() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
        let kept = KNote()
        kept.text = "kept"
        try kept.commit(in: db)
        let note = KNote()
        note.text = "rolled back"
        XCTAssertThrowsError(try db.transaction { tx in
            try note.commit(in: db)
            XCTAssertEqual(note.id, kept.id + 1)
            try tx.fail("changed my mind")
        })
        XCTAssertEqual(note.persistenceStatus, .new)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM k_note"), .integer(1))
        XCTAssertTrue(try note.commit(in: db))
        XCTAssertEqual(try db.fetchAll("SELECT id, text FROM k_note ORDER BY id"),
                       [[.integer(kept.id), .text("kept")], [.integer(note.id), .text("rolled back")]])
        XCTAssertTrue(try KNote.find(note.id, in: db) === note, "one live instance for the row")
    }

    func testDefaultKeysAscendInInsertionOrderAndQueriesReturnThatOrder() throws {
        XCTAssertEqual(KNote.modelSchema.primaryKey.strategy, .rowID)
        let db = try Database(path: try temporaryDatabasePath(self))
        let texts = (0..<300).map { "note \(($0 * 7_919) % 300)" }
        let inserted = try notes(texts, in: db)
        XCTAssertEqual(inserted.map(\.id), Array(1...300), "the object learns the key SQLite gave it")
        XCTAssertEqual(try KNote.query(in: db).fetch().map(\.text), texts)
        XCTAssertEqual(try KNote.query(in: db).first()?.text, texts[0])
        XCTAssertEqual(try KNote.query(in: db).limit(1).fetch().first?.text, texts[0])
        XCTAssertEqual(Array(try KNote.query(in: db).batch(16).fetch()).map(\.text), texts)
        XCTAssertEqual(try KNote.fetchAll(in: db).map(\.text), texts)
        XCTAssertTrue(try KNote.find(Int64(42), in: db) === inserted[41])

        // The key is left to SQLite: the insert names no key column.
        let recorder = SQLRecorder()
        let traced = try Database(path: db.path, configuration: recorder.configuration)
        let more = KNote()
        more.text = "more"
        try more.commit(in: traced)
        XCTAssertEqual(more.id, 301)
        XCTAssertTrue(recorder.recorded.contains(#"INSERT INTO "k_note" ("text") VALUES (?)"#), "\(recorder.recorded)")
        // A key set by hand is kept.
        let chosen = KNote()
        chosen.id = 1_000
        try chosen.commit(in: db)
        XCTAssertEqual(try KNote.find(Int64(1_000), in: db)?.text, "")
    }

    func testRandomKeysRemainAChoice() throws {
        let db = try Database.inMemory()
        let keys = try db.transaction { _ in
            try (0..<50).map { index -> Int64 in
                let note = KRandomNote()
                note.text = "\(index)"
                try note.commit(in: db)
                return note.id
            }
        }
        XCTAssertTrue(keys.allSatisfy { $0 > 0 })
        XCTAssertEqual(Set(keys).count, 50)
        XCTAssertNotEqual(keys, keys.sorted(), "random keys do not follow insertion order")
    }

    func testATableMadeWithRandomKeysKeepsWorking() throws {
        let path = try temporaryDatabasePath(self)
        let old = try Database(path: path)
        let legacy = try old.transaction { _ in
            try (0..<20).map { index -> KLegacyNote in
                let note = KLegacyNote()
                note.text = "old \(index)"
                try note.commit(in: old)
                return note
            }
        }
        let byKey = legacy.sorted { $0.id < $1.id }
        let db = try Database(path: path)
        XCTAssertEqual(try KSharedNote.fetchAll(in: db).map(\.text), byKey.map(\.text), "read as before")
        XCTAssertEqual(try KSharedNote.find(legacy[3].id, in: db)?.text, "old 3")
        let added = KSharedNote()
        added.text = "new"
        try added.commit(in: db)
        XCTAssertEqual(added.id, (byKey.last?.id ?? 0) + 1, "after the largest key")
        // With the largest possible key taken, SQLite picks a free key at random; the object learns it.
        let top = KSharedNote()
        top.id = Int64.max
        try top.commit(in: db)
        let after = KSharedNote()
        after.text = "after the top"
        try after.commit(in: db)
        XCTAssertGreaterThan(after.id, 0)
        XCTAssertTrue(try KSharedNote.find(after.id, in: db) === after)
        XCTAssertEqual(try db.scalar("SELECT text FROM k_shared WHERE id = ?", after.id), .text("after the top"))
    }

    /// SQLite gives a deleted last row's key again: the new row gets an object of its own, not
    /// the removed row's object (whether the row came from an object or from SQL).
    func testAKeyGivenAgainBelongsToTheNewRow() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
        let first = try notes(["a", "b"], in: db)
        let b = first[1]
        try KNote.execute("DELETE FROM $T WHERE $PK = ?", b.id, in: db)
        XCTAssertTrue(b.isDeleted)
        let c = KNote()
        c.text = "c"
        try c.commit(in: db)
        XCTAssertEqual(c.id, b.id, "SQLite gave the key again")
        XCTAssertTrue(try KNote.find(c.id, in: db) === c)
        XCTAssertEqual(try KNote.query(in: db).fetch().map(\.text), ["a", "c"])
        XCTAssertTrue(b.isDeleted)

        try KNote.execute("DELETE FROM $T WHERE $PK = ?", c.id, in: db)
        try db.execute("INSERT INTO k_note (text) VALUES ('d')")
        let d = try XCTUnwrap(try KNote.find(c.id, in: db))
        XCTAssertFalse(d === c)
        XCTAssertEqual(d.text, "d")
        XCTAssertTrue(c.isDeleted)
        XCTAssertTrue(try KNote.query(in: db).where("text = 'd'").first() === d)
    }
}
