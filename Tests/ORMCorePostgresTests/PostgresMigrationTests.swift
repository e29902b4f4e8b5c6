import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Lightweight migrations on a real PostgreSQL server: the plan made from the catalog, carried out
/// with `ALTER TABLE` in one transaction.
final class PostgresMigrationTests: XCTestCase {
    private var connection: PGConnection!
    private var migrator: PostgresMigrator { PostgresMigrator(connection: connection) }

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        connection = try PGConnection(server.connectionString(database: try server.makeDatabase("migrate", for: self)))
    }

    override func tearDown() {
        connection?.close()
    }

    private func column(
        _ name: String, _ type: ColumnType, nullable: Bool = false, default value: SQLValue, former: [String] = [],
        stored: StoredType? = nil
    ) -> ModelColumn {
        ModelColumn(name: name, type: type, isNullable: nullable, defaultValue: value, formerNames: former, storedType: stored)
    }

    private func key() -> PrimaryKey { PrimaryKey(name: "id", type: .integer, strategy: .rowID) }

    @discardableResult
    private func migrate(_ schema: ModelSchema) throws -> MigrationPlan {
        let plan = try migrator.plan(for: schema)
        try migrator.apply(plan, schema: schema)
        return plan
    }

    private func rows(_ sql: String) throws -> [String] {
        try connection.execute(sql).map { row in
            (0..<row.count).map { row.text(at: $0) ?? "NULL" }.joined(separator: " | ")
        }
    }

    private func columns(_ table: String) throws -> [String] {
        try XCTUnwrap(try PostgresIntrospector(connection).tableInfo(table)).columns.map {
            "\($0.name) \($0.declaredType)\($0.isNotNull ? " not null" : "")"
        }
    }

    func testThreeVersionsKeepTheData() throws {
        let v1 = ModelSchema(
            table: "person", primaryKey: key(),
            columns: [column("name", .text, default: ""), column("age", .text, default: "0")])
        XCTAssertEqual(try migrate(v1).steps, [.createTable])
        try connection.execute("INSERT INTO person (name, age) VALUES ('Ann', '41'), ('Bo', '7')")

        let v2 = ModelSchema(
            table: "person", primaryKey: key(),
            columns: [
                column("fullName", .text, default: "", former: ["name"]), column("age", .integer, default: 0),
                column("email", .text, nullable: true, default: .null),
            ],
            indexes: [IndexDefinition("fullName")])
        let plan = try migrate(v2)
        XCTAssertTrue(plan.rebuilds, "\(plan.steps)")
        XCTAssertEqual(try columns("person"), ["id bigint not null", "fullName text not null", "age bigint not null", "email text"])
        XCTAssertEqual(try rows(#"SELECT id, "fullName", age, email FROM person ORDER BY id"#), ["1 | Ann | 41 | NULL", "2 | Bo | 7 | NULL"])
        XCTAssertTrue(try migrator.plan(for: v2).isEmpty, "migrated: nothing left to do")

        let v3 = ModelSchema(
            table: "people", formerTableNames: ["person"], primaryKey: key(),
            columns: [
                column("fullName", .text, default: ""), column("age", .integer, default: 0),
                column("score", .real, default: 1.5),
            ])
        try migrate(v3)
        XCTAssertNil(try PostgresIntrospector(connection).tableInfo("person"))
        XCTAssertEqual(try columns("people"), ["id bigint not null", "fullName text not null", "age bigint not null", "score double precision not null"])
        XCTAssertEqual(try rows(#"SELECT id, "fullName", age, score FROM people ORDER BY id"#), ["1 | Ann | 41 | 1.5", "2 | Bo | 7 | 1.5"])
        XCTAssertEqual(try PostgresIntrospector(connection).tableInfo("people")?.indexes.map(\.name), ["people_pkey"])
        try connection.execute(#"INSERT INTO people ("fullName") VALUES ('Cy')"#)
        XCTAssertEqual(try rows("SELECT max(id) FROM people"), ["3"], "the identity key survives the renames")
    }

    func testAFailedMigrationLeavesTheTableAsItWas() throws {
        let v1 = ModelSchema(
            table: "person", primaryKey: key(),
            columns: [column("name", .text, default: ""), column("age", .text, default: "0")])
        try migrate(v1)
        try connection.execute("INSERT INTO person (name, age) VALUES ('Ann', '41'), ('Bo', 'seven')")
        let v2 = ModelSchema(
            table: "person", primaryKey: key(),
            columns: [
                column("fullName", .text, default: "", former: ["name"]), column("age", .integer, default: 0),
                column("email", .text, nullable: true, default: .null),
            ],
            indexes: [IndexDefinition("fullName")])
        XCTAssertThrowsError(try migrate(v2)) { error in
            guard case ORMError.migrationWouldLoseData(let table, let detail) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(table, "person")
            XCTAssertTrue(detail.contains("age") && detail.contains("bigint") && detail.contains("seven"), detail)
        }
        XCTAssertEqual(connection.transactionStatus, .idle)
        XCTAssertEqual(try columns("person"), ["id bigint not null", "name text not null", "age text not null"])
        XCTAssertEqual(try rows("SELECT id, name, age FROM person ORDER BY id"), ["1 | Ann | 41", "2 | Bo | seven"])
        XCTAssertEqual(try PostgresIntrospector(connection).tableInfo("person")?.indexes.map(\.name), ["person_pkey"])
    }

    func testTypesNullabilityAndRelationshipsChangeInPlace() throws {
        let owner = ModelSchema(table: "owner", primaryKey: key(), columns: [])
        try migrate(owner)
        try connection.execute("INSERT INTO owner DEFAULT VALUES")
        let v1 = ModelSchema(
            table: "thing", primaryKey: key(),
            columns: [
                column("flag", .integer, default: 0), column("seen", .real, nullable: true, default: .null),
                column("owner", .integer, nullable: true, default: .null), column("gone", .text, default: ""),
            ])
        try migrate(v1)
        try connection.execute("INSERT INTO thing (flag, seen, owner) VALUES (2, 1700000000.5, 1), (0, NULL, NULL)")
        let v2 = ModelSchema(
            table: "thing", primaryKey: key(),
            columns: [
                column("flag", .integer, default: 0, stored: .boolean),
                column("seen", .real, default: 0, stored: .date),
                column("owner", .integer, nullable: true, default: .null).withReference(to: "owner"),
            ])
        try migrate(v2)
        XCTAssertEqual(try columns("thing"), ["id bigint not null", "flag boolean not null", "seen timestamp with time zone not null", "owner bigint"])
        try connection.execute("SET TimeZone = 'UTC'")
        XCTAssertEqual(try rows("SELECT flag, seen, owner FROM thing ORDER BY id"), [
            "t | 2023-11-14 22:13:20.5+00 | 1", "f | 1970-01-01 00:00:00+00 | NULL",
        ])
        XCTAssertEqual(try PostgresIntrospector(connection).tableInfo("thing")?.foreignKeys.map(\.table), ["owner"])
        let again = try migrator.plan(for: v2)
        XCTAssertTrue(again.isEmpty, "\(again.steps)")
        try connection.execute("DELETE FROM owner")
        XCTAssertEqual(try rows("SELECT count(owner) FROM thing"), ["0"], "ON DELETE SET NULL")
    }
}

extension ModelColumn {
    /// The column as a to-one relationship to `table`'s `id`.
    fileprivate func withReference(to table: String) -> ModelColumn {
        ModelColumn(
            name: name, type: type, isNullable: isNullable, defaultValue: defaultValue, formerNames: formerNames,
            isIndexed: isIndexed, isUnique: isUnique, reference: .init(table: table, column: "id"), storedType: storedType)
    }
}
