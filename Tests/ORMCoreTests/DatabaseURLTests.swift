import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `Database(url:)` picks the driver from the string, and its `path` never shows a password.
final class DatabaseURLTests: XCTestCase {
    func testServerURLsAndConnectionStringsPickPostgreSQLAndTheRestSQLite() {
        for server in [
            "postgres://ann@db.example.com:5432/sales", "POSTGRESQL://localhost/x", "host=/tmp dbname=sales",
            "  dbname = sales", "service=reports", "user=ann password='s p'",
        ] {
            XCTAssertTrue(Database.namesServer(server), server)
        }
        for file in ["app.sqlite", "/tmp/a=b.sqlite", "file:app.sqlite?mode=ro", ":memory:", "", "notes=2024.db"] {
            XCTAssertFalse(Database.namesServer(file), file)
        }
    }

    func testThePathLeavesThePasswordOut() {
        XCTAssertEqual(
            Database.withoutPassword("postgres://ann:secret@db.example.com:5432/sales?sslmode=require&password=x"),
            "postgres://ann@db.example.com:5432/sales?sslmode=require")
        XCTAssertEqual(Database.withoutPassword("postgresql://db.example.com/sales"), "postgresql://db.example.com/sales")
        XCTAssertEqual(
            Database.withoutPassword("host=db user=ann password='it''s \\' secret' dbname=sales"),
            "host=db user=ann dbname=sales")
    }

    func testAPathOpensSQLite() throws {
        let path = try temporaryDatabasePath(self)
        let db = try Database(url: path)
        try db.execute("CREATE TABLE t (x)")
        XCTAssertEqual(db.path, path)
        XCTAssertEqual(try Database(url: "file:" + path).tableInfo("t")?.name, "t")
    }

    func testAnUnreadableConnectionStringIsRefusedBeforeConnecting() {
        XCTAssertThrowsError(try Database(url: "host='unterminated")) { error in
            XCTAssertTrue(error is PostgresDatabaseError, "\(error)")
        }
    }

    func testWhatPostgreSQLDoesNotSupportYetSaysSo() {
        XCTAssertEqual(
            ORMError.notSupported(feature: "reading a value's first bytes (incremental I/O)", database: "PostgreSQL")
                .description,
            "reading a value's first bytes (incremental I/O) is not supported on PostgreSQL yet")
    }
}
