import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

/// Names longer than PostgreSQL's 63 bytes, which the server would cut short without an error (so
/// two of them sharing their first 63 bytes would be one table): DDL naming one is refused with an
/// error that names it, and nothing is made.
final class PostgresIdentifierLengthTests: XCTestCase {
    private func assertRefused(_ body: @autoclosure () throws -> Void, naming name: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            guard case .invalidQuery(let detail)? = error as? ORMError else {
                return XCTFail("\(error)", line: line)
            }
            XCTAssertTrue(detail.contains("\"\(name)\""), detail, line: line)
            XCTAssertTrue(detail.contains("63"), detail, line: line)
        }
    }

    func testDDLNamingAnIdentifierLongerThan63BytesIsRefused() throws {
        let (connection, _) = try makePostgresConnection("idlen")
        let long = "measurements_" + String(repeating: "x", count: 51)  // 64 bytes
        let longer = long + "_other"
        assertRefused(try connection.execute(SQL("CREATE TABLE \(identifier: long) (id bigint)")), naming: long)
        assertRefused(try connection.execute(SQL("CREATE TABLE \(identifier: longer) (id bigint)")), naming: longer)
        var tables: SQLValue = .null
        try connection.forEachRow("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'measurements_%'") {
            tables = $0.value(at: 0)
        }
        XCTAssertEqual(tables, .integer(0), "neither was made under its cut name")

        // 63 bytes is kept whole; a column or index name past it is refused as a table's is, and
        // bytes count, not characters (32 × é is 64 bytes).
        let kept = String(long.dropLast())
        try connection.execute(SQL("CREATE TABLE \(identifier: kept) (id bigint)"))
        let accented = String(repeating: "é", count: 32)
        assertRefused(try connection.execute(SQL("ALTER TABLE \(identifier: kept) ADD COLUMN \(identifier: accented) text")), naming: accented)
        let unquoted = String(repeating: "c", count: 70)
        assertRefused(try connection.execute(SQL("CREATE INDEX \(raw: unquoted) ON \(identifier: kept) (id)")), naming: unquoted)
        // A long text in a string is no name.
        try connection.execute(SQL("CREATE TABLE notes (note text DEFAULT '\(raw: longer)')"))
    }

    func testAModelsTableWithALongNameIsRefusedByItsDDL() throws {
        let (connection, _) = try makePostgresConnection("idlen_model")
        let schema = LongNamedThing.modelSchema
        XCTAssertThrowsError(try connection.execute(SQL(schema.createTableSQL(in: .postgres)))) { error in
            XCTAssertTrue("\(error)".contains(LongNamedThing.modelSchema.table), "\(error)")
        }
    }
}

@Model(table: "a_table_name_that_goes_on_well_past_what_postgresql_keeps_of_a_name")
final class LongNamedThing {
    var value: Int = 0
}
