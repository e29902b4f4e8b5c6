import XCTest

@testable import Browser

/// The order of PostgreSQL's `inet` and `cidr` values kept as text: the server's (`network_cmp`),
/// IPv4 before IPv6, then the bits of the shorter prefix, the shorter prefix, the whole address.
final class InetTextOrderTests: XCTestCase {
    private let checks = TextOrderChecks(order: InetTextOrder.compare)

    func testAddressesAreOrderedAsTheServerOrdersThem() {
        checks.assertStrictlyOrdered(["0.0.0.0/0", "9.255.255.255", "10.0.0.0/8", "10.0.0.0", "10.0.0.2", "10.0.0.10", "10.1.0.0/16",
                                      "192.168.0.1/24", "192.168.0.1", "::/0", "::1", "::ffff:1.2.3.4", "2001:db8::/32",
                                      "2001:db8::1", "fe80::1", "not an address", "zzz"])
    }

    func testOneAddressWrittenTwoWaysIsEqual() {
        for (left, right) in [("10.0.0.2/32", "10.0.0.2"), ("::1/128", "::1"), ("0:0:0:0:0:0:0:1", "::1"),
                              ("::FFFF:1.2.3.4", "::ffff:102:304"), ("2001:DB8::", "2001:db8:0:0:0:0:0:0")] {
            XCTAssertEqual(checks.compare(left, right), 0, "\(left) = \(right)")
        }
    }

    func testWhatIsNotAnAddressComesLast() {
        for text in ["", "10.0.0", "10.0.0.256", "1.2.3.4/33", ":::1", "1::2::3", "g::1", "::1/129", "1:2:", "10.0.0.1/"] {
            XCTAssertGreaterThan(checks.compare(text, "ffff::ffff"), 0, "'\(text)' after every address")
        }
    }
}
