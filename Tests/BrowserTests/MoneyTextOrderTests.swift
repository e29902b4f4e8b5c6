import XCTest

@testable import Browser

/// The order of PostgreSQL's `money` kept as text: by amount, in the server's locale's form and
/// in the plain form a filter is typed in.
final class MoneyTextOrderTests: XCTestCase {
    private let checks = TextOrderChecks(order: MoneyTextOrder.compare)

    func testAmountsAreOrderedByValueWhereTheirTextsAreNot() {
        checks.assertStrictlyOrdered(["-$1,300.00", "-$5.00", "-$0.50", "$0.00", "$0.50", "$1.00", "$4.99", "$19.50", "$20.00",
                                      "$229.00", "$1,234.56", "$1,300.00", "$92,233,720,368,547,758.07", "no amount", "zzz"])
    }

    func testTheServersFormEqualsTheFormAFilterIsTypedIn() {
        for (stored, typed) in [("$20.00", "20"), ("$19.50", "19.5"), ("$1,234.56", "1234.56"), ("-$5.00", "-5"),
                                ("($5.00)", "-5"), ("$0.50", ".5"), ("$1,234", "1234"), ("1.234,56 €", "1234.56"),
                                ("CHF 1'234.50", "1234.5"), ("￥1,234,567", "1234567")] {
            XCTAssertEqual(checks.compare(stored, typed), 0, "\(stored) = \(typed)")
        }
    }

    func testOtherLocalesFormsAreOrderedByAmount() {
        checks.assertStrictlyOrdered(["-1.234,56 €", "0,99 €", "12,00 €", "1.234,56 €", "12.345,00 €"])
        checks.assertStrictlyOrdered(["￥99", "￥1,000", "￥1,234,567"])
    }
}
