import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "uo_item")
final class UOItem {
    @Key var code: String = ""
    var label: String = ""
    var note: String? = nil
    var score: Double? = nil
}

/// A fetch that meets a live object keeps its unsaved changes: also those to optional properties,
/// which the generated `_$apply` once overwrote with nil (its "keep" branch made `.some(nil)`). The
/// model has a text key: rows with an integer key reach a live object another way.
final class UnsavedOptionalChangeTests: XCTestCase {
    func testAFetchKeepsAnUnsavedChangeToAnOptionalProperty() throws {
        let db = try makeTestDatabase(self)
        let item = UOItem()
        item.code = "a"
        item.label = "stored"
        item.note = "stored"
        item.score = 1.5
        try item.commit(in: db)

        item.label = "unsaved"
        item.note = "unsaved"
        item.score = 9
        let fetched = try UOItem.fetchAll(in: db)
        XCTAssertEqual(fetched.count, 1)
        XCTAssertTrue(fetched[0] === item, "the live object")
        XCTAssertEqual(item.label, "unsaved")
        XCTAssertEqual(item.note, "unsaved")
        XCTAssertEqual(item.score, 9)
        XCTAssertTrue(item.hasChanges)
        try item.commit(in: db)
        XCTAssertEqual(try db.fetchAll("SELECT note, score FROM uo_item"), [[.text("unsaved"), .real(9)]])
    }

    func testAFetchKeepsAnUnsavedChangeToNil() throws {
        let db = try makeTestDatabase(self)
        let item = UOItem()
        item.code = "a"
        item.note = "stored"
        try item.commit(in: db)

        item.note = nil
        _ = try UOItem.query(in: db).fetch().count
        XCTAssertNil(item.note)
        try item.commit(in: db)
        XCTAssertEqual(try db.fetchAll("SELECT note FROM uo_item"), [[.null]])
    }

    func testAFetchRefreshesTheOptionalPropertiesLeftUnchanged() throws {
        let db = try makeTestDatabase(self)
        let item = UOItem()
        item.code = "a"
        item.note = "stored"
        try item.commit(in: db)
        _ = try db.execute("UPDATE uo_item SET note = 'elsewhere', score = 2")
        item.label = "unsaved"
        _ = try UOItem.fetchAll(in: db)
        XCTAssertEqual(item.note, "elsewhere")
        XCTAssertEqual(item.score, 2)
        XCTAssertEqual(item.label, "unsaved")
    }
}
