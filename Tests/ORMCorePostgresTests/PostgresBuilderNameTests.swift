import Foundation
import PostgresTestSupport
import XCTest

import ORMCore

/// What only PostgreSQL can hold: a table with both `name` and `Name`. ORMCore writes a name in
/// builder text as the model spells it only when the text as written means no column of it, so
/// PostgreSQL's own reading stands wherever it names one (`Name` bare is `name`, quoted `"Name"`).
final class PostgresBuilderNameTests: XCTestCase {
    func testANameThatPostgreSQLReadsAsAColumnKeepsThatReading() throws {
        let db = try Database(url: try makePostgresDatabase("names"))
        try db.executeScript("""
            CREATE TABLE twins (id bigint PRIMARY KEY, name text, "Name" text, "Label" text);
            INSERT INTO twins VALUES (1, 'lower', 'upper', 'one'), (2, 'other', 'lower', 'two');
            """)
        let twins = try db.table("twins")
        XCTAssertEqual(try twins.query().where("Name = 'lower'").ids(), [1], "bare Name is name there")
        XCTAssertEqual(try twins.query().where("\"Name\" = 'lower'").ids(), [2])
        XCTAssertEqual(try twins.query().where("twins.NAME = 'lower'").ids(), [1])
        XCTAssertEqual(try twins.query().where("label = 'two'").ids(), [2], "no column label: \"Label\" as SQLite reads it")
        XCTAssertEqual(try twins.query().orderBy("Name").distinct("Name"), ["lower", "upper"], "a parameter is the column of that exact name")
    }

    /// A table made on the server, opened at run time, reads literals by the types the catalog
    /// gives its columns (`character varying(10)`, `timestamp with time zone`, `boolean`…), as a
    /// model's query reads them by the model's.
    func testATableFoundAtRunTimeReadsLiteralsByItsCatalogTypes() throws {
        let db = try Database(url: try makePostgresDatabase("typed"))
        try db.executeScript("""
            CREATE TABLE typed (id bigint PRIMARY KEY, flag boolean, n integer, code character varying(10),
                at timestamp with time zone);
            INSERT INTO typed VALUES (1, true, 0, '7', to_timestamp(100)), (2, false, 2, '8', to_timestamp(200)),
                (3, true, 3, 'x', to_timestamp(300));
            """)
        let typed = try db.table("typed").query().orderBy("id")
        XCTAssertEqual(try typed.where("flag = 'YES'").ids(), [1, 3])
        XCTAssertEqual(try typed.where("flag = 0").ids(), [2])
        XCTAssertEqual(try typed.where("n AND flag").ids(), [3])
        XCTAssertEqual(try typed.where("NOT n").ids(), [1])
        XCTAssertEqual(try typed.where("code = 7").ids(), [1])
        XCTAssertEqual(try typed.where("at > 150").ids(), [2, 3])
        XCTAssertThrowsError(try typed.sum("code")) { error in
            XCTAssertEqual(
                error as? ORMError,
                .invalidQuery("sum(code): code of typed stores text, not numbers; sum a column of numbers, or an expression that makes one (\"length(code)\")"))
        }
        XCTAssertThrowsError(try typed.where("flag = 'maybe'").count()) { error in
            guard case ORMError.invalidQuery(let detail)? = error as? ORMError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.hasPrefix("flag is a Bool, compared with the text 'maybe'"), detail)
        }
    }
}
