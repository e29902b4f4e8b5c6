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
}
