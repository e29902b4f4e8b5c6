import XCTest

@testable import ORMCore

/// What a browser asks of a database beside its rows: a table's triggers, the text encoding, one
/// row's values of some expressions, and foreign keys checked at the commit.
final class TableFactsTests: XCTestCase {
    private func database() throws -> Database {
        let db = try Database(path: try temporaryDatabasePath(self))
        try db.executeScript("""
            CREATE TABLE album(id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE track(id INTEGER PRIMARY KEY, album INTEGER REFERENCES album(id), name TEXT);
            CREATE TABLE log(what TEXT);
            CREATE TRIGGER "b after" AFTER INSERT ON track BEGIN INSERT INTO log VALUES ('track'); END;
            CREATE TRIGGER a_before BEFORE DELETE ON track BEGIN INSERT INTO log VALUES ('gone'); END;
            CREATE TRIGGER other AFTER INSERT ON album BEGIN INSERT INTO log VALUES ('album'); END
            """)
        return db
    }

    func testTriggersAreListedByNameForTheirTableOnly() throws {
        let db = try database()
        XCTAssertEqual(try db.triggers(on: "track").map(\.name), ["a_before", "b after"])
        XCTAssertTrue(try db.triggers(on: "track").last?.sql.hasPrefix(#"CREATE TRIGGER "b after""#) ?? false)
        XCTAssertEqual(try db.triggers(on: "log"), [])
        XCTAssertEqual(try db.triggers(on: "no such table"), [])
    }

    func testTheTextEncodingIsRead() throws {
        XCTAssertTrue(try database().storesUTF8())
        let path = try temporaryDatabasePath(self)
        let utf16 = try Database(path: path)
        try utf16.executeScript("PRAGMA encoding = 'UTF-16le'")
        try utf16.execute("CREATE TABLE t(x)")
        XCTAssertFalse(try utf16.storesUTF8())
    }

    func testExpressionsAreEvaluatedOnTheRowWithAKey() throws {
        let db = try database()
        try db.execute("INSERT INTO album VALUES (1, 'Zoë'), (2, 'Other')")
        let album = try db.table("album")
        XCTAssertEqual(try album.evaluate(["title LIKE \("z%")", "id * \(10)"], onRowWithKey: [.integer(1)]),
                       [.integer(1), .integer(10)])
        XCTAssertNil(try album.evaluate(["1"], onRowWithKey: [.integer(9)]), "no row with that key")
        XCTAssertNil(try album.evaluate(["1"], onRowWithKey: [.integer(1), .integer(2)]), "a key of the wrong length")
    }

    func testForeignKeysDeferredInATransactionAreCheckedAtItsCommit() throws {
        let db = try database()
        try db.transaction { _ in
            try db.deferForeignKeyChecks()
            try db.execute("INSERT INTO track VALUES (1, 7, 'before its album')")
            try db.execute("INSERT INTO album VALUES (7, 'later')")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM track"), .integer(1))

        XCTAssertThrowsError(try db.transaction { _ in
            try db.deferForeignKeyChecks()
            try db.execute("INSERT INTO track VALUES (2, 99, 'dangling')")
        }, "a key still dangling fails the commit")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM track"), .integer(1))
        XCTAssertThrowsError(try db.execute("INSERT INTO track VALUES (3, 98, 'checked at once again')"),
                             "the transaction's end turned the deferral off")
    }
}
