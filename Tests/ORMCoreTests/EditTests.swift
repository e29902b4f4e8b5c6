import Foundation
import XCTest

@testable import ORMCore

/// Edits to tables found at run time: checked in a trial that writes nothing, applied all or nothing,
/// conflicts found.
final class EditTests: XCTestCase {
    private func database(_ path: String) throws -> Database {
        let db = try Database(path: path)
        try db.executeScript(
            """
            CREATE TABLE IF NOT EXISTS owner (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE IF NOT EXISTS pet (id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (length(name) > 0),
                                            owner_id INTEGER REFERENCES owner(id), legs INTEGER DEFAULT 4);
            CREATE TRIGGER IF NOT EXISTS no_cats BEFORE INSERT ON pet WHEN new.name = 'cat'
              BEGIN SELECT RAISE(ABORT, 'no cats allowed'); END;
            INSERT OR IGNORE INTO owner VALUES (1, 'Ann'), (2, 'Bo');
            INSERT OR IGNORE INTO pet (id, name, owner_id) VALUES (10, 'Rex', 1), (11, 'Tom', 2);
            """)
        return db
    }

    private func row(_ db: Database, _ id: Int64) throws -> [String: SQLValue] {
        guard let record = try db.table("pet").record(key: [.integer(id)]) else { return [:] }
        var values: [String: SQLValue] = [:]
        for column in record.columns { values[column] = record[column] }
        return values
    }

