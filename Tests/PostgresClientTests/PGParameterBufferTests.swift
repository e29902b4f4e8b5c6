import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// Values set in a `PGParameterBuffer` (binary and text forms, NULL, set again shorter and longer)
/// reach the server as set; a query's rows read in place with `advance()` and `value(at:)`, in
/// binary form where asked.
final class PGParameterBufferTests: XCTestCase {
    private var connection: PGConnection!

    override func setUpWithError() throws {
        connection = try PGConnection(TestPostgresServer.shared().connectionString())
    }

    /// The one row of `statement` run with `values`, each column as text.
    private func texts(_ statement: PGPreparedStatement, _ values: PGParameterBuffer) throws -> [String?] {
        let query = try connection.startQuery(statement, values)
        guard let row = try query.next() else { return [] }
        let texts = (0..<row.count).map { row.text(at: $0) }
        XCTAssertNil(try query.next())
        return texts
    }

    func testEachBinaryFormAndTextReachTheServerAsSet() throws {
        let select = try connection.prepare(
            "SELECT $1::int8::text, $2::int4::text, $3::int2::text, $4::float8::text, $5::bool::text, $6::text, $7::bytea, $8::timestamptz::text, $9::numeric::text")
        XCTAssertEqual(select.parameterTypes, [.int8, .int4, .int2, .float8, .bool, .text, .bytea, .timestamptz, .numeric])
        let values = PGParameterBuffer(count: 9)
        values.setInt64(.min, at: 0)
        values.setInt32(.max, at: 1)
        values.setInt16(-2, at: 2)
        values.setDouble(-0.0, at: 3)
        values.setBool(true, at: 4)
        values.setBinaryText("zoë 👩‍👩‍👧", at: 5)
        [UInt8]([0, 1, 255]).withUnsafeBytes { values.setBinary($0, at: 6) }
        values.setTimestamp(microsecondsSince2000: -1, at: 7)
        values.setText("12345678901234567890.5", at: 8)
        XCTAssertEqual(try texts(select, values), [
            "-9223372036854775808", "2147483647", "-2", "-0", "true", "zoë 👩‍👩‍👧", #"\x0001ff"#,
            "1999-12-31 23:59:59.999999+00", "12345678901234567890.5",
        ])
        XCTAssertTrue(values.isBinary(at: 0))
        XCTAssertFalse(values.isBinary(at: 8))
        XCTAssertEqual(values.bytes(at: 8), Array("12345678901234567890.5".utf8), "text without its terminating zero")

        // Set again: shorter, longer than the place's memory, NULL, another form.
        values.setDouble(.infinity, at: 3)
        values.setBinaryText("", at: 5)
        [UInt8](repeating: 7, count: 5_000).withUnsafeBytes { values.setBinary($0, at: 6) }
        values.setNull(at: 7)
        values.setText("-1", at: 0)
        values.setNull(at: 8)
        values.setText("42", at: 8)
        XCTAssertFalse(values.isBinary(at: 0))
        XCTAssertTrue(values.isNull(at: 7))
        let again = try texts(select, values)
        XCTAssertEqual(again[0], "-1")
        XCTAssertEqual(again[3], "Infinity")
        XCTAssertEqual(again[5], "")
        XCTAssertEqual(again[6], #"\x"# + String(repeating: "07", count: 5_000))
        XCTAssertNil(again[7])
        XCTAssertEqual(again[8], "42", "NULL, then a value again")

        values.setText("long text that grows the place " + String(repeating: "x", count: 100), at: 5)
        XCTAssertEqual(try texts(select, values)[5], "long text that grows the place " + String(repeating: "x", count: 100))

        let wrong = PGParameterBuffer(count: 2)
        XCTAssertThrowsError(try connection.startQuery(select, wrong)) { error in
            XCTAssertEqual((error as? PGError)?.kind, .misuse)
        }
        XCTAssertEqual(PGParameterBuffer([.null, .text("7"), .bytes([1])]).bytes(at: 2), [1])
    }

    func testRowsReadInPlaceInBinaryAndAroundAnotherCommand() throws {
        try connection.executeScript("CREATE TEMPORARY TABLE n (id int8 PRIMARY KEY, x float8, label text)")
        try connection.executeScript("INSERT INTO n SELECT g, g / 4.0, 'row ' || g FROM generate_series(1, 300) AS g")
        let select = try connection.prepare("SELECT id, x, label FROM n ORDER BY id")
        let query = try connection.startQuery(select, PGParameterBuffer(count: 0), binaryResults: true)
        var ids: [Int64] = []
        while let row = try query.advance() {
            guard let (id, idLength) = row.value(at: 0), let (x, _) = row.value(at: 1), let (label, labelLength) = row.value(at: 2)
            else {
                return XCTFail("a value is missing")
            }
            XCTAssertEqual(idLength, 8)
            let key = Int64(bigEndian: UnsafeRawPointer(id).loadUnaligned(as: Int64.self))
            ids.append(key)
            XCTAssertEqual(Double(bitPattern: UInt64(bigEndian: UnsafeRawPointer(x).loadUnaligned(as: UInt64.self))), Double(key) / 4)
            XCTAssertEqual(
                String(decoding: UnsafeRawBufferPointer(start: label, count: labelLength), as: UTF8.self), "row \(key)")
            XCTAssertNil(row.value(at: 3), "a column past the last")
            XCTAssertEqual(query.withCurrentRow { $0.result.isBinary }, true)
            if key == 2 {
                // Another command: the rows still to come are read into the query first.
                XCTAssertEqual(try connection.execute("SELECT count(*) FROM n")[0].text(at: 0), "300")
            }
        }
        XCTAssertEqual(ids, Array(1...300))
        XCTAssertNil(query.withCurrentRow { $0.count }, "no row after the end")
        XCTAssertEqual(query.commandTag, "SELECT 300")

        // Dropped while half read, its rows buffered by another command meanwhile: nothing is left
        // on the connection.
        var dropped: PGQuery? = try connection.startQuery(select, PGParameterBuffer(count: 0), binaryResults: true)
        XCTAssertNotNil(try dropped?.advance())
        XCTAssertEqual(try connection.execute("SELECT 1")[0].text(at: 0), "1")
        XCTAssertNotNil(try dropped?.advance())
        dropped = nil
        XCTAssertEqual(try connection.execute("SELECT 2")[0].text(at: 0), "2")
    }
}
