import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// What a browser asks of a database beside its rows: a table's triggers, the text encoding, one
/// row's values of some expressions, and foreign keys checked at the commit.
final class TableFactsTests: XCTestCase {
    /// Albums and tracks (the album key `DEFERRABLE`, which PostgreSQL needs to defer it; SQLite
    /// reads it too), and triggers writing a log: SQLite's own, or PostgreSQL's over a function.
    private func database() throws -> Database {
        let db = try makeTestDatabase(self)
        try db.executeScript("""
            CREATE TABLE album(id bigint PRIMARY KEY, title text);
            CREATE TABLE track(id bigint PRIMARY KEY, album bigint REFERENCES album(id) DEFERRABLE, name text);
            CREATE TABLE log(what text);
            """)
        switch TestDatabaseKind.current {
        case .sqlite:
            try db.executeScript("""
                CREATE TRIGGER "b after" AFTER INSERT ON track BEGIN INSERT INTO log VALUES ('track'); END;
                CREATE TRIGGER a_before BEFORE DELETE ON track BEGIN INSERT INTO log VALUES ('gone'); END;
                CREATE TRIGGER other AFTER INSERT ON album BEGIN INSERT INTO log VALUES ('album'); END
                """)
        case .postgres:
            try db.executeScript("""
                CREATE FUNCTION log_it() RETURNS trigger LANGUAGE plpgsql AS $$
                  BEGIN INSERT INTO log VALUES (TG_ARGV[0]); RETURN NULL; END $$;
                CREATE TRIGGER "b after" AFTER INSERT ON track FOR EACH ROW EXECUTE FUNCTION log_it('track');
                CREATE TRIGGER a_before BEFORE DELETE ON track FOR EACH ROW EXECUTE FUNCTION log_it('gone');
                CREATE TRIGGER other AFTER INSERT ON album FOR EACH ROW EXECUTE FUNCTION log_it('album')
                """)
        }
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
    }

    /// SQLite's alone: a file's text encoding (`PRAGMA encoding`); a server's is its own.
    func testAUTF16FileIsToldApart() throws {
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
        XCTAssertEqual(try album.evaluate(["title LIKE \("Z%")", "id * \(10)"], onRowWithKey: [.integer(1)]),
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
