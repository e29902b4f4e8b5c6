import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Checks of edits write nothing: the file keeps its bytes (and its modification time), other
/// connections see no new `PRAGMA data_version`, no journal is made; many edits are judged in one
/// trial, each as a commit of them all would judge it.
///
/// SQLite's alone: the file's bytes, its journal modes, its file lock and its triggers'
/// `RAISE(ROLLBACK)` are SQLite's; `PostgresEditTrialTests` holds PostgreSQL's trials (the server's
/// verdicts, keys judged as the commit checks them, rows another session locked), and the shared
/// behaviour `StagedEditsAreJudgedAsTheCommitWouldAndNeverWritten` runs on both.
final class EditTrialTests: XCTestCase {
    private static let schema = """
        CREATE TABLE owner (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE pet (id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (length(name) > 0),
                          owner_id INTEGER REFERENCES owner(id), legs INTEGER DEFAULT 4);
        CREATE INDEX pet_owner ON pet(owner_id);
        CREATE TRIGGER no_cats BEFORE INSERT ON pet WHEN new.name = 'cat'
          BEGIN SELECT RAISE(ABORT, 'no cats allowed'); END;
        CREATE TRIGGER no_dogs BEFORE INSERT ON pet WHEN new.name = 'dog'
          BEGIN SELECT RAISE(ROLLBACK, 'no dogs at all'); END;
        INSERT INTO owner VALUES (1, 'Ann'), (2, 'Bo');
        INSERT INTO pet (id, name, owner_id) VALUES (10, 'Rex', 1), (11, 'Tom', 2);
        """

    /// A database file in `mode` (`wal` or `delete`) with the schema, opened as reef opens files
    /// (keeping the file's journal mode).
    private func database(journalMode: String) throws -> (Database, String) {
        let path = try temporaryDatabasePath(self, name: "trial-\(journalMode).sqlite")
        let setup = try Database(path: path)
        try setup.execute("PRAGMA journal_mode = \(raw: journalMode)")
        try setup.executeScript(SQL(stringLiteral: Self.schema))
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        return (try Database(path: path, configuration: configuration), path)
    }

    /// The bytes and modification time of a file (nil when it does not exist).
    private func fingerprint(_ path: String) -> (Data, Date)? {
        guard let data = FileManager.default.contents(atPath: path),
              let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        else { return nil }
        return (data, modified)
    }

    private func assertSame(_ before: (Data, Date)?, _ after: (Data, Date)?, _ what: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(before?.0, after?.0, "\(what): bytes", file: file, line: line)
        XCTAssertEqual(before?.1, after?.1, "\(what): modification time", file: file, line: line)
    }

