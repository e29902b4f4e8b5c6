import XCTest

@testable import Browser

/// The order of a PostgreSQL enum's labels kept as text: the type's, then what is no label.
final class EnumTextOrderTests: XCTestCase {
    func testLabelsAreOrderedAsTheTypeDeclaresThemAndOtherTextsAfter() {
        let order = EnumTextOrder(labels: ["new", "paid", "shipped", "returned", "Ärger"])
        let checks = TextOrderChecks(order: order.compare)
        checks.assertStrictlyOrdered(["new", "paid", "shipped", "returned", "Ärger", "", "New", "zzz"])
        XCTAssertEqual(EnumTextOrder.name(column: 3), "reef_enum_3")
    }
}
