import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "cyc_location")
final class CycLocation {
    var city: String = ""
    var department: CycDepartment?
}

@Model(table: "cyc_department")
final class CycDepartment {
    var name: String = ""
    var location: CycLocation?
}

@Model(table: "cyc_person")
final class CycPerson {
    var name: String = ""
    var department: CycDepartment?
    var location: CycLocation?
}

@Model(table: "cyc_node")
final class CycNode {
    var label: String = ""
    var next: CycNode?
}

/// Committing objects that refer to each other.
final class RelationshipCommitTests: XCTestCase {
    /// The case from the issue: it failed with a bare `FOREIGN KEY constraint failed` (with foreign
    /// keys off it stored a key of 0). Three rows, each with the other's real key, in one transaction.
    func testCircularReferencesAreAllWrittenWithRealKeys() throws {
        for foreignKeys in [true, false] {
            let recorder = SQLRecorder()
            var configuration = recorder.configuration
            configuration.foreignKeys = foreignKeys
            // PostgreSQL always checks foreign keys: the setting is SQLite's, both runs check there.
            let db = try makeTestDatabase(self, configuration: configuration)
            try db.prepare(CycPerson.self)
            recorder.reset()
            let l = CycLocation()
            l.city = "Lyon"
            let d = CycDepartment()
            d.name = "R&D"
            let p = CycPerson()
            p.name = "Ann"
            l.department = d
            d.location = l
            p.department = d
            p.location = l
            XCTAssertTrue(try p.commit(in: db))
            let written = recorder.recorded

            XCTAssertFalse(l.isNew || d.isNew || p.isNew)
            XCTAssertFalse(l.hasChanges || d.hasChanges || p.hasChanges)
            XCTAssertEqual(
                try db.fetchAll("SELECT id, department FROM cyc_location"), [[.integer(l.id), .integer(d.id)]])
            XCTAssertEqual(
                try db.fetchAll("SELECT id, location FROM cyc_department"), [[.integer(d.id), .integer(l.id)]])
            XCTAssertEqual(
                try db.fetchAll("SELECT department, location FROM cyc_person"), [[.integer(d.id), .integer(l.id)]])
            switch TestDatabaseKind.current {
            case .sqlite:
                XCTAssertEqual(
                    written,
                    [
                        "BEGIN IMMEDIATE",
                        #"INSERT INTO "cyc_location" ("city", "department") VALUES (?, ?)"#,
                        #"INSERT INTO "cyc_department" ("name", "location") VALUES (?, ?)"#,
                        #"INSERT INTO "cyc_person" ("name", "department", "location") VALUES (?, ?, ?)"#,
                        #"UPDATE "cyc_location" SET "department" = ? WHERE "id" = ?"#,
                        "COMMIT",
                    ], "foreign keys \(foreignKeys ? "on" : "off")")
            case .postgres:
                XCTAssertEqual(
                    written,
                    [
                        TestDatabaseKind.postgresBegin,
                        #"INSERT INTO "cyc_location" ("city", "department") VALUES (?, ?) RETURNING "id""#,
                        #"INSERT INTO "cyc_department" ("name", "location") VALUES (?, ?) RETURNING "id""#,
                        #"INSERT INTO "cyc_person" ("name", "department", "location") VALUES (?, ?, ?) RETURNING "id""#,
                        #"UPDATE "cyc_location" SET "department" = ? WHERE "id" = ?"#,
                        "COMMIT",
                    ], "foreign keys \(foreignKeys ? "on" : "off")")
            }
            XCTAssertFalse(try p.commit(in: db), "nothing left to write")
        }
    }

    /// A cycle of three, and an object referring to itself.
    func testCyclesOfAnyLength() throws {
        let db = try makeTestDatabase(self)
        let a = CycNode()
        let b = CycNode()
        let c = CycNode()
        a.label = "a"
        b.label = "b"
        c.label = "c"
        a.next = b
        b.next = c
        c.next = a
        try a.commit(in: db)
        let rows = try db.fetchAll("SELECT label, (SELECT label FROM cyc_node n WHERE n.id = m.next) FROM cyc_node m ORDER BY m.label")
        XCTAssertEqual(rows, [[.text("a"), .text("b")], [.text("b"), .text("c")], [.text("c"), .text("a")]])

        let selfish = CycNode()
        selfish.label = "self"
        selfish.next = selfish
        try selfish.commit(in: db)
        XCTAssertEqual(try db.scalar("SELECT next FROM cyc_node WHERE label = 'self'"), .integer(selfish.id))
    }

    /// A cycle's commit that fails leaves every object as it was: new, nothing written.
    func testAFailedCycleCommitWritesNothing() throws {
        let db = try makeTestDatabase(self)
        try db.prepare(CycNode.self)
        // The second insert is refused: by a trigger on SQLite (which adds no CHECK to a table), a CHECK on PostgreSQL.
        switch TestDatabaseKind.current {
        case .sqlite:
            try db.execute("CREATE TRIGGER no_bad BEFORE INSERT ON cyc_node WHEN NEW.label = 'bad' BEGIN SELECT RAISE(ABORT, 'bad'); END")
        case .postgres:
            try db.execute("ALTER TABLE cyc_node ADD CONSTRAINT no_bad CHECK (label <> 'bad')")
        }
        let a = CycNode()
        let b = CycNode()
        a.label = "a"
        b.label = "bad"
        a.next = b
        b.next = a
        XCTAssertThrowsError(try a.commit(in: db))
        XCTAssertTrue(a.isNew && b.isNew)
        XCTAssertEqual(a.id, 0)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM cyc_node"), .integer(0))
    }

    /// A new object referring to a removed one: it failed with an unnamed foreign-key error. The
    /// commit now throws an error naming the property and the removed object, writing nothing.
    func testAReferenceToARemovedObjectIsRefusedByName() throws {
        let db = try makeTestDatabase(self)
        let team = Team()
        team.name = "gone"
        try team.commit(in: db)
        try team.remove()
        let player = Player()
        player.team = team
        XCTAssertThrowsError(try player.commit(in: db)) { error in
            XCTAssertEqual(
                error as? ORMError,
                .referenceToRemovedObject(entity: "player", column: "team", target: "team", key: .integer(team.id)))
            XCTAssertEqual("\(error)", "player.team refers to the team with key \(team.id), which was removed")
        }
        XCTAssertTrue(player.isNew)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM player"), .integer(0))
        player.team = nil
        XCTAssertTrue(try player.commit(in: db), "committed once the reference is cleared")
    }

    /// A new related object left out by the options: refused by name (it failed with a bare foreign
    /// key error, or stored a dangling key with foreign keys off).
    func testAReferenceToANewObjectLeftOutIsRefusedByName() throws {
        let db = try makeTestDatabase(self)
        let player = Player()
        player.team = Team()
        for options in [CommitOptions(ignoredRelatedTypes: [Team.self]), CommitOptions(commitsRelatedObjects: false)] {
            XCTAssertThrowsError(try player.commit(in: db, options: options)) { error in
                XCTAssertEqual(
                    error as? ORMError, .referenceToUnsavedObject(entity: "player", column: "team", target: "team"))
            }
        }
        XCTAssertTrue(player.isNew)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM player"), .integer(0))
    }
}
