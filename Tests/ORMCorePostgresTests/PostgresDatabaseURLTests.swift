import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

/// `Database(url:)` on the tests' server: a URL or a connection string opens PostgreSQL, the path
/// shows no password, and what PostgreSQL does not support yet says so rather than doing
/// something else.
final class PostgresDatabaseURLTests: XCTestCase {
    func testAURLWithAPasswordOpensTheServerAndThePathHidesIt() throws {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("url", for: self)
        let db = try Database(url: server.url(database: name))
        XCTAssertEqual(db.dialect.kind, .postgres)
        XCTAssertFalse(db.path.contains(TestPostgresServer.password), db.path)
        try db.execute("CREATE TABLE t (id bigint PRIMARY KEY, body text)")
        try db.execute("INSERT INTO t VALUES (?, ?)", 1, "one")
        XCTAssertEqual(try db.fetchRows("SELECT id, body FROM t").columns, ["id", "body"])
        XCTAssertEqual(try db.tableInfo("t")?.primaryKey, ["id"])
    }

    func testSQLiteOnlyPiecesThrowNotSupported() throws {
        let db = try Database(url: try makePostgresDatabase("unsupported"))
        try db.execute("CREATE TABLE t (id bigint PRIMARY KEY, body text)")
        try db.execute("INSERT INTO t VALUES (1, 'one')")
        XCTAssertEqual(try db.valuePrefix(table: "t", column: "body", rowID: 1, count: 2)?.bytes, Array("on".utf8),
                       "value prefixes are read there too (PostgresValuePrefixTests)")
        XCTAssertThrowsError(try db.forEachStatementRow("SELECT body FROM t") { _ in }) { error in
            guard case ORMError.notSupported(_, "PostgreSQL") = error else { return XCTFail("\(error)") }
        }
        // Staged edits are tried there too (PostgresEditTrialTests), writing nothing.
        try db.table("t").check(.delete(key: [.integer(1)], original: ["id": .integer(1)]))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(1), "nothing was changed")
    }

    func testAScriptThatManagesItsOwnTransactionRunsAsWritten() throws {
        let db = try Database(url: try makePostgresDatabase("script"))
        try db.executeScript("CREATE TABLE a (x bigint); BEGIN; INSERT INTO a VALUES (1); COMMIT")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM a"), .integer(1))
    }
}
