import Foundation
import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// Swift values sent as parameters and read back from PostgreSQL's text forms, exactly.
final class PGValueTests: XCTestCase {
    private var connection: PGConnection!

    override func setUpWithError() throws {
        connection = try PGConnection(try TestPostgresServer.shared().connectionString())
    }

    func testInstantsGoAndComeBackToTheMicrosecondInAnyTimeZone() throws {
        let instants = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.123456),
            Date(timeIntervalSince1970: -1_234_567_890.5), Date(timeIntervalSince1970: 253_402_300_799.999999),
            Date(timeIntervalSince1970: -2_208_988_800),  // 1900-01-01
        ]
        for zone in ["UTC", "Asia/Kathmandu", "America/St_Johns", "Europe/Amsterdam"] {
            try connection.execute("SELECT set_config('TimeZone', $1, false)", [.text(zone)])
            for instant in instants {
                let row = try connection.execute("SELECT $1::timestamptz, $1::timestamptz::text", [.date(instant)])[0]
                let back = try XCTUnwrap(row.date(at: 0))
                XCTAssertEqual(back.timeIntervalSince1970, instant.timeIntervalSince1970, accuracy: 0.000_000_5,
                               "\(zone): \(row.text(at: 1) ?? "")")
            }
        }
        // Amsterdam kept local mean time (+00:19:32) until 1937: an offset in seconds.
        let old = try connection.execute("SELECT '1900-06-01 12:00:00+00'::timestamptz")[0]
        XCTAssertTrue(old.text(at: 0)?.hasSuffix("+00:19:32") ?? false, old.text(at: 0) ?? "")
        XCTAssertEqual(try old.date(at: 0)?.timeIntervalSince1970, -2_195_899_200)
        try connection.execute("SELECT set_config('TimeZone', 'UTC', false)")
    }

    /// An instant no 64-bit count of microseconds holds went to `Int64(_:)` and stopped the process.
    func testAnInstantNoTimestampHoldsIsTextTheServerRefusesOrItsInfinity() throws {
        XCTAssertEqual(PGTimestampText.text(Date(timeIntervalSince1970: .infinity)), "infinity")
        XCTAssertEqual(PGTimestampText.text(Date(timeIntervalSince1970: -.infinity)), "-infinity")
        XCTAssertEqual(
            try connection.execute("SELECT $1::timestamptz::text", [.date(Date(timeIntervalSince1970: -.infinity))])[0].text(at: 0),
            "-infinity")
        for seconds in [1e300, -1e300, Double.nan] {
            XCTAssertThrowsError(try connection.execute("SELECT $1::timestamptz", [.date(Date(timeIntervalSince1970: seconds))])) {
                error in
                XCTAssertEqual((error as? PGError)?.sqlState, "22007", "\(error)")
                XCTAssertTrue((error as? PGError)?.message.contains("seconds since 1970") ?? false, "\(error)")
            }
        }
    }

    func testDatesAndZonelessTimestampsAreReadAsUTC() throws {
        let row = try connection.execute("SELECT DATE '2024-02-29', TIMESTAMP '2024-02-29 23:59:59.5', NULL::date")[0]
        XCTAssertEqual(try row.date(at: 0)?.timeIntervalSince1970, 1_709_164_800)
        XCTAssertEqual(try row.date(at: 1)?.timeIntervalSince1970, 1_709_251_199.5)
        XCTAssertNil(try row.date(at: 2))
        let odd = try connection.execute("SELECT 'infinity'::timestamptz")[0]
        XCTAssertThrowsError(try odd.date(at: 0))
    }

    /// A year before 1 (`… BC`) was refused when read as text, and written as `-044-…`, which the
    /// server refuses: both now as the server writes them.
    func testYearsBeforeOneGoAndComeBackAsTheServerWritesThem() throws {
        let row = try connection.execute("SELECT DATE '0044-03-15 BC', extract(epoch FROM DATE '0044-03-15 BC')::text")[0]
        XCTAssertEqual(try row.date(at: 0)?.timeIntervalSince1970, try XCTUnwrap(row.text(at: 1).flatMap(Double.init)))
        XCTAssertEqual(PGTimestampText.text(Date(timeIntervalSince1970: -62_135_596_800)), "0001-01-01 00:00:00.000000+00")
        XCTAssertEqual(PGTimestampText.text(Date(timeIntervalSince1970: -62_135_596_800.5)), "0001-12-31 23:59:59.500000+00 BC")
        for seconds in [-63_000_000_000.25, -62_135_596_800.5, -62_167_219_200.0] {
            let text = PGTimestampText.text(Date(timeIntervalSince1970: seconds))
            XCTAssertTrue(text.hasSuffix(" BC"), text)
            XCTAssertEqual(PGTimestampText.date(text)?.timeIntervalSince1970, seconds, text)
            let back = try connection.execute("SELECT $1::timestamptz, extract(epoch FROM $1::timestamptz)::text", [.text(text)])[0]
            XCTAssertEqual(try back.date(at: 0)?.timeIntervalSince1970, seconds, text)
            XCTAssertEqual(back.text(at: 1).flatMap(Double.init), seconds, text)
        }
        XCTAssertNil(PGTimestampText.date("0000-01-01 BC"), "there is no year 0 BC")
    }

    func testUUIDsAndDecimalsKeepEveryDigit() throws {
        let uuid = try XCTUnwrap(UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        XCTAssertEqual(try connection.execute("SELECT $1::uuid", [.uuid(uuid)])[0].uuid(at: 0), uuid)

        for text in ["0", "-0.5", "123.4500", "12345678901234567890123456789012345678", "-0.000000000000000000000000000001"] {
            let row = try connection.execute("SELECT $1::numeric", [.text(text)])[0]
            let value = try XCTUnwrap(row.decimal(at: 0), text)
            XCTAssertEqual(try connection.execute("SELECT $1::numeric = $2::numeric", [.decimal(value), .text(text)])[0].bool(at: 0),
                           true, "\(text) came back as \(value)")
        }
        let tooLong = try connection.execute("SELECT '1234567890123456789012345678901234567890.5'::numeric, 'NaN'::numeric")[0]
        XCTAssertThrowsError(try tooLong.decimal(at: 0), "it would round")
        XCTAssertThrowsError(try tooLong.decimal(at: 1))
    }

    func testNumbersAndBooleansGoAsTheServerReadsThem() throws {
        let row = try connection.execute("SELECT $1::bigint, $2::float8, $3::float8, $4::float8, $5::boolean", [
            .int(Int64.min), .double(0.1 + 0.2), .double(-.infinity), .double(.nan), .bool(true),
        ])[0]
        XCTAssertEqual(try row.int64(at: 0), Int64.min)
        XCTAssertEqual(try row.double(at: 1), 0.1 + 0.2, "the same bits")
        XCTAssertEqual(try row.double(at: 2), -.infinity)
        XCTAssertTrue(try row.double(at: 3)?.isNaN ?? false)
        XCTAssertEqual(try row.bool(at: 4), true)
    }
}
