import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

struct GadgetSpec: Codable, Equatable, Sendable {
    var size: Int
    var label: String
}

/// A model with a property of every kind ORMCore stores.
@Model(table: "gadgets")
final class Gadget {
    var count: Int = 0
    var ratio: Double = 0
    var enabled: Bool = false
    @Column(unique: true) var name: String = ""
    var payload: Data = Data()
    var made: Date = Date(timeIntervalSince1970: 0)
    var serial: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var price: Decimal = 0
    var spec: GadgetSpec = GadgetSpec(size: 0, label: "")
    var link: URL?
    var note: String?
    var small: Int16?
}

/// A model's table made on a real PostgreSQL server from `SQLDialect.postgres`: the types its
/// properties get, inserts of every kind of value with the key given back by `RETURNING`, the
/// identity sequence moved past keys given by hand, and the upsert.
final class PostgresModelTableTests: XCTestCase {
    private var connection: PGConnection!
    private let schema = Gadget.modelSchema
    private let dialect = SQLDialect.postgres

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        connection = try PGConnection(server.connectionString(database: try server.makeDatabase("ddl", for: self)))
        try connection.execute(schema.createTableSQL(in: dialect))
        for index in schema.createIndexSQL(in: dialect) {
            try connection.execute(index)
        }
    }

    override func tearDown() {
        connection?.close()
    }

    /// The values of one gadget, in the schema's column order.
    private func values(name: String, count: Int = 42) throws -> [SQLValue] {
        [
            count.databaseValue, (0.1).databaseValue, true.databaseValue, name.databaseValue,
            Data([0, 1, 254, 255]).databaseValue, Date(timeIntervalSince1970: 1_700_000_000.123456).databaseValue,
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!.databaseValue,
            Decimal(string: "12345678901234567890.123456789")!.databaseValue,
            try _ColumnCoding.json(GadgetSpec(size: 3, label: "zoë's \"box\"")),
            URL(string: "https://example.com/a?b=c")!.databaseValue, SQLValue.null, Int16(-7).databaseValue,
        ]
    }

    @discardableResult
    private func run(_ sql: String, _ values: [SQLValue], types: [StoredType]) throws -> PGResult {
        let prepared = dialect.preparedText(sql)
        XCTAssertEqual(prepared.parameterCount, values.count)
        return try connection.execute(prepared.text, zip(values, types).map { PGParameter($0, as: $1) })
    }

    private var columnTypes: [StoredType] { schema.columns.map(\.storedType) }

    func testTheTableHasTheTypesOfTheProperties() throws {
        let relation = try XCTUnwrap(try PGCatalog(connection).relation(schema: "public", name: "gadgets"))
        let description = try PGCatalog(connection).describe(relation)
        XCTAssertEqual(description.columns.map { "\($0.name) \($0.type)\($0.isNotNull ? " not null" : "")" }, [
            "id bigint not null", "count bigint not null", "ratio double precision not null",
            "enabled boolean not null", "name text not null", "payload bytea not null",
            "made timestamp with time zone not null", "serial uuid not null", "price numeric not null",
            "spec jsonb not null", "link text", "note text", "small bigint",
        ])
        XCTAssertEqual(description.columns.first?.identity, .byDefault)
        XCTAssertEqual(description.primaryKey, ["id"])
        XCTAssertTrue(description.indexes.contains { $0.name == "orm_unique_gadgets_name" && $0.isUnique })
    }

    func testEveryKindOfValueGoesInAndComesBackAsTheKeyAndTheSameValue() throws {
        let insert = schema.insertGeneratedKeySQL(in: dialect)
        let first = try run(insert, try values(name: "one"), types: columnTypes)
        XCTAssertEqual(try first[0].int64(at: 0), 1)
        XCTAssertEqual(try run(insert, try values(name: "two"), types: columnTypes)[0].int64(at: 0), 2)

        let rows = try connection.execute(
            "SELECT \(schema.selectColumnsSQL(in: dialect)) FROM \(dialect.quoteIdentifier(schema.table)) ORDER BY 1")
        XCTAssertEqual(rows.count, 2)
        let types = [schema.primaryKey.storedType] + columnTypes
        let read = try (0..<types.count).map { try SQLValue(rows[0], at: $0, as: types[$0]) }
        XCTAssertEqual(read[0], 1)
        XCTAssertEqual(Int.fromDatabaseValue(read[1]), 42)
        XCTAssertEqual(Double.fromDatabaseValue(read[2]), 0.1)
        XCTAssertEqual(Bool.fromDatabaseValue(read[3]), true)
        XCTAssertEqual(String.fromDatabaseValue(read[4]), "one")
        XCTAssertEqual(Data.fromDatabaseValue(read[5]), Data([0, 1, 254, 255]))
        XCTAssertEqual(Date.fromDatabaseValue(read[6])?.timeIntervalSince1970 ?? 0, 1_700_000_000.123456, accuracy: 1e-6)
        XCTAssertEqual(UUID.fromDatabaseValue(read[7]), UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        XCTAssertEqual(Decimal.fromDatabaseValue(read[8]), Decimal(string: "12345678901234567890.123456789"))
        guard case .text(let json) = read[9] else { return XCTFail("jsonb reads as text: \(read[9])") }
        XCTAssertEqual(try JSONDecoder().decode(GadgetSpec.self, from: Data(json.utf8)), GadgetSpec(size: 3, label: "zoë's \"box\""))
        XCTAssertEqual(URL.fromDatabaseValue(read[10]), URL(string: "https://example.com/a?b=c"))
        XCTAssertEqual(read[11], .null)
        XCTAssertEqual(Int16.fromDatabaseValue(read[12]), -7)
    }

    func testKeysGivenByHandAreNotGivenAgain() throws {
        let withKey = try run(
            schema.insertSQL(in: dialect), [10] + (try values(name: "ten")),
            types: [schema.primaryKey.storedType] + columnTypes)
        XCTAssertEqual(withKey.affectedRows, 1)
        let catchUp = try XCTUnwrap(schema.keySequenceCatchUpSQL(in: dialect))
        try run(catchUp, [.text(dialect.quoteIdentifier(schema.table)), .text(schema.primaryKey.name)], types: [.text, .text])
        let generated = try run(schema.insertGeneratedKeySQL(in: dialect), try values(name: "next"), types: columnTypes)
        XCTAssertEqual(try generated[0].int64(at: 0), 11)
    }

    func testTheUpsertUpdatesTheClashingRowAndGivesItsKey() throws {
        let insert = schema.insertGeneratedKeySQL(in: dialect)
        try run(insert, try values(name: "first"), types: columnTypes)
        try run(insert, try values(name: "second"), types: columnTypes)
        let upsert = schema.upsertSQL(conflictColumns: ["name"], bindsKey: false, in: dialect)
        let clash = try run(upsert, try values(name: "second", count: 7), types: columnTypes)
        XCTAssertEqual(try clash[0].int64(at: 0), 2)
        let fresh = try run(upsert, try values(name: "third", count: 8), types: columnTypes)
        XCTAssertEqual(try fresh[0].int64(at: 0), 4, "the clash drew key 3 from the sequence, as PostgreSQL does")
        let counts = try connection.execute("SELECT name, count FROM gadgets ORDER BY id").map {
            "\($0.text(at: 0) ?? "") \($0.text(at: 1) ?? "")"
        }
        XCTAssertEqual(counts, ["first 42", "second 7", "third 8"])
    }
}
