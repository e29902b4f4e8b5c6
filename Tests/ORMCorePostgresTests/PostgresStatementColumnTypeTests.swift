import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A statement run as written names its columns' types as `format_type` does: built-in types, a
/// type of the database's own, an array, a type renamed between two runs (a built-in type's name
/// is learned once a process, a type of the database's own is asked each run).
final class PostgresStatementColumnTypeTests: XCTestCase {
    func testColumnsAreNamedByTheirTypesEvenWhenATypeIsRenamed() throws {
        let (connection, _) = try makePostgresConnection("stmt_types")
        try connection.execute("CREATE TYPE mood AS ENUM ('sad', 'happy')")
        try connection.execute("CREATE TABLE days (m mood)")
        try connection.execute("INSERT INTO days VALUES ('happy')")
        let sql: SQL = """
            SELECT 1 AS i, 'x'::text AS t, 1.5::numeric AS n, true AS b, now() AS at, m,
                   ARRAY[1, 2] AS a, 2.5::double precision AS d, 'x'::varchar(3) AS v FROM days
            """
        func typeNames() throws -> [String?] {
            var names: [String?] = []
            _ = try connection.runStatement(sql, borrowingValuesOver: nil, readingBlobsInPieces: false, columns: { names = $0.map(\.typeName) }, row: { _ in })
            return names
        }
        let expected = ["integer", "text", "numeric", "boolean", "timestamp with time zone", "mood", "integer[]",
                        "double precision", "character varying"]
        XCTAssertEqual(try typeNames(), expected)
        XCTAssertEqual(try typeNames(), expected, "the second run, built-in names known already")
        try connection.execute("ALTER TYPE mood RENAME TO feeling")
        XCTAssertEqual(try typeNames(), expected.map { $0 == "mood" ? "feeling" : $0 })
    }

    /// An enum's labels come with its column, in the order the server sorts them (not the
    /// alphabet's), as they are when the statement runs: a label added since is there.
    func testAnEnumColumnCarriesItsLabelsInTheServersOrder() throws {
        let (connection, _) = try makePostgresConnection("stmt_enums")
        try connection.execute("CREATE TYPE stage AS ENUM ('new', 'paid', 'shipped')")
        try connection.execute("CREATE TYPE mood AS ENUM ('sad', 'happy')")
        try connection.execute("CREATE TABLE orders (s stage, m mood, note text)")
        func labels() throws -> [[String]?] {
            var labels: [[String]?] = []
            _ = try connection.runStatement("SELECT s, m, note, 1 AS i FROM orders", borrowingValuesOver: nil,
                                            readingBlobsInPieces: false, columns: { labels = $0.map(\.enumLabels) }, row: { _ in })
            return labels
        }
        XCTAssertEqual(try labels(), [["new", "paid", "shipped"], ["sad", "happy"], nil, nil])
        try connection.execute("ALTER TYPE stage ADD VALUE 'returned' BEFORE 'shipped'")
        XCTAssertEqual(try labels(), [["new", "paid", "returned", "shipped"], ["sad", "happy"], nil, nil])
    }
}
