import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

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

/// Default keys are the key the database assigns (SQLite's rowid, a PostgreSQL identity column):
/// ascending in insertion order, learnt at insert.
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

    /// A rolled-back insert forgets the key the database gave it: the object is new again, and its
    /// next commit inserts it once, under a key of its own (the lead's check when the two branches met).
    func testARolledBackInsertForgetsItsKeyAndInsertsAgain() throws {
        let db = try makeTestDatabase(self)
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
        let db = try makeTestDatabase(self)
        let texts = (0..<300).map { "note \(($0 * 7_919) % 300)" }
        let inserted = try notes(texts, in: db)
        XCTAssertEqual(inserted.map(\.id), Array(1...300), "the object learns the key the database gave it")
        XCTAssertEqual(try KNote.query(in: db).fetch().map(\.text), texts)
        XCTAssertEqual(try KNote.query(in: db).first()?.text, texts[0])
        XCTAssertEqual(try KNote.query(in: db).limit(1).fetch().first?.text, texts[0])
        XCTAssertEqual(Array(try KNote.query(in: db).batch(16).fetch()).map(\.text), texts)
        XCTAssertEqual(try KNote.fetchAll(in: db).map(\.text), texts)
        XCTAssertTrue(try KNote.find(Int64(42), in: db) === inserted[41])

        // The key is left to the database: the insert names no key column.
        let recorder = SQLRecorder()
        let traced = try openSameDatabase(db, configuration: recorder.configuration)
        let more = KNote()
        more.text = "more"
        try more.commit(in: traced)
        XCTAssertEqual(more.id, 301)
        let insert =
            switch TestDatabaseKind.current {
            case .sqlite: #"INSERT INTO "k_note" ("text") VALUES (?)"#
            case .postgres: #"INSERT INTO "k_note" ("text") VALUES (?) RETURNING "id""#
            }
        XCTAssertTrue(recorder.recorded.contains(insert), "\(recorder.recorded)")
        // A key set by hand is kept.
        let chosen = KNote()
        chosen.id = 1_000
        try chosen.commit(in: db)
        XCTAssertEqual(try KNote.find(Int64(1_000), in: db)?.text, "")
    }

    func testRandomKeysRemainAChoice() throws {
        let db = try makeTestDatabase(self)
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

    /// A table written with random keys, then with default keys: read as before, and new rows get
    /// the key after the largest (on PostgreSQL the key column, which had no default, becomes an
    /// identity column: inserts leaving the key out failed on its NULL before).
    func testATableMadeWithRandomKeysKeepsWorking() throws {
        let old = try makeTestDatabase(self)
        let legacy = try old.transaction { _ in
            try (0..<20).map { index -> KLegacyNote in
                let note = KLegacyNote()
                note.text = "old \(index)"
                try note.commit(in: old)
                return note
            }
        }
        let byKey = legacy.sorted { $0.id < $1.id }
        let db = try openSameDatabase(old)
        XCTAssertEqual(try KSharedNote.fetchAll(in: db).map(\.text), byKey.map(\.text), "read as before")
        XCTAssertEqual(try KSharedNote.find(legacy[3].id, in: db)?.text, "old 3")
        let added = KSharedNote()
        added.text = "new"
        try added.commit(in: db)
        XCTAssertEqual(added.id, (byKey.last?.id ?? 0) + 1, "after the largest key")
        let next = KSharedNote()
        try next.commit(in: db)
        XCTAssertEqual(next.id, added.id + 1)
    }

    /// With the largest possible key taken, SQLite picks a free key at random; the object learns
    /// it. SQLite's alone: the rowid's choice (a PostgreSQL sequence ends at its largest value).
    func testWithTheLargestKeyTakenSQLitePicksAFreeKey() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
        let first = KSharedNote()
        first.text = "first"
        try first.commit(in: db)
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
    /// the removed row's object (whether the row came from an object or from SQL). SQLite's alone:
    /// a PostgreSQL identity never gives a key twice (the next test is the same, keys chosen).
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

    /// A removed row's key used again, chosen by hand: the new row gets an object of its own, not
    /// the removed row's object (whether the row came from an object or from SQL).
    func testAKeyUsedAgainBelongsToTheNewRow() throws {
        let db = try makeTestDatabase(self)
        let first = try notes(["a", "b"], in: db)
        let b = first[1]
        try KNote.execute("DELETE FROM $T WHERE $PK = ?", b.id, in: db)
        XCTAssertTrue(b.isDeleted)
        let c = KNote()
        c.id = b.id
        c.text = "c"
        try c.commit(in: db)
        XCTAssertTrue(try KNote.find(b.id, in: db) === c)
        XCTAssertEqual(try KNote.query(in: db).fetch().map(\.text), ["a", "c"])
        XCTAssertTrue(b.isDeleted)

        try KNote.execute("DELETE FROM $T WHERE $PK = ?", c.id, in: db)
        try db.execute("INSERT INTO k_note (id, text) VALUES (?, 'd')", c.id)
        let d = try XCTUnwrap(try KNote.find(c.id, in: db))
        XCTAssertFalse(d === c)
        XCTAssertEqual(d.text, "d")
        XCTAssertTrue(c.isDeleted)
        XCTAssertTrue(try KNote.query(in: db).where("text = 'd'").first() === d)
    }

    /// Keys given by hand, by objects or by raw SQL, are never given again by the database: the next
    /// default key goes past them, in a transaction too (SQLite's rowid is the largest plus one;
    /// PostgreSQL's sequence is moved past them).
    func testADefaultKeyGoesPastKeysGivenByHand() throws {
        let db = try makeTestDatabase(self)
        let first = try notes(["a"], in: db)
        let chosen = KNote()
        chosen.id = first[0].id + 1
        chosen.text = "chosen"
        try chosen.commit(in: db)
        let inTransaction = KNote()
        inTransaction.id = chosen.id + 1
        inTransaction.text = "chosen in a transaction"
        let next = try db.transaction { _ in
            try inTransaction.commit(in: db)
            return try notes(["b"], in: db)
        } + notes(["c"], in: db)
        XCTAssertEqual(next.map(\.id), [chosen.id + 2, chosen.id + 3])
        try db.execute("INSERT INTO k_note (id, text) VALUES (?, 'by SQL')", chosen.id + 4)
        let afterSQL = try notes(["d"], in: db)
        try db.transaction { _ in
            try db.execute("INSERT INTO k_note (\"id\", text) VALUES (?, 'by SQL in a transaction')", chosen.id + 6)
            try db.execute("INSERT INTO k_note (text) VALUES ('by SQL, no key')")
        }
        let last = try notes(["e"], in: db)
        XCTAssertEqual(afterSQL.map(\.id), [chosen.id + 5])
        XCTAssertEqual(last.map(\.id), [chosen.id + 8])
        XCTAssertEqual(try db.fetchAll("SELECT text FROM k_note ORDER BY id").map { $0[0] },
                       ["a", "chosen", "chosen in a transaction", "b", "c", "by SQL", "d", "by SQL in a transaction",
                        "by SQL, no key", "e"])
    }
}
