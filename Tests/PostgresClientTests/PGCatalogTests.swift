import Foundation
import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// The catalog as a browser reads it, on a database of the tests' own holding every kind of
/// relation and the column types PostgreSQL users meet.
final class PGCatalogTests: XCTestCase {
    private var server: TestPostgresServer!
    private var database = ""
    private var connection: PGConnection!
    private var catalog: PGCatalog { PGCatalog(connection) }

    override func setUpWithError() throws {
        server = try TestPostgresServer.shared()
        database = "catalog_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        try PGConnection(server.connectionString()).execute("CREATE DATABASE \(database)")
        connection = try PGConnection(server.connectionString(database: database))
        try connection.executeScript(Self.schema)
    }

    override func tearDownWithError() throws {
        connection?.close()
        if !database.isEmpty {
            try PGConnection(server.connectionString()).execute("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
        }
    }

    static let schema = #"""
        CREATE SCHEMA sales;
        CREATE SCHEMA "odd ""schema""";
        CREATE TYPE sales.mood AS ENUM ('sad', 'ok', 'happy');
        CREATE TABLE sales.customers (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name text NOT NULL DEFAULT 'anonymous',
            email varchar(80) UNIQUE,
            mood sales.mood,
            tags text[],
            balance numeric(12,2) DEFAULT 0 CHECK (balance >= 0),
            seen interval,
            address inet,
            doc jsonb,
            avatar bytea,
            shout text GENERATED ALWAYS AS (upper(name)) STORED
        );
        CREATE INDEX customers_lower_name ON sales.customers (lower(name));
        COMMENT ON TABLE sales.customers IS 'people who buy: Ada''s';
        CREATE TABLE sales.orders (
            id serial PRIMARY KEY,
            customer bigint NOT NULL REFERENCES sales.customers (id) ON DELETE CASCADE,
            placed timestamptz NOT NULL DEFAULT now(),
            "odd ""name"", here" text COLLATE "C"
        );
        CREATE FUNCTION sales.touch() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
        CREATE TRIGGER orders_touch BEFORE UPDATE ON sales.orders FOR EACH ROW EXECUTE FUNCTION sales.touch();
        CREATE TABLE sales.events (day date NOT NULL, what text NOT NULL, PRIMARY KEY (day, what))
            PARTITION BY RANGE (day);
        COMMENT ON TABLE sales.events IS 'by day';
        CREATE TABLE sales.events_2024 PARTITION OF sales.events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
        CREATE TABLE sales.events_2025 PARTITION OF sales.events FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
        CREATE VIEW sales.rich AS SELECT id, name FROM sales.customers WHERE balance > 100;
        CREATE MATERIALIZED VIEW sales.totals AS SELECT customer, count(*) AS n FROM sales.orders GROUP BY customer;
        COMMENT ON MATERIALIZED VIEW sales.totals IS 'orders per customer';
        CREATE TABLE "odd ""schema""".t (x int);
        CREATE TABLE public.other (x int);
        """#

    func testRelationsAreListedBySchemaWithTheirKindsAndPartitions() throws {
        XCTAssertEqual(try catalog.schemas(), ["odd \"schema\"", "public", "sales"])
        let sales = try catalog.relations(inSchemas: ["sales"])
        XCTAssertEqual(sales.map(\.name), ["customers", "events", "events_2024", "events_2025", "orders", "rich", "totals"])
        XCTAssertEqual(sales.map(\.kind), [.table, .partitionedTable, .table, .table, .table, .view, .materializedView])
        XCTAssertEqual(sales.map { $0.partitionOf?.description },
                       [nil, nil, "sales.events", "sales.events", nil, nil, nil])
        XCTAssertEqual(try catalog.relations(inSchemas: ["odd \"schema\""]).map(\.qualifiedName.quoted),
                       ["\"odd \"\"schema\"\"\".\"t\""])
        let all = try catalog.relations()
        XCTAssertEqual(Set(all.map(\.schema)), ["odd \"schema\"", "public", "sales"], "no pg_catalog, no information_schema")
        XCTAssertEqual(all.count, 9)
        XCTAssertNil(try catalog.relation(schema: "sales", name: "nothing"))
    }

    func testEstimatedCountsComeFromTheStatisticsAndExactOnesFromAScan() throws {
        try connection.execute("""
            INSERT INTO sales.events SELECT DATE '2024-06-01' + i % 400, 'e' || i FROM generate_series(1, 1000) AS i
            """)
        let before = try XCTUnwrap(catalog.relation(schema: "sales", name: "events"))
        XCTAssertNil(before.estimatedRows, "never analysed: unknown, not 0")
        try connection.execute("ANALYZE sales.events")
        let events = try XCTUnwrap(catalog.relation(schema: "sales", name: "events"))
        XCTAssertEqual(events.estimatedRows, 1000, "the partitions' estimates summed")
        let partition = try XCTUnwrap(catalog.relation(schema: "sales", name: "events_2025"))
        XCTAssertEqual(partition.estimatedRows, try catalog.exactRowCount(of: partition))
        XCTAssertNil(try XCTUnwrap(catalog.relation(schema: "sales", name: "rich")).estimatedRows)
        XCTAssertEqual(try catalog.exactRowCount(of: events), 1000)
        XCTAssertEqual(try catalog.exactRowCount(of: XCTUnwrap(catalog.relation(schema: "odd \"schema\"", name: "t"))), 0)
    }

    func testAColumnDescriptionCarriesTypesDefaultsIdentityAndGeneratedExpressions() throws {
        let customers = try catalog.describe(XCTUnwrap(catalog.relation(schema: "sales", name: "customers")))
        XCTAssertEqual(customers.columns.map(\.name),
                       ["id", "name", "email", "mood", "tags", "balance", "seen", "address", "doc", "avatar", "shout"])
        XCTAssertEqual(customers.columns.map(\.type), [
            "bigint", "text", "character varying(80)", "sales.mood", "text[]", "numeric(12,2)", "interval", "inet",
            "jsonb", "bytea", "text",
        ])
        XCTAssertEqual(customers.columns[0].identity, .always)
        XCTAssertEqual(customers.columns[0].typeOID, .int8)
        XCTAssertEqual(customers.columns[1].defaultExpression, "'anonymous'::text")
        XCTAssertTrue(customers.columns[1].isNotNull)
        XCTAssertFalse(customers.columns[2].isNotNull)
        XCTAssertEqual(customers.columns[10].generatedExpression, "upper(name)")
        XCTAssertNil(customers.columns[10].defaultExpression)
        XCTAssertEqual(customers.primaryKey, ["id"])
        XCTAssertEqual(customers.constraints.map(\.kind), [.primaryKey, .unique, .check])
        XCTAssertEqual(customers.constraints[1].columns, ["email"])
        XCTAssertEqual(customers.constraints[2].definition, "CHECK (balance >= 0::numeric)")
        XCTAssertEqual(customers.indexes.map(\.name), ["customers_email_key", "customers_lower_name", "customers_pkey"])
        XCTAssertEqual(customers.indexes.map(\.backsConstraint), [true, false, true])
        XCTAssertEqual(customers.comment, "people who buy: Ada's")
        XCTAssertEqual(customers.createStatements.last, "COMMENT ON TABLE \"sales\".\"customers\" IS 'people who buy: Ada''s';")

        let orders = try catalog.describe(XCTUnwrap(catalog.relation(schema: "sales", name: "orders")))
        let key = try XCTUnwrap(orders.foreignKeys.first)
        XCTAssertEqual(key.columns, ["customer"])
        XCTAssertEqual(key.referencedTable, PGQualifiedName(schema: "sales", name: "customers"))
        XCTAssertEqual(key.referencedColumns, ["id"])
        XCTAssertTrue(key.definition.hasSuffix("ON DELETE CASCADE"), key.definition)
        XCTAssertEqual(orders.columns[3].name, "odd \"name\", here")
        XCTAssertEqual(orders.columns[3].collation, "C")
        XCTAssertEqual(orders.triggers.map(\.name), ["orders_touch"])
        XCTAssertEqual(orders.ownedSequences, [
            PGOwnedSequence(sequence: PGQualifiedName(schema: "sales", name: "orders_id_seq"), column: "id"),
        ])
    }

    func testViewsAndPartitionsDescribeTheirDefinitions() throws {
        let rich = try catalog.describe(XCTUnwrap(catalog.relation(schema: "sales", name: "rich")))
        XCTAssertEqual(rich.columns.map(\.name), ["id", "name"])
        XCTAssertTrue(rich.viewDefinition?.contains("WHERE customers.balance > 100::numeric") ?? false,
                      String(describing: rich.viewDefinition))
        let events = try catalog.describe(XCTUnwrap(catalog.relation(schema: "sales", name: "events")))
        XCTAssertEqual(events.partitionKey, "RANGE (day)")
        XCTAssertEqual(events.primaryKey, ["day", "what"])
        let partition = try catalog.describe(XCTUnwrap(catalog.relation(schema: "sales", name: "events_2024")))
        XCTAssertEqual(partition.partitionBound, "FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')")
        XCTAssertEqual(partition.constraints.map(\.isInherited), [true], "its key comes from the partitioned table")
        XCTAssertEqual(partition.createStatements, [
            "CREATE TABLE \"sales\".\"events_2024\" PARTITION OF \"sales\".\"events\"\n"
                + "FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');",
        ])
    }

    /// The statements a description gives make the same relations again: dropped and made from
    /// them, every relation describes as before.
    func testCreateStatementsMakeTheSameRelationsAgain() throws {
        let order = ["customers", "orders", "events", "events_2024", "events_2025", "rich", "totals"]
        let before = try order.map { try catalog.describe(XCTUnwrap(catalog.relation(schema: "sales", name: $0))) }
        try connection.executeScript("""
            DROP MATERIALIZED VIEW sales.totals; DROP VIEW sales.rich;
            DROP TABLE sales.events; DROP TABLE sales.orders; DROP TABLE sales.customers;
            """)
        XCTAssertEqual(try catalog.relations(inSchemas: ["sales"]), [])
        for description in before {
            for statement in description.createStatements {
                try connection.execute(statement)
            }
        }
        let after = try order.map { try catalog.describe(XCTUnwrap(catalog.relation(schema: "sales", name: $0))) }
        for (old, new) in zip(before, after) {
            XCTAssertEqual(new.createStatements, old.createStatements, old.relation.name)
            XCTAssertEqual(new.columns, old.columns, old.relation.name)
            XCTAssertEqual(new.constraints, old.constraints, old.relation.name)
            XCTAssertEqual(new.indexes, old.indexes, old.relation.name)
            XCTAssertEqual(new.triggers, old.triggers, old.relation.name)
            XCTAssertEqual(new.ownedSequences, old.ownedSequences, old.relation.name)
            XCTAssertEqual(new.comment, old.comment, old.relation.name)
        }
        try connection.execute("INSERT INTO sales.customers (name) VALUES ('Ada')")
        try connection.execute("INSERT INTO sales.orders (customer) SELECT id FROM sales.customers")
        XCTAssertEqual(try connection.execute("SELECT id, shout FROM sales.orders JOIN sales.customers USING (id)")
                        .map { [$0.text(at: 0), $0.text(at: 1)] }, [["1", "ADA"]])
    }

    func testArrayTextReadsWhatTheServerWrites() throws {
        XCTAssertEqual(PGArrayText.elements("{a,\"b,c\",NULL,\"d\\\"e\",\"NULL\"}"), ["a", "b,c", nil, "d\"e", "NULL"])
        XCTAssertEqual(PGArrayText.elements("{}"), [])
        for malformed in ["", "{", "a,b", "{a,}", "{\"a}", "{{1,2},{3,4}}", "{a\"b}"] {
            XCTAssertNil(PGArrayText.elements(malformed), malformed)
        }
        let values = ["plain", "with space", "comma,here", "quote\"d", "back\\slash", "{braces}", "", "NULL", "日本語"]
        let text = try XCTUnwrap(connection.execute("SELECT $1::text[]", [.text(PGCatalog.arrayText(values))])[0].text(at: 0))
        XCTAssertEqual(PGArrayText.elements(text), values)
    }
}
