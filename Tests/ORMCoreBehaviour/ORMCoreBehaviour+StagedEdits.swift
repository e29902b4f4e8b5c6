import Dispatch
import Foundation
import ORMCore
import XCTest

extension ORMCoreBehaviour {
    // MARK: - Staged edits

    /// A staged edit is tried as a commit of it would be (NOT NULL, CHECK, UNIQUE, a foreign key,
    /// a missing row), in the company of the edits staged before it, and nothing is written; the
    /// commit then finds a row changed since it was read.
    public func testStagedEditsAreJudgedAsTheCommitWouldAndNeverWritten() throws {
        let db = try fresh()
        try db.executeScript("""
            CREATE TABLE b_owner (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE b_pet (id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (length(name) > 0),
              owner_id INTEGER REFERENCES b_owner (id), legs INTEGER DEFAULT 4);
            INSERT INTO b_owner VALUES (1, 'Ann'), (2, 'Bo');
            INSERT INTO b_pet (id, name, owner_id) VALUES (10, 'Rex', 1), (11, 'Tom', 2)
            """)
        let (owners, pets) = (try db.table("b_owner"), try db.table("b_pet"))
        let refused: [(DynamicTable, RowEdit)] = [
            (pets, .insert(values: ["id": 12, "name": .null])), (pets, .insert(values: ["id": 12, "name": ""])),
            (pets, .insert(values: ["id": 12, "name": "Kit", "owner_id": 99])),
            (owners, .update(key: [2], original: [:], changes: ["name": "Ann"])), (owners, .delete(key: [2], original: [:])),
        ]
        for (table, edit) in refused {
            XCTAssertThrowsError(try table.check(edit), "\(name): \(edit)") { error in
                XCTAssertTrue(error is any DatabaseError, "\(name): the database's own error: \(error)")
            }
        }
        XCTAssertThrowsError(try pets.check(.update(key: [999], original: [:], changes: ["legs": 1]))) {
            XCTAssertEqual($0 as? ORMError, .recordNotFound(entity: "b_pet", key: 999), name)
        }
        try owners.check(.delete(key: [2], original: [:]),
                         after: [StagedTableEdits(table: pets, edits: [.delete(key: [11], original: [:])])])
        try pets.check(.insert(values: ["id": 12, "name": "Kit", "owner_id": 3]),
                       after: [StagedTableEdits(table: owners, edits: [.insert(values: ["id": 3, "name": "Cy"])])])
        let verdicts = try pets.check([
            .insert(values: ["id": 12, "name": ""]), .update(key: [10], original: [:], changes: ["legs": 3]),
            .insert(values: ["id": 13, "name": "Kit"]),
        ])
        XCTAssertNotNil(verdicts[0], name)
        XCTAssertNil(verdicts[1], name)
        XCTAssertNil(verdicts[2], "\(name): an edit after a refused one is judged without it")
        XCTAssertEqual(try pets.checkInsert(["id": 12, "name": "Kit"])["legs"], .integer(4), "\(name): the default")
        XCTAssertEqual(try db.fetchAll("SELECT id, legs FROM b_pet ORDER BY id"), [[10, 4], [11, 4]], "\(name): nothing written")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM b_owner"), .integer(2), name)

        let seen = try XCTUnwrap(try pets.storedRows(keys: [[10]]).first ?? nil, name)
        try db.execute("UPDATE b_pet SET name = 'Max' WHERE id = 10")
        XCTAssertThrowsError(try pets.apply([.update(key: [10], original: seen, changes: ["legs": 3])])) { error in
            XCTAssertEqual((error as? EditConflictError)?.conflicts.first?.current?["name"], .text("Max"), name)
        }
        XCTAssertEqual(try pets.apply([.update(key: [10], original: seen, changes: ["legs": 3])], policy: .overwrite).written, 1)
        XCTAssertEqual(try db.fetchAll("SELECT name, legs FROM b_pet WHERE id = 10"), [["Max", 3]], name)
    }
}