    /// Every kind of check, accepted and refused, alone and in company, leaves the file, its WAL
    /// and other connections' data_version as they were, in both journal modes.
    func testChecksLeaveTheFileByteIdenticalAndUnseenInBothJournalModes() throws {
        for mode in ["delete", "wal"] {
            let (db, path) = try database(journalMode: mode)
            let (owners, pets) = (try db.table("owner"), try db.table("pet"))
            let other = try Database(path: path, configuration: { var c = Configuration(); c.journalMode = .unchanged; return c }())
            let version = try other.scalar("PRAGMA data_version")
            let file = fingerprint(path)
            let wal = fingerprint(path + "-wal")
            XCTAssertEqual(wal == nil, mode == "delete", mode)

            try pets.check(.update(key: [10], original: [:], changes: ["legs": 3]))
            XCTAssertThrowsError(try pets.check(.insert(values: ["name": ""])))
            XCTAssertEqual(try pets.checkInsert(["name": "Kit"])["id"], 12)
            let newOwner = StagedTableEdits(table: owners, edits: [.insert(values: ["id": 3, "name": "Cy"])])
            try pets.check(.insert(values: ["name": "Kit", "owner_id": 3]), after: [newOwner])
            XCTAssertThrowsError(try owners.check(.delete(key: [1], original: [:])))
            for index in 0..<50 {
                try pets.check(.insert(values: ["name": .text("p\(index)")]))
            }

            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-journal"), "\(mode): no journal left")
            assertSame(file, fingerprint(path), "\(mode): the database file")
            assertSame(wal, fingerprint(path + "-wal"), "\(mode): the WAL")
            XCTAssertEqual(try other.scalar("PRAGMA data_version"), version, "\(mode): other connections saw no commit")
            XCTAssertEqual(try db.scalar("SELECT count(*) FROM pet"), 2, mode)
            XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text(mode), "\(mode): the file's mode is kept")
        }
    }

    /// Thousands of edits judged in one trial leave the file as it was too.
    func testABigRunOfEditsLeavesTheFileByteIdentical() throws {
        for mode in ["delete", "wal"] {
            let (db, path) = try database(journalMode: mode)
            try db.execute("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000) INSERT INTO pet (name) SELECT 'p' || x FROM n")
            let pets = try db.table("pet")
            let file = fingerprint(path)
            let wal = fingerprint(path + "-wal")
            let keys = try db.fetchAll("SELECT id FROM pet WHERE id > 11").map { $0[0] }
            var seen = 0
            let verdicts = try pets.check(keys.map { RowEdit.delete(key: [$0], original: [:]) }, progress: { seen = $0 })
            XCTAssertEqual(verdicts.count, 20000)
            XCTAssertTrue(verdicts.allSatisfy { $0 == nil }, mode)
            XCTAssertEqual(seen, 20000)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-journal"), "\(mode): no journal left")
            assertSame(file, fingerprint(path), "\(mode): the database file")
            assertSame(wal, fingerprint(path + "-wal"), "\(mode): the WAL")
            XCTAssertEqual(try db.scalar("SELECT count(*) FROM pet"), 20002, mode)
        }
    }

    /// A check that cannot have the write lock fails at once with SQLITE_BUSY when asked not to
    /// wait, and is judged once the lock is free.
    func testACheckThatMayNotWaitFailsAtOnceWhileTheFileIsLocked() throws {
        let (db, path) = try database(journalMode: "delete")
        let pets = try db.table("pet")
        let other = try Database(path: path, configuration: { var c = Configuration(); c.journalMode = .unchanged; return c }())
        let edit = RowEdit.update(key: [10], original: [:], changes: ["legs": 3])
        try other.transaction { _ in
            try other.execute("UPDATE owner SET name = 'Ann' WHERE id = 1")
            XCTAssertThrowsError(try pets.check(edit, waitingForLock: false)) {
                XCTAssertEqual(($0 as? SQLiteError)?.code, .busy, "\($0)")
            }
            XCTAssertThrowsError(try pets.check([edit], waitingForLock: false)) {
                XCTAssertEqual(($0 as? SQLiteError)?.code, .busy, "\($0)")
            }
        }
        try pets.check(edit, waitingForLock: false)
    }

    /// A check that may not wait does not wait for another thread's check either (they share the
    /// trial connection): it fails at once, busy (``WorkNotStarted``), and runs once that one is done.
    func testACheckThatMayNotWaitDoesNotWaitForAnotherThreadsCheck() throws {
        let (_, path) = try database(journalMode: "wal")
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        configuration.functions = [SQLFunction("hold", argumentCount: 0, isDeterministic: false) { _ in
            entered.signal()
            release.wait()
            return .null
        }]
        let db = try Database(path: path, configuration: configuration)
        try db.execute("CREATE TRIGGER hold_on BEFORE UPDATE ON pet WHEN new.legs = 99 BEGIN SELECT hold(); END")
        let pets = try db.table("pet")
        DispatchQueue.global().async {
            _ = try? pets.check(.update(key: [10], original: [:], changes: ["legs": 99]))
            done.signal()
        }
        entered.wait()
        // Were the check below to wait for the held one, this lets it end (and fail) rather than hang.
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { release.signal() }
        let edit = RowEdit.update(key: [11], original: [:], changes: ["legs": 3])
        XCTAssertThrowsError(try pets.check(edit, waitingForLock: false)) {
            // ORMCore's own error, the same on every database (PostgresTrialStopTests), and busy.
            XCTAssertEqual($0 as? WorkNotStarted, WorkNotStarted(.busy, message: "another check is running"), "\($0)")
            XCTAssertTrue(($0 as? any DatabaseError)?.isBusy ?? false, "\($0)")
        }
        release.signal()
        done.wait()
        try pets.check(edit, waitingForLock: false)
    }

    /// A run of edits is judged as a commit of them all: a parent deleted before its children in
    /// the same run is taken, a parent whose child stays is refused, and only that one; an edit
    /// whose trigger rolls back the whole transaction is refused without losing the others.
    func testManyEditsAreJudgedAsOneCommitWouldJudgeThem() throws {
        let (db, _) = try database(journalMode: "wal")
        let (owners, pets) = (try db.table("owner"), try db.table("pet"))
        try db.execute("INSERT INTO owner VALUES (3, 'Cy')")
        try db.execute("INSERT INTO pet (id, name, owner_id) VALUES (12, 'Max', 3)")
        let ownerVerdicts = try owners.check(
            [.delete(key: [1], original: [:]), .delete(key: [3], original: [:]), .delete(key: [2], original: [:])],
            after: [StagedTableEdits(table: pets, edits: [.delete(key: [10], original: [:]), .delete(key: [11], original: [:])])])
        XCTAssertNil(ownerVerdicts[0], "Rex goes with Ann")
        XCTAssertEqual((ownerVerdicts[1] as? SQLiteError)?.message, "FOREIGN KEY constraint failed", "Max still names Cy")
        XCTAssertNil(ownerVerdicts[2], "Tom goes with Bo")

        let selfReferencing = try db.table("pet")
        var seen: [Int] = []
        let petVerdicts = try selfReferencing.check(
            [.insert(values: ["name": "dog"]), .insert(values: ["name": "cat"]), .insert(values: ["name": "Kit"]),
             .update(key: [99], original: [:], changes: ["legs": 1])],
            progress: { seen.append($0) })
        XCTAssertTrue(((petVerdicts[0] as? SQLiteError)?.message ?? "").contains("no dogs at all"), "\(String(describing: petVerdicts[0]))")
        XCTAssertTrue(((petVerdicts[1] as? SQLiteError)?.message ?? "").contains("no cats allowed"))
        XCTAssertNil(petVerdicts[2])
        XCTAssertEqual(petVerdicts[3] as? ORMError, .recordNotFound(entity: "pet", key: 99))
        XCTAssertEqual(seen.last, 3, "the trial that the dog rolled back started again without it")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM pet"), 3)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM owner"), 3)
    }

    /// A check inside the caller's own transaction sees its uncommitted changes and leaves them.
    func testACheckInsideATransactionSeesItsChanges() throws {
        let (db, _) = try database(journalMode: "wal")
        let pets = try db.table("pet")
        try db.transaction { _ in
            try db.execute("INSERT INTO owner VALUES (7, 'Gus')")
            try pets.check(.insert(values: ["name": "Kit", "owner_id": 7]))
            XCTAssertEqual(try db.scalar("SELECT count(*) FROM owner WHERE id = 7"), 1)
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM owner WHERE id = 7"), 1)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM pet"), 2)
    }

    /// Stored rows are read by key in batches, nil for a key with no row; composite keys too.
    func testStoredRowsAreReadByKey() throws {
        let (db, _) = try database(journalMode: "wal")
        let pets = try db.table("pet")
        let rows = try pets.storedRows(keys: [[11], [99], [10]] + (0..<1000).map { [.integer(Int64(1000 + $0))] })
        XCTAssertEqual(rows.count, 1003)
        XCTAssertEqual(rows[0], ["id": 11, "name": "Tom", "owner_id": 2, "legs": 4])
        XCTAssertNil(rows[1])
        XCTAssertEqual(rows[2]?["name"], "Rex")
        try db.executeScript("CREATE TABLE pair (a TEXT, b INTEGER, v, PRIMARY KEY (a, b)) WITHOUT ROWID; INSERT INTO pair VALUES ('x', 1, 'one');")
        let pairs = try db.table("pair")
        XCTAssertEqual(try pairs.storedRows(keys: [["x", 1], ["x", 2], ["x"]]), [["a": "x", "b": 1, "v": "one"], nil, nil])
    }
}
