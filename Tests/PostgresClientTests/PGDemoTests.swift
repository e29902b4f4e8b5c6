import Foundation
import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// `scripts/pg-demo.sql`, the PostgreSQL demo database, loads on a server of the tests' own and
/// holds what it promises.
final class PGDemoTests: XCTestCase {
    func testTheDemoLoadsWithEveryKindOfRelationAndValue() throws {
        let server = try TestPostgresServer.shared()
        let database = "demo_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        try PGConnection(server.connectionString()).execute("CREATE DATABASE \(database)")
        defer { _ = try? PGConnection(server.connectionString()).execute("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/pg-demo.sql")
        let connection = try PGConnection(server.connectionString(database: database))
        try connection.executeScript(String(contentsOf: script, encoding: .utf8))

        let catalog = PGCatalog(connection)
        let relations = try catalog.relations()
        XCTAssertEqual(relations.map(\.qualifiedName.description), [
            "audit.log", "audit.log_2024", "audit.log_2025", "public.big_spenders", "public.customers",
            "public.enrollments", "public.events", "public.odd \"quoted\" table", "public.orders",
            "public.orders_by_month", "public.products",
        ])
        let events = try XCTUnwrap(relations.first { $0.name == "events" })
        XCTAssertEqual(try catalog.exactRowCount(of: events), 1_000_000)
        let estimate = try XCTUnwrap(events.estimatedRows)
        XCTAssertTrue((950_000...1_050_000).contains(estimate), "analysed: \(estimate)")
        XCTAssertEqual(try XCTUnwrap(relations.first { $0.name == "log" }).estimatedRows, 1_400)
        XCTAssertEqual(relations.first { $0.name == "orders_by_month" }?.kind, .materializedView)

        let customers = try connection.execute("""
            SELECT name, balance, tags, preferences, mood, address, avatar FROM customers ORDER BY id
            """)
        XCTAssertEqual(customers.count, 6)
        XCTAssertEqual(customers[0].text(at: 1), "1234.50", "numeric exact to the digit")
        XCTAssertEqual(customers[2].text(at: 2).flatMap(PGArrayText.elements), ["with space", "a,comma", nil])
        XCTAssertEqual(customers[0].text(at: 3), "{\"theme\": \"dark\", \"digits\": 12}")
        XCTAssertEqual(customers[3].text(at: 4), "sad")
        XCTAssertEqual(customers[1].text(at: 5), "2001:db8::1")
        XCTAssertEqual(try customers[2].bytea(at: 6), [0x00, 0xFF, 0x00, 0xFF])
        XCTAssertEqual(customers[4].text(at: 0), "Line\nBreak")
        let products = try catalog.describe(XCTUnwrap(relations.first { $0.name == "products" }))
        XCTAssertEqual(products.columns.map(\.type), ["integer", "text", "numeric(10,2)", "integer", "interval"])
    }
}
