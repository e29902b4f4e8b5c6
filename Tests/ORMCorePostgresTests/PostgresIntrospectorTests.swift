import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `PostgresIntrospector` describes a real PostgreSQL schema as `TableInfo`: every kind of
/// relation, columns with the catalog's types, keys, indexes and foreign keys, and the statements
/// that make each again.
final class PostgresIntrospectorTests: XCTestCase {
    private var connection: PGConnection!

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        connection = try PGConnection(server.connectionString(database: try server.makeDatabase("introspect", for: self)))
        try connection.executeScript(#"""
            CREATE SCHEMA sales;
            CREATE TYPE sales.mood AS ENUM ('sad', 'happy');
            CREATE TABLE sales.customers (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                name text NOT NULL DEFAULT 'anonymous',
                email varchar(80) UNIQUE,
                mood sales.mood,
                tags text[],
                balance numeric(12,2) DEFAULT 0,
                shout text GENERATED ALWAYS AS (upper(name)) STORED
            );
            CREATE INDEX customers_lower_name ON sales.customers (lower(name));
            CREATE INDEX customers_rich ON sales.customers (balance DESC, name) WHERE balance > 100;
            CREATE UNIQUE INDEX customers_mood_name ON sales.customers (mood, name);
            CREATE TABLE sales.orders (
                region text NOT NULL,
                number integer NOT NULL,
                "Customer ""Id""" bigint REFERENCES sales.customers (id) ON DELETE CASCADE ON UPDATE SET NULL,
                PRIMARY KEY (region, number)
            );
            CREATE TABLE public.notes (id serial PRIMARY KEY, about bigint REFERENCES sales.customers (id));
            CREATE TABLE sales.events (day date NOT NULL, what text NOT NULL) PARTITION BY RANGE (day);
            CREATE TABLE sales.events_2024 PARTITION OF sales.events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
            CREATE VIEW sales.rich AS SELECT id, name FROM sales.customers WHERE balance > 100;
            CREATE MATERIALIZED VIEW sales.moods AS SELECT mood, count(*) FROM sales.customers GROUP BY mood;
            """#)
    }

    override func tearDown() {
        connection?.close()
    }

    func testEveryKindOfRelationIsListed() throws {
        let introspector = try PostgresIntrospector(connection, schema: "sales")
        XCTAssertEqual(try introspector.schemaObjects().map { "\($0.name): \($0.kind.rawValue)" }, [
            "customers: table", "events: partitioned table", "events_2024: table", "moods: materialized view",
            "orders: table", "rich: view",
        ])
        XCTAssertEqual(try PostgresIntrospector(connection).schemaObjects().map(\.name), ["notes"], "public by default")
        try connection.execute("SET search_path = sales, public")
        XCTAssertEqual(try PostgresIntrospector(connection).schema, "sales", "the search_path's first schema")
        try connection.execute("SET search_path = nowhere")
        XCTAssertThrowsError(try PostgresIntrospector(connection))
    }

    func testATableIsDescribedAsTheCatalogHasIt() throws {
        let introspector = try PostgresIntrospector(connection, schema: "sales")
        XCTAssertNil(try introspector.tableInfo("Customers"), "names are matched exactly")
        let info = try XCTUnwrap(try introspector.tableInfo("customers"))
        XCTAssertEqual(info.kind, .table)
        XCTAssertEqual(info.primaryKey, ["id"])
        XCTAssertFalse(info.hasRowID)
        XCTAssertEqual(info.columns.map { "\($0.name) \($0.declaredType) \($0.isNotNull) \($0.defaultSQL ?? "-") \($0.primaryKeyPosition) \($0.generated)" }, [
            "id bigint true - 1 no",
            "name text true 'anonymous'::text 0 no",
            "email character varying(80) false - 0 no",
            "mood sales.mood false - 0 no",
            "tags text[] false - 0 no",
            "balance numeric(12,2) false 0 0 no",
            "shout text false - 0 stored",
        ])
        XCTAssertEqual(info.indexes.map { index in
            "\(index.name) \(index.origin.rawValue) \(index.isUnique) \(index.isPartial) "
                + index.columns.map { $0.name + ($0.descending ? " desc" : "") }.joined(separator: ",")
        }, [
            "customers_email_key u true false email",
            "customers_lower_name c false false ",
            "customers_mood_name c true false mood,name",
            "customers_pkey pk true false id",
            "customers_rich c false true balance desc,name",
        ])
        XCTAssertEqual(info.indexes.first { $0.name == "customers_rich" }?.sql,
                       "CREATE INDEX customers_rich ON sales.customers USING btree (balance DESC, name) WHERE (balance > (100)::numeric)")
        XCTAssertNil(info.indexes.first { $0.name == "customers_pkey" }?.sql)
        let sql = try XCTUnwrap(info.sql)
        XCTAssertTrue(sql.hasPrefix("CREATE TABLE \"sales\".\"customers\" (\n    \"id\" bigint GENERATED ALWAYS AS IDENTITY"), sql)
        XCTAssertTrue(sql.contains("CREATE INDEX customers_lower_name ON sales.customers USING btree (lower(name));"), sql)
    }

    func testKeysAcrossColumnsAndForeignKeysWithTheirActions() throws {
        let orders = try XCTUnwrap(try PostgresIntrospector(connection, schema: "sales").tableInfo("orders"))
        XCTAssertEqual(orders.primaryKey, ["region", "number"])
        XCTAssertEqual(orders.columns.map(\.primaryKeyPosition), [1, 2, 0])
        XCTAssertEqual(orders.foreignKeys, [
            ForeignKeyInfo(columns: [#"Customer "Id""#], table: "customers", referencedColumns: ["id"],
                           onUpdate: "SET NULL", onDelete: "CASCADE"),
        ])
        let notes = try XCTUnwrap(try PostgresIntrospector(connection).tableInfo("notes"))
        XCTAssertEqual(notes.foreignKeys.map(\.table), ["sales.customers"], "another schema's table is qualified")
        XCTAssertEqual(notes.foreignKeys.map(\.onDelete), ["NO ACTION"])
        XCTAssertEqual(notes.columns.first?.defaultSQL, "nextval('notes_id_seq'::regclass)")
    }

    func testTriggersAndTheEncoding() throws {
        try connection.executeScript("""
            CREATE FUNCTION sales.touch() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
            CREATE TRIGGER orders_touch BEFORE UPDATE ON sales.orders FOR EACH ROW EXECUTE FUNCTION sales.touch();
            """)
        let introspector = try PostgresIntrospector(connection, schema: "sales")
        XCTAssertEqual(try introspector.triggers(on: "orders").map(\.name), ["orders_touch"], "not the foreign key's own")
        XCTAssertEqual(try introspector.triggers(on: "orders").first?.sql,
                       "CREATE TRIGGER orders_touch BEFORE UPDATE ON sales.orders FOR EACH ROW EXECUTE FUNCTION sales.touch()")
        XCTAssertEqual(try introspector.triggers(on: "nowhere").count, 0)
        XCTAssertTrue(try introspector.storesUTF8())
    }

    func testViewsAndPartitionedTables() throws {
        let introspector = try PostgresIntrospector(connection, schema: "sales")
        let rich = try XCTUnwrap(try introspector.tableInfo("rich"))
        XCTAssertEqual(rich.kind, .view)
        XCTAssertEqual(rich.columns.map(\.name), ["id", "name"])
        XCTAssertEqual(rich.primaryKey, [])
        XCTAssertTrue(rich.sql?.hasPrefix("CREATE VIEW \"sales\".\"rich\" AS\n") ?? false, rich.sql ?? "")
        XCTAssertEqual(try introspector.tableInfo("moods")?.kind, .materializedView)
        let events = try XCTUnwrap(try introspector.tableInfo("events"))
        XCTAssertEqual(events.kind, .partitionedTable)
        XCTAssertTrue(events.sql?.contains("PARTITION BY RANGE (day)") ?? false, events.sql ?? "")
        let partition = try XCTUnwrap(try introspector.tableInfo("events_2024"))
        XCTAssertTrue(partition.sql?.contains("PARTITION OF \"sales\".\"events\"") ?? false, partition.sql ?? "")
    }
}
