import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// Tables found at run time, with awkward names and a composite-key table (WITHOUT ROWID on SQLite).
final class DynamicTableTests: XCTestCase {
    private var kind: TestDatabaseKind { .current }

    private func database() throws -> Database {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            SQL(stringLiteral: #"""
            CREATE TABLE "odd ""quoted"" table" ("first col" text, "ünï" bigint);
            INSERT INTO "odd ""quoted"" table" VALUES ('a', 1), ('b', 2), (NULL, 3);
            CREATE TABLE pair (a text, b text, score bigint, PRIMARY KEY (a, b))\#(kind.withoutRowID);
            INSERT INTO pair VALUES ('x', '1', 10), ('x', '2', 20), ('y', '1', 30);
            CREATE TABLE owner (id bigint PRIMARY KEY, name text);
            CREATE TABLE pet (id bigint PRIMARY KEY, name text, owner_id bigint REFERENCES owner(id));
            INSERT INTO owner VALUES (1, 'Ann'), (2, 'Bo');
            INSERT INTO pet VALUES (10, 'Rex', 1), (11, 'Tom', 2), (12, 'Kit', 1);
            CREATE VIEW pet_names AS SELECT name FROM pet;
            """#))
        return db
    }

    func testAwkwardNamesWorkEverywhere() throws {
        let db = try database()
        let table = try db.table(#"odd "quoted" table"#)
        let rows = try table.query().where(#""ünï" >= ?"#, 2).orderBy(#""first col""#, descending: true).fetch()
        // A table without a key: SQLite's rowid is one, PostgreSQL has none (and sorts NULL last).
        switch kind {
        case .sqlite:
            XCTAssertEqual(table.entity.keyColumns, ["rowid"])
            XCTAssertEqual(rows.map { $0["first col"] }, [.text("b"), .null])
        case .postgres:
            XCTAssertEqual(table.entity.keyColumns, [])
            XCTAssertEqual(rows.map { $0["first col"] }, [.null, .text("b")])
        }
        XCTAssertEqual(try table.query().count(), 3)
        XCTAssertEqual(try table.query().batch(2).fetch().map { $0["ünï"] }, [1, 2, 3])
        XCTAssertEqual(try table.query().where(#""first col" IS NULL"#).removeAll(), 1)
    }

    /// A query cutting values keeps the first bytes of long texts (at a character boundary) and
    /// blobs with their full sizes; keys, short values and numbers stay whole; the SQL sees
    /// whole values; a row read again by key is whole.
    func testAQueryCuttingValuesKeepsTheirStartAndSize() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE doc (name text PRIMARY KEY, body text, data \(raw: kind.blobType), n bigint)\(raw: kind.withoutRowID)")
        let long = String(repeating: "é", count: 3_000)  // 6,000 bytes, two a character
        try db.execute("INSERT INTO doc VALUES (?, ?, ?, 7)", String(repeating: "k", count: 40), long,
                       Data(repeating: 0xAB, count: 5_000))
        try db.execute("INSERT INTO doc VALUES ('short', 'tiny', ?, 8)", Data([1]))
        let table = try db.table("doc")
        let rows = try table.query(cuttingValuesAt: 11).where("body LIKE '%éé'").orderBy("name").fetch()
        XCTAssertEqual(rows.count, 1, "the condition saw the whole text")
        let row = try XCTUnwrap(rows.first)
        XCTAssertEqual(row["name"], .text(String(repeating: "k", count: 40)), "a key is never cut")
        XCTAssertEqual(row["body"], .text(String(repeating: "é", count: 5)), "10 bytes: not inside a character")
        XCTAssertEqual(row["data"], .blob(Data(repeating: 0xAB, count: 11)))
        XCTAssertEqual(row["n"], .integer(7))
        XCTAssertEqual(row.fullSizes, [1: 6_000, 2: 5_000])
        let short = try XCTUnwrap(try table.query(cuttingValuesAt: 11).where("name = 'short'").first())
        XCTAssertEqual(short.values, [.text("short"), .text("tiny"), .blob(Data([1])), .integer(8)])
        XCTAssertEqual(short.fullSizes, [:])
        XCTAssertEqual(try table.record(key: [row.key[0]])?["body"], .text(long))
    }

    /// The start of a long value and its size, read without the rest; nil for a missing row, a
    /// NULL, a number, or a table without a rowid (on PostgreSQL: without a one-column key).
    func testValuePrefixReadsTheStartOfAValue() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE doc (id bigint PRIMARY KEY, body text, data \(raw: kind.blobType), n bigint)")
        try db.execute("INSERT INTO doc VALUES (1, ?, ?, 3), (2, NULL, NULL, NULL)",
                       String(repeating: "ab", count: 50_000), Data(count: 100_000))
        try db.execute("CREATE TABLE pair (a text, b text, PRIMARY KEY (a, b))\(raw: kind.withoutRowID)")
        let body = try XCTUnwrap(try db.valuePrefix(table: "doc", column: "body", rowID: 1, count: 5))
        XCTAssertEqual(body.bytes, Array("ababa".utf8))
        XCTAssertEqual(body.size, 100_000)
        XCTAssertEqual(try db.valuePrefix(table: "doc", column: "data", rowID: 1, count: 3)?.bytes, [0, 0, 0])
        XCTAssertNil(try db.valuePrefix(table: "doc", column: "body", rowID: 2, count: 5))
        XCTAssertNil(try db.valuePrefix(table: "doc", column: "n", rowID: 1, count: 5))
        XCTAssertNil(try db.valuePrefix(table: "doc", column: "body", rowID: 9, count: 5))
        XCTAssertNil(try db.valuePrefix(table: "pair", column: "b", rowID: 1, count: 5))
    }

    func testCompositeKeyWithoutRowIDTable() throws {
        let db = try database()
        let pair = try db.table("pair")
        XCTAssertTrue(pair.info.isWithoutRowID, "keyed by its key alone (every PostgreSQL table is)")
        XCTAssertEqual(pair.entity.keyColumns, ["a", "b"])
        let rows = try pair.query().orderBy("score", descending: true).batch(2).fetch()
        XCTAssertEqual(rows.map { $0["score"] }, [30, 20, 10])
        XCTAssertEqual(rows[0].key, ["y", "1"])
        XCTAssertEqual(try pair.record(key: ["x", "2"])?["score"], .integer(20))
        XCTAssertEqual(try pair.query().ids().count, 3)

        let inbox = Locked<[RecordEvent]>([])
        let registration = pair.eventHandler().register { event in inbox.mutate { $0.append(event) } }
        defer { registration.cancel() }
        try db.execute("UPDATE pair SET score = 0 WHERE a = 'x'")
        try waitUntil("the update's event") { !inbox.value.isEmpty }
        XCTAssertEqual(inbox.value.first?.entity, "pair")
        XCTAssertNil(inbox.value.first?.operation, "WITHOUT ROWID tables (and raw SQL on PostgreSQL) report the table, not rows")
    }

    func testForeignKeysGiveDotPathsAndJoins() throws {
        let db = try database()
        let pets = try db.table("pet")
        XCTAssertEqual(
            try pets.query().where("owner_id.name = 'Ann'").orderBy("name").fetch().map { $0["name"] }, ["Kit", "Rex"])
        let joined = try pets.query().joinTo(try db.table("owner").entity, leftParameter: "owner_id", targetParameter: "id")
            .orderBy("pet.name").fetch()
        XCTAssertEqual(joined.first?.joinedValues["owner.name"], .text("Ann"))
    }

    func testViewsAreListedAndReadable() throws {
        let db = try database()
        let view = try db.table("pet_names")
        XCTAssertEqual(view.info.kind, .view)
        XCTAssertFalse(view.isWritable)
        XCTAssertEqual(try view.query().orderBy("name").fetch().map { $0["name"] }, ["Kit", "Rex", "Tom"])
        XCTAssertTrue(try db.tables().contains { $0.name == "pet_names" })
        XCTAssertThrowsError(try db.table("nope")) { XCTAssertEqual($0 as? ORMError, .unknownName("nope")) }
    }

    /// A stored generated column, which both databases have: shown as generated, read as stored.
    func testStoredGeneratedColumnsAreShownAsTheyAre() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            """
            CREATE TABLE box (id bigint PRIMARY KEY, w bigint NOT NULL, h bigint NOT NULL,
                              area bigint GENERATED ALWAYS AS (w * h) STORED);
            INSERT INTO box (id, w, h) VALUES (1, 2, 3), (2, 4, 5);
            """)
        let box = try db.table("box")
        XCTAssertEqual(box.info.column(named: "area")?.generated, .stored)
        XCTAssertEqual(box.info.column(named: "w")?.generated, .no)
        XCTAssertEqual(try box.query().orderBy("w").fetch().map { $0["area"] }, [6, 20])
        try db.execute("UPDATE box SET w = 10 WHERE id = 1")
        XCTAssertEqual(try box.record(key: [1])?["area"], .integer(30))
    }

    // SQLite's alone: FTS5 virtual tables, STRICT tables and SQLite's VIRTUAL generated columns.
    func testVirtualStrictAndGeneratedColumnsAreShownAsTheyAre() throws {
        let db = try Database.inMemory()
        try db.executeScript(
            """
            CREATE VIRTUAL TABLE notes USING fts5(title, body);
            INSERT INTO notes VALUES ('reef', 'a terminal browser'), ('coral', 'not a browser');
            CREATE TABLE box (w INTEGER NOT NULL, h INTEGER NOT NULL, area INTEGER GENERATED ALWAYS AS (w * h) STORED,
                              half REAL AS (w * h / 2.0)) STRICT;
            INSERT INTO box (w, h) VALUES (2, 3), (4, 5);
            """)
        let notes = try db.table("notes")
        XCTAssertEqual(notes.info.kind, .virtual)
        XCTAssertEqual(try notes.query().where("notes MATCH ?", "terminal").fetch().map { $0["title"] }, ["reef"])
        let box = try db.table("box")
        XCTAssertTrue(box.info.isStrict)
        XCTAssertEqual(box.info.column(named: "area")?.generated, .stored)
        XCTAssertEqual(box.info.column(named: "half")?.generated, .virtual)
        XCTAssertEqual(try box.query().orderBy("w").fetch().map { $0["area"] }, [6, 20])
        // SQLite may hand back integral REAL values of a generated column as integers: compare numbers.
        XCTAssertEqual(try box.query().orderBy("w").fetch().compactMap { $0["half"].flatMap(Double.fromDatabaseValue) }, [3, 10])
    }
}
