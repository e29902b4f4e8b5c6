import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

/// The driver-generic pieces ORMCore shares, driven through `PostgresConnection` on a real server:
/// a model's table from the dialect's DDL, its insert, update, delete and select statements
/// through `withModelStatement` and the macro's `_$bindColumns`, rows turned into live objects by
/// `materializeRows`, and the migrator inside a transaction of the connection.
final class PostgresSharedPiecesTests: XCTestCase {
    private let schema = Gadget.modelSchema
    private let dialect = SQLDialect.postgres

    private func connectionWithTable() throws -> (PostgresConnection, String) {
        let (connection, connectionString) = try makePostgresConnection("shared")
        try connection.execute(SQL(schema.createTableSQL(in: dialect)))
        for index in schema.createIndexSQL(in: dialect) {
            try connection.execute(SQL(index))
        }
        return (connection, connectionString)
    }

    private func gadget(_ name: String, count: Int) -> Gadget {
        let gadget = Gadget()
        gadget.name = name
        gadget.count = count
        gadget.ratio = 0.1
        gadget.enabled = true
        gadget.payload = Data([0, 1, 254, 255])
        gadget.made = Date(timeIntervalSince1970: 1_700_000_000.123456)
        gadget.serial = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? gadget.serial
        gadget.price = Decimal(string: "12345678901234567890.123456789") ?? 0
        gadget.spec = GadgetSpec(size: 3, label: "zoë's \"box\"")
        gadget.link = URL(string: "https://example.com/a?b=c")
        gadget.small = -7
        return gadget
    }

    private func key(_ kind: ModelStatementKey.Kind, _ columns: ColumnSet = ColumnSet()) -> ModelStatementKey {
        ModelStatementKey(model: ObjectIdentifier(Gadget.self), kind: kind, columns: columns)
    }

    /// Inserts `gadget` as `Database+Writes` does, the key given back by `RETURNING`.
    private func insert(_ gadget: Gadget, on connection: PostgresConnection) throws -> SQLValue {
        try connection.withModelStatement(key(.insertGeneratedKey), schema: schema, sql: { $0.insertGeneratedKeySQL(in: .postgres) }) {
            statement in
            try gadget._$bindColumns(schema.allColumns, to: statement, startingAt: 1)
            let returned = try statement.step()
            XCTAssertTrue(returned, "the insert returned its key")
            let key = statement.value(at: 0)
            try statement.run()
            return key
        }
    }

    private func selectAll(on connection: PostgresConnection, into db: Database) throws -> [Gadget] {
        let sql = "SELECT \(schema.selectColumnsSQL(in: dialect)) FROM \(dialect.quoteIdentifier(schema.table)) ORDER BY 1"
        return try connection.withModelStatement(key(.select), schema: schema, sql: { _ in sql }) { statement in
            try Gadget.materializeRows(of: statement, database: db)
        }
    }