    func testPendingEditsShowTheirSQL() throws {
        let db = try database(try temporaryDatabasePath(self))
        let pets = try db.table("pet")
        let update = RowEdit.update(key: [10], original: try row(db, 10), changes: ["name": "Rexy", "legs": 3])
        XCTAssertEqual(try pets.sql(for: update).text, #"UPDATE "pet" SET "legs" = ?, "name" = ? WHERE "id" = ?"#)
        XCTAssertEqual(try pets.sql(for: update).arguments, [3, "Rexy", 10])
        XCTAssertEqual(try pets.sql(for: .insert(values: ["name": "Kit"])).text, #"INSERT INTO "pet" ("name") VALUES (?)"#)
        XCTAssertEqual(try pets.sql(for: .delete(key: [11], original: [:])).text, #"DELETE FROM "pet" WHERE "id" = ?"#)
        XCTAssertThrowsError(try pets.sql(for: .update(key: [10], original: [:], changes: ["nope": 1])))
    }

    func testChecksRefuseWhatSQLiteRefusesAndWriteNothing() throws {
        let db = try database(try temporaryDatabasePath(self))
        let pets = try db.table("pet")
        let delivered = Locked<Int>(0)
        let registration = pets.eventHandler().register { _ in delivered.mutate { $0 += 1 } }
        defer { registration.cancel() }
        let refused: [(RowEdit, String)] = [
            (.insert(values: ["name": .null]), "NOT NULL"),
            (.insert(values: ["name": ""]), "CHECK"),
            (.insert(values: ["name": "cat"]), "no cats allowed"),
            (.insert(values: ["name": "Kit", "owner_id": 99]), "FOREIGN KEY"),
        ]
        for (edit, expected) in refused {
            XCTAssertThrowsError(try pets.check(edit)) { error in
                XCTAssertTrue((error as? SQLiteError)?.message.contains(expected) ?? false, "\(error)")
            }
        }
        XCTAssertThrowsError(try pets.check(.update(key: [999], original: [:], changes: ["legs": 1]))) {
            XCTAssertEqual($0 as? ORMError, .recordNotFound(entity: "pet", key: 999))
        }
        XCTAssertThrowsError(try db.table("owner").check(.update(key: [2], original: [:], changes: ["name": "Ann"]))) {
            XCTAssertEqual(($0 as? SQLiteError)?.code, .constraint)
        }
        try pets.check(.update(key: [10], original: [:], changes: ["legs": 3]))  // accepted…
        XCTAssertEqual(try row(db, 10)["legs"], .integer(4), "…and still not written")
        // A real write after the trials: once its event has come, any event of theirs would have too.
        try db.execute("UPDATE pet SET legs = 5 WHERE id = 11")
        let deadline = Date().addingTimeInterval(30)
        while delivered.value == 0 && Date() < deadline {
            usleep(2_000)
        }
        XCTAssertEqual(delivered.value, 1, "the real write's event, and none for the trials")
    }

    func testCheckInsertReturnsTheRowSQLiteWouldStoreAndWritesNothing() throws {
        let db = try database(try temporaryDatabasePath(self))
        let pets = try db.table("pet")
        XCTAssertEqual(pets.generatedKeyColumn, "id")
        let row = try pets.checkInsert(["name": "Kit"])
        XCTAssertEqual(row, ["id": 12, "name": "Kit", "owner_id": .null, "legs": 4], "defaults and the next rowid")
        XCTAssertTrue(try self.row(db, 12).isEmpty, "rolled back")
        XCTAssertThrowsError(try pets.checkInsert([:])) { error in
            XCTAssertTrue((error as? SQLiteError)?.message.contains("NOT NULL constraint failed: pet.name") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try pets.checkInsert(["name": "Kit", "owner_id": 99])) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "FOREIGN KEY constraint failed")
        }

        try db.executeScript("""
            CREATE TABLE note (body TEXT DEFAULT 'empty');
            CREATE TABLE pair (a TEXT, b INTEGER, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO note VALUES ('first');
            INSERT INTO pair VALUES ('x', 1);
            """)
        let notes = try db.table("note")
        XCTAssertEqual(notes.generatedKeyColumn, "rowid")
        XCTAssertEqual(try notes.checkInsert([:]), ["rowid": 2, "body": "empty"], "a hidden rowid key is reported as rowid")
        let pairs = try db.table("pair")
        XCTAssertNil(pairs.generatedKeyColumn, "a composite key is never generated")
        XCTAssertEqual(try pairs.checkInsert(["a": "x", "b": 2]), ["a": "x", "b": 2])
        XCTAssertThrowsError(try pairs.checkInsert(["a": "x", "b": 1])) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "UNIQUE constraint failed: pair.a, pair.b")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM pair"), 1)
    }

    /// An edit is checked in the company of the edits staged before it, in any table: a pet may
    /// name an owner staged before it, and an owner may go once its pets are staged to go, in
    /// either order (foreign keys are judged as at commit). A staged edit SQLite refuses is left
    /// out, so it fails its own check, not the next one; nothing is written.
    func testChecksSeeTheEditsStagedBeforeThem() throws {
        let db = try database(try temporaryDatabasePath(self))
        let (owners, pets) = (try db.table("owner"), try db.table("pet"))
        let newOwner = StagedTableEdits(table: owners, edits: [.insert(values: ["id": 3, "name": "Cy"])])
        let petOfNewOwner = RowEdit.insert(values: ["name": "Kit", "owner_id": 3])
        XCTAssertThrowsError(try pets.check(petOfNewOwner), "alone, owner 3 does not exist")
        try pets.check(petOfNewOwner, after: [newOwner])
        XCTAssertEqual(try pets.checkInsert(["name": "Kit", "owner_id": 3], after: [newOwner])["owner_id"], 3)

        let dropBo = RowEdit.delete(key: [2], original: [:])
        XCTAssertThrowsError(try owners.check(dropBo), "Tom still names Bo")
        try owners.check(dropBo, after: [StagedTableEdits(table: pets, edits: [.delete(key: [11], original: [:])])])
        try pets.check(.delete(key: [11], original: [:]), after: [StagedTableEdits(table: owners, edits: [dropBo])])

        let refusedFirst = StagedTableEdits(table: pets, edits: [.insert(values: ["name": "cat"])])
        try pets.check(.update(key: [10], original: [:], changes: ["legs": 3]), after: [refusedFirst])
        XCTAssertThrowsError(try owners.check(.insert(values: ["name": "Cy"]), after: [newOwner]), "UNIQUE among the staged") {
            XCTAssertTrue(($0 as? SQLiteError)?.message.contains("UNIQUE") ?? false, "\($0)")
        }

        XCTAssertEqual(try db.scalar("SELECT count(*) FROM owner"), 2)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM pet"), 2)
        XCTAssertEqual(try db.scalar("PRAGMA defer_foreign_keys"), 0, "the pragma is as it was")
    }

    func testApplyIsAllOrNothing() throws {
        let db = try database(try temporaryDatabasePath(self))
        let pets = try db.table("pet")
        let good = RowEdit.update(key: [10], original: try row(db, 10), changes: ["legs": 3])
        let bad = RowEdit.insert(values: ["name": "cat"])
        XCTAssertThrowsError(try pets.apply([good, bad]))
        XCTAssertEqual(try row(db, 10)["legs"], .integer(4))
        let applied = try pets.apply([good, .insert(values: ["name": "Kit", "owner_id": 1]), .delete(key: [11], original: try row(db, 11))])
        let inserted = applied.inserted
        XCTAssertEqual(inserted.count, 1)
        XCTAssertEqual(applied.written, 3)
        XCTAssertEqual(applied.skipped, [])
        XCTAssertEqual(try row(db, 10)["legs"], .integer(3))
        XCTAssertEqual(try row(db, inserted[0])["legs"], .integer(4), "defaults filled in")
        XCTAssertTrue(try row(db, 11).isEmpty)
    }

    func testConflictsMadeByAnotherConnectionAreNeverOverwrittenSilently() throws {
        let path = try temporaryDatabasePath(self)
        let db = try database(path)
        let pets = try db.table("pet")
        let staged = [
            RowEdit.update(key: [10], original: try row(db, 10), changes: ["name": "Rexy"]),
            RowEdit.update(key: [11], original: try row(db, 11), changes: ["legs": 3]),
        ]
        let other = try Database(path: path)
        try other.execute("UPDATE pet SET name = 'Max' WHERE id = 10")  // between staging and commit

        XCTAssertThrowsError(try pets.apply(staged)) { error in
            let conflicts = (error as? EditConflictError)?.conflicts ?? []
            XCTAssertEqual(conflicts.map(\.edit.key), [[10]])
            XCTAssertEqual(conflicts.first?.current?["name"], .text("Max"))
        }
        XCTAssertEqual(try row(db, 11)["legs"], .integer(4), "cancel applies nothing")

        let kept = try pets.apply(staged, policy: .keepTheirs)
        XCTAssertEqual(try row(db, 10)["name"], .text("Max"))
        XCTAssertEqual(try row(db, 11)["legs"], .integer(3))
        XCTAssertEqual(kept.written, 1)
        XCTAssertEqual(kept.skipped.map(\.edit.key), [[10]])

        let overwritten = try pets.apply([staged[0]], policy: .overwrite)
        XCTAssertEqual(try row(db, 10)["name"], .text("Rexy"))
        XCTAssertEqual(overwritten.written, 1)
        XCTAssertEqual(overwritten.skipped, [])

        let seen = try row(db, 10)
        try other.execute("DELETE FROM pet WHERE id = 10")
        let late = try pets.apply([.update(key: [10], original: seen, changes: ["legs": 1])], policy: .overwrite)
        XCTAssertEqual(late.written, 0, "an overwrite of a deleted row writes nothing")
        XCTAssertEqual(late.skipped.first?.current, nil)
        XCTAssertEqual(late.skipped.count, 1)

        let gone = try pets.conflict(for: .update(key: [10], original: ["name": "Rexy"], changes: ["legs": 1]))
        XCTAssertNotNil(gone)
        XCTAssertNil(gone?.current, "a deleted row is a conflict with no current values")
    }

    func testBusyAndReadOnlyKeepTheEditsForARetry() throws {
        let path = try temporaryDatabasePath(self)
        var configuration = Configuration()
        configuration.busyTimeoutMilliseconds = 50
        let db = try Database(path: path, configuration: configuration)
        _ = try database(path)
        let pets = try db.table("pet")
        let edit = RowEdit.update(key: [10], original: try row(db, 10), changes: ["legs": 2])
        let other = try Database(path: path)
        try other.transaction { _ in
            try other.execute("UPDATE owner SET name = 'Ann' WHERE id = 1")
            XCTAssertThrowsError(try pets.apply([edit])) { XCTAssertEqual(($0 as? SQLiteError)?.code, .busy, "\($0)") }
        }
        try pets.apply([edit])  // the same edit, retried
        XCTAssertEqual(try row(db, 10)["legs"], .integer(2))

        var readOnly = Configuration()
        readOnly.readOnly = true
        let reader = try Database(path: path, configuration: readOnly)
        XCTAssertThrowsError(try reader.table("pet").apply([edit])) {
            XCTAssertEqual($0 as? ORMError, .readOnlyDatabase(path: path))
        }
    }
}
