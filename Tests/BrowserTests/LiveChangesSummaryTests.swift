import XCTest

@testable import Browser

/// What reef gathers between two ticks: a table named for sure by any change is sure; tables left
/// for later leave the summary whole.
final class LiveChangesSummaryTests: XCTestCase {
    func testATableNamedForSureOnceStaysSureWhateverCameBeforeOrAfter() {
        var summary = LiveChanges.Summary()
        summary.external = true
        summary.add(tables: ["orders", "customers", "audit"], unconfirmed: ["orders", "customers", "audit"])
        summary.add(tables: ["customers"], unconfirmed: [])
        XCTAssertEqual(summary.unconfirmed, ["orders", "audit"])
        summary.add(tables: ["orders", "customers", "audit"], unconfirmed: ["orders", "customers"])
        XCTAssertEqual(summary.unconfirmed, ["orders"], "customers and audit were named for sure")
        XCTAssertEqual(summary.tables, ["orders", "customers", "audit"])

        let earlier = LiveChanges.Summary(tables: ["orders"], rows: 2, external: false, own: true, unconfirmed: [])
        let merged = earlier.merging(summary)
        XCTAssertEqual(merged.unconfirmed, [], "this session's own write to orders is sure")
        XCTAssertEqual(merged.rows, 2)
        XCTAssertTrue(merged.own && merged.external)
    }

    func testLeavingTablesForLaterTakesThemOutOfTheTablesAndTheUnconfirmed() {
        let summary = LiveChanges.Summary(tables: ["orders", "customers"], rows: 0, external: true, own: false,
                                          unconfirmed: ["orders", "customers"])
        let rest = summary.leaving(["orders"])
        XCTAssertEqual(rest.tables, ["customers"])
        XCTAssertEqual(rest.unconfirmed, ["customers"])
        XCTAssertTrue(rest.external)
    }
}