    func testAModelsRowsGoInComeBackAsLiveObjectsAndAreUpdatedAndDeleted() throws {
        let (connection, connectionString) = try connectionWithTable()
        XCTAssertEqual(try insert(gadget("one", count: 1), on: connection), .integer(1))
        XCTAssertEqual(try insert(gadget("two", count: 2), on: connection), .integer(2))
        XCTAssertEqual(connection.lastInsertedKey, .integer(2))

        // The objects live in a Database's identity map (an in-memory one: `Database` cannot open
        // PostgreSQL yet).
        let db = try Database.inMemory()
        let gadgets = try selectAll(on: connection, into: db)
        XCTAssertEqual(gadgets.map(\.name), ["one", "two"])
        let first = try XCTUnwrap(gadgets.first)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(first.ratio, 0.1)
        XCTAssertTrue(first.enabled)
        XCTAssertEqual(first.payload, Data([0, 1, 254, 255]))
        XCTAssertEqual(first.made.timeIntervalSince1970, 1_700_000_000.123456, accuracy: 1e-6)
        XCTAssertEqual(first.serial, UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        XCTAssertEqual(first.price, Decimal(string: "12345678901234567890.123456789"))
        XCTAssertEqual(first.spec, GadgetSpec(size: 3, label: "zoë's \"box\""))
        XCTAssertEqual(first.link, URL(string: "https://example.com/a?b=c"))
        XCTAssertNil(first.note)
        XCTAssertEqual(first.small, -7)
        XCTAssertFalse(first.hasChanges)
        XCTAssertTrue(try selectAll(on: connection, into: db).first === first, "the identity map's object, not a second")

        // An update of two columns, bound by the macro's code, the key last.
        var changed = ColumnSet()
        let countIndex = try XCTUnwrap(schema.columns.firstIndex { $0.name == "count" })
        let madeIndex = try XCTUnwrap(schema.columns.firstIndex { $0.name == "made" })
        changed.insert(countIndex)
        changed.insert(madeIndex)
        first.count = 100
        first.made = Date(timeIntervalSince1970: 86_400.5)
        try connection.withModelStatement(
            key(.update, changed), schema: schema, sql: { $0.updateSQL(forColumnsAt: [countIndex, madeIndex], in: .postgres) }
        ) { statement in
            try first._$bindColumns(changed, to: statement, startingAt: 1)
            try statement.bind(.integer(1), at: 3)
            try statement.run()
        }
        XCTAssertEqual(connection.changedRowCount, 1)
        let other = try PGConnection(connectionString)
        XCTAssertEqual(
            try other.execute("SELECT count, made FROM gadgets WHERE id = 1").first.map { "\($0.text(at: 0) ?? "") \($0.text(at: 1) ?? "")" },
            "100 1970-01-02 00:00:00.5+00")

        try connection.withModelStatement(key(.delete), schema: schema, sql: { $0.deleteSQL(in: .postgres) }) { statement in
            try statement.bind([.integer(2)])
            try statement.run()
        }
        XCTAssertEqual(connection.changedRowCount, 1)
        XCTAssertEqual(try other.execute("SELECT count(*) FROM gadgets").first?.text(at: 0), "1")
    }

    /// A unique violation inside a transaction, caught in a savepoint as the shared layers do
    /// (upsert, the random-key retry): the transaction goes on and commits what came before and after.
    func testAModelsUniqueViolationInASavepointDoesNotAbortTheTransaction() throws {
        let (connection, connectionString) = try connectionWithTable()
        try connection.begin(.immediate)
        _ = try insert(gadget("one", count: 1), on: connection)
        try connection.savepoint("orm_insert")
        XCTAssertThrowsError(try insert(gadget("one", count: 2), on: connection)) { error in
            let violation = (error as? any DatabaseError)?.uniqueViolation
            XCTAssertEqual(violation?.columns, ["name"], "\(error)")
            XCTAssertFalse((error as? any DatabaseError)?.isPrimaryKeyViolation ?? true)
        }
        try connection.rollback(toSavepoint: "orm_insert")
        try connection.releaseSavepoint("orm_insert")
        _ = try insert(gadget("two", count: 2), on: connection)
        try connection.commit()
        let names = try PGConnection(connectionString).execute("SELECT string_agg(name, ',' ORDER BY id) FROM gadgets")
        XCTAssertEqual(names.first?.text(at: 0), "one,two")
    }

    /// The migrator runs on the connection's session: inside a transaction the connection began,
    /// in a savepoint of it, undone with the transaction.
    func testTheMigratorRunsInsideTheConnectionsTransaction() throws {
        let (connection, _) = try makePostgresConnection("shared_migrate")
        try connection.execute("CREATE TABLE gadgets (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name text NOT NULL DEFAULT '')")
        try connection.execute("INSERT INTO gadgets (name) VALUES ('kept')")
        let migrator = PostgresMigrator(connection: connection.client)
        let plan = try migrator.plan(for: schema)
        XCTAssertFalse(plan.isEmpty)

        try connection.begin(.immediate)
        try migrator.apply(plan, schema: schema)
        XCTAssertEqual(try connection.introspector.tableInfo("gadgets")?.columns.count, schema.columns.count + 1)
        try connection.rollback()
        XCTAssertEqual(try connection.introspector.tableInfo("gadgets")?.columns.map(\.name), ["id", "name"])

        try migrator.apply(plan, schema: schema)
        connection.clearStatementCache()
        let db = try Database.inMemory()
        let gadgets = try selectAll(on: connection, into: db)
        XCTAssertEqual(gadgets.map(\.name), ["kept"])
        XCTAssertEqual(gadgets.first?.spec, GadgetSpec(size: 0, label: ""), "the new column filled with the model's default")
    }
}
