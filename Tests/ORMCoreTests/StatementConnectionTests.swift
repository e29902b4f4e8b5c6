import Dispatch
import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `fetchAllOnStatementConnection` reads where `runStatement` runs statements: it sees a database
/// an `ATTACH` run there attached (a reader does not), and gives nil at once while a statement
/// holds that connection. On a read-only database too, the statements keep to one connection.
final class StatementConnectionTests: XCTestCase {
    /// A database file with `t`, and a second file with `gadgets`, not attached.
    private func databases() throws -> (database: Database, other: String) {
        let path = try temporaryDatabasePath(self)
        let other = try temporaryDatabasePath(self, name: "other.sqlite")
        try Database(path: other).execute("CREATE TABLE gadgets (gid INTEGER PRIMARY KEY, gname TEXT)")
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (x)")
        return (database, other)
    }

    /// The table `gadgets` of the schema `other`, where it is attached.
    private static let gadgetTables: SQL =
        "SELECT name FROM pragma_table_list WHERE schema = 'other' AND type = 'table' AND name = 'gadgets'"

    func testAnAttachTypedAsAStatementIsSeenThereNotOnAReader() throws {
        let (database, other) = try databases()
        _ = try database.runStatement(SQL("ATTACH DATABASE ? AS other", arguments: [other]), columns: { _ in }, row: { _ in })
        XCTAssertEqual(try database.fetchAllOnStatementConnection(Self.gadgetTables), [[.text("gadgets")]])
        XCTAssertEqual(try database.fetchAll(Self.gadgetTables), [], "a reader has no `other`")
    }

    func testABusyStatementConnectionGivesNilWithoutWaiting() throws {
        let (database, _) = try databases()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? database.transaction { _ in
                holding.signal()
                release.wait()
            }
            finished.signal()
        }
        holding.wait()
        XCTAssertNil(try database.fetchAllOnStatementConnection("SELECT 1"))
        release.signal()
        finished.wait()
        XCTAssertEqual(try database.fetchAllOnStatementConnection("SELECT 1"), [[.integer(1)]])
    }

    func testAReadOnlyDatabaseKeepsItsStatementsOnOneConnection() throws {
        let (writable, other) = try databases()
        try writable.execute(SQL("ATTACH DATABASE ? AS other", arguments: [other]))
        try writable.execute("INSERT INTO other.gadgets (gname) VALUES ('lamp')")
        var configuration = Configuration()
        configuration.readOnly = true
        let database = try Database(path: writable.path, configuration: configuration)
        _ = try database.runStatement(SQL("ATTACH DATABASE ? AS other", arguments: [other]), columns: { _ in }, row: { _ in })

        // Another read holds a reader meanwhile (the one the `ATTACH` ran on, before): the next
        // statement still sees `other`, and completion reads where the statements run.
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? database.forEachRow("SELECT 1") { _ in
                holding.signal()
                release.wait()
            }
            finished.signal()
        }
        holding.wait()
        defer {
            release.signal()
            finished.wait()
        }
        var names: [SQLValue] = []
        _ = try database.runStatement("SELECT gname FROM other.gadgets", columns: { _ in }, row: { names.append($0.values[0]) })
        XCTAssertEqual(names, [.text("lamp")])
        XCTAssertEqual(try database.fetchAllOnStatementConnection(Self.gadgetTables), [[.text("gadgets")]])
        XCTAssertEqual(try database.fetchAllOnStatementConnection("SELECT count(*) FROM t"), [[.integer(0)]])
        XCTAssertThrowsError(
            try database.runStatement("INSERT INTO other.gadgets (gname) VALUES ('x')", columns: { _ in }, row: { _ in }),
            "the statements' connection is read-only too")
    }
}
