import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

/// A model whose every column has a binary reader: its statements take binary results.
@Model(table: "binary_items")
final class BinaryItem {
    var count: Int = 0
    var small: Int16 = 0
    var name: String = ""
    var ratio: Double = 0
    var enabled: Bool = false
    var payload: Data = Data()
    var made: Date = Date(timeIntervalSince1970: 0)
    var serial: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var shelf: DecodedShelf = DecodedShelf(rows: 0, label: "")
    var maybeCount: Int?
    var maybeName: String?
    var maybeRatio: Double?
    var maybeEnabled: Bool?
    var maybePayload: Data?
    var maybeMade: Date?
    var maybeSerial: UUID?
    var maybeShelf: DecodedShelf?
}

/// The values of row `index` of `binary_items`: edge values of every type, the optional ones
/// NULL on every third row.
private struct BinaryExpected: Equatable {
    var count: Int
    var small: Int16
    var name: String
    var ratioBits: UInt64
    var enabled: Bool
    var payload: Data
    var made: Date
    var serial: UUID
    var shelf: DecodedShelf
    var maybeCount: Int?
    var maybeName: String?
    var maybeRatioBits: UInt64?
    var maybeEnabled: Bool?
    var maybePayload: Data?
    var maybeMade: Date?
    var maybeSerial: UUID?
    var maybeShelf: DecodedShelf?

    static let counts = [0, 1, -1, Int.max, Int.min, 1 << 53 + 1]
    static let smalls: [Int16] = [0, .max, .min, -1]
    static let ratios: [Double] = [0, -0.0, 0.1, -1e300, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 1.0 / 3.0]
    static let names = ["", "plain", "zoë 👩‍👩‍👧 漢字 \"q\" \\", "tab\tnew\nline", String(repeating: "long ", count: 300)]
    /// Instants before 1970 and 2000, with and without a fraction, to the microsecond.
    static let instants: [Double] = [0, -0.000001, 946_684_799.999999, 946_684_800, -2_208_988_800.5, 1_700_000_000.123456, 4_102_444_800]

    static func values(_ index: Int) -> BinaryExpected {
        let item = BinaryItem()
        write(index, to: item)
        return BinaryExpected(item)
    }

    static func write(_ index: Int, to item: BinaryItem) {
        item.count = counts[index % counts.count] == 0 ? index : counts[index % counts.count]
        item.small = smalls[index % smalls.count]
        item.name = names[index % names.count] + " #\(index)"
        item.ratio = ratios[index % ratios.count]
        item.enabled = index % 2 == 0
        item.payload = index % 5 == 0 ? Data() : Data((0..<(index % 200)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ index) })
        item.made = Date(timeIntervalSince1970: instants[index % instants.count] + Double(index) * 86_400)
        item.serial = UUID(uuid: (UInt8(index & 0xff), UInt8(index >> 8), 0xab, 3, 4, 5, 0x46, 7, 0x88, 9, 10, 11, 12, 13, 14, 0xff))
        item.shelf = DecodedShelf(rows: index, label: "shelf \(index) ✓")
        guard index % 3 != 0 else { return }
        item.maybeCount = -index
        item.maybeName = "maybe \(index)"
        item.maybeRatio = Double(index) / 7
        item.maybeEnabled = index % 4 == 1
        item.maybePayload = Data([0, 255, UInt8(index & 0xff)])
        item.maybeMade = Date(timeIntervalSince1970: -1_000_000_000.000001 * Double(index % 2))
        item.maybeSerial = UUID(uuid: (15, 14, 13, 12, 11, 10, 0x49, 8, 0x87, 6, 5, 4, 3, 2, UInt8(index & 0xff), 0))
        item.maybeShelf = DecodedShelf(rows: -index, label: "")
    }

    init(_ item: BinaryItem) {
        count = item.count
        small = item.small
        name = item.name
        ratioBits = item.ratio.bitPattern
        enabled = item.enabled
        payload = item.payload
        made = item.made
        serial = item.serial
        shelf = item.shelf
        maybeCount = item.maybeCount
        maybeName = item.maybeName
        maybeRatioBits = item.maybeRatio?.bitPattern
        maybeEnabled = item.maybeEnabled
        maybePayload = item.maybePayload
        maybeMade = item.maybeMade
        maybeSerial = item.maybeSerial
        maybeShelf = item.maybeShelf
    }
}

/// Statements whose every column has a binary reader take PostgreSQL's binary results (no number
/// parsed from text), and read each value as its text form read it; any other column keeps a
/// statement on text results. Values are bound in binary form where their place's type has one.
final class PostgresBinaryResultTests: XCTestCase {
    /// The values of `statement`'s rows, reals by their bits (NaN equals NaN).
    private func rows(of statement: PostgresStatement, columns: Int32) throws -> [[String]] {
        var rows: [[String]] = []
        while try statement.step() {
            rows.append((0..<columns).map { column in
                switch statement.value(at: column) {
                case .real(let real): "real \(real.bitPattern)"
                case let value: "\(value)"
                }
            })
        }
        return rows
    }

    func testEveryCatalogTypeReadInBinaryIsWhatItsTextGave() throws {
        let (connection, _) = try makePostgresConnection("binary_catalog")
        try connection.execute("""
            CREATE TABLE v (id int PRIMARY KEY, i2 smallint, i4 integer, i8 bigint, o oid, f8 double precision,
              b boolean, t text, vc varchar(20), c char(5), n name, j json, jb jsonb, by bytea, u uuid)
            """)
        try connection.execute(#"""
            INSERT INTO v VALUES
              (1, -32768, -2147483648, -9223372036854775808, 4294967295, 'NaN', true, '', '', '', '', '[]', '{}',
               '\x', '00000000-0000-0000-0000-000000000000'),
              (2, 32767, 2147483647, 9223372036854775807, 0, 'Infinity', false, 'zoë 👩‍👩‍👧 漢字', E'tab\tx', 'ab',
               'a name', '{"a": [1, 2.50]}', '{"b": "é", "a": null, "c": [1.0, 2]}', '\x00ff10',
               'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'),
              (3, NULL, NULL, NULL, NULL, '-Infinity', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
              (4, 1, 2, 3, 4, '-0', true, 'x', 'y', 'z', 'w', 'null', '"s"', '\x00', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
              (5, 5, 6, 7, 8, 1e-310, false, 'x', 'y', 'z', 'w', '1', '1.50', '\x41', '12345678-1234-5678-1234-567812345678'),
              (6, 5, 6, 7, 8, 0.1, false, 'x', 'y', 'z', 'w', '1', '1', '\x41', '12345678-1234-5678-1234-567812345678'),
              (7, 5, 6, 7, 8, 1.7976931348623157e308, false, 'x', 'y', 'z', 'w', '1', '1', '\x41',
               '12345678-1234-5678-1234-567812345678')
            """#)
        let columns = "i2, i4, i8, o, f8, b, t, vc, c, n, j, jb, by, u"
        let binary = try connection.prepare("SELECT \(columns) FROM v ORDER BY id")
        XCTAssertTrue(binary.resultsInBinary)
        // A numeric column has no binary reader: the whole statement reads text.
        let text = try connection.prepare("SELECT \(columns), 1.5::numeric AS n2 FROM v ORDER BY id")
        XCTAssertFalse(text.resultsInBinary)
        let fromBinary = try rows(of: binary, columns: 14)
        XCTAssertEqual(fromBinary, try rows(of: text, columns: 14))
        XCTAssertEqual(fromBinary.count, 7)

        binary.reset()
        XCTAssertTrue(try binary.step())
        XCTAssertEqual(binary.value(at: 0), .integer(-32768))
        XCTAssertEqual(binary.value(at: 2), .integer(.min))
        XCTAssertEqual(binary.value(at: 3), .integer(4_294_967_295), "an oid is unsigned")
        XCTAssertTrue(binary.column(at: 4).double.isNaN)
        XCTAssertEqual(binary.value(at: 5), .integer(1))
        XCTAssertEqual(binary.value(at: 12), .blob(Data()))
        XCTAssertTrue(try binary.step())
        XCTAssertEqual(binary.value(at: 6), .text("zoë 👩‍👩‍👧 漢字"))
        XCTAssertEqual(binary.value(at: 8), .text("ab   "), "char(n) keeps its padding")
        XCTAssertEqual(binary.value(at: 11), .text(#"{"a": null, "b": "é", "c": [1.0, 2]}"#), "jsonb as the server writes it")
        XCTAssertEqual(binary.value(at: 12), .blob(Data([0, 255, 16])))
        XCTAssertEqual(binary.value(at: 13), .text("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))
        XCTAssertTrue(try binary.step())
        XCTAssertEqual((0..<14).map { binary.value(at: $0) }.filter { $0 != .null }.count, 1, "NULLs")

        for other in ["1.5::numeric", "now()", "'1 day'::interval", "'{1,2}'::int[]", "1.5::real", "'1.2.3.4'::inet"] {
            XCTAssertFalse(try connection.prepare("SELECT 1, \(other)").resultsInBinary, other)
        }
    }

    func testAModelsStoredTypesReadInBinaryAsFromText() throws {
        let (connection, _) = try makePostgresConnection("binary_stored")
        try connection.execute("""
            CREATE TABLE t (id bigint PRIMARY KEY, at timestamptz, local timestamp, day date, u uuid, doc jsonb,
              flag boolean, small smallint, ratio double precision, label varchar(40), bytes bytea)
            """)
        try connection.execute(#"""
            INSERT INTO t VALUES
              (1, 'infinity', '-infinity', 'infinity', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{"k": [1, "é"]}',
               true, -2, 0.5, 'label', '\x0001'),
              (2, '-infinity', 'infinity', '-infinity', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
              (3, '1969-12-31 23:59:59.999999+00', '1900-01-01 00:00:00.000001', '1900-03-01', NULL, 'null',
               false, 0, -0.0, '', '\x'),
              (4, '2023-11-14 22:13:20.123456+05:30', '2000-01-01 00:00:00', '2000-01-01', NULL, '[]', true, 1, 1e-300, 'x', '\xff'),
              (5, '0044-03-15 12:00:00+00 BC', '9999-12-31 23:59:59.999999', '1970-01-01', NULL, '{}', true, 1, 2, 'x', '\xff')
            """#)
        let schema = ModelSchema(
            table: "t", primaryKey: .init(name: "id", type: .integer, strategy: .autoincrement),
            columns: [
                ModelColumn(name: "at", type: .real, isNullable: true, defaultValue: .null, storedType: .date),
                ModelColumn(name: "local", type: .real, isNullable: true, defaultValue: .null, storedType: .date),
                ModelColumn(name: "day", type: .real, isNullable: true, defaultValue: .null, storedType: .date),
                ModelColumn(name: "u", type: .text, isNullable: true, defaultValue: .null, storedType: .uuid),
                ModelColumn(name: "doc", type: .text, isNullable: true, defaultValue: .null, storedType: .json),
                ModelColumn(name: "flag", type: .integer, isNullable: true, defaultValue: .null, storedType: .boolean),
                ModelColumn(name: "small", type: .integer, isNullable: true, defaultValue: .null, storedType: .integer),
                ModelColumn(name: "ratio", type: .real, isNullable: true, defaultValue: .null, storedType: .double),
                ModelColumn(name: "label", type: .text, isNullable: true, defaultValue: .null, storedType: .text),
                ModelColumn(name: "bytes", type: .blob, isNullable: true, defaultValue: .null, storedType: .bytes),
            ])
        let columns = "id, at, local, day, u, doc, flag, small, ratio, label, bytes"
        let binary = try connection.prepare("SELECT \(columns) FROM t ORDER BY id")
        binary.readColumns(as: schema)
        XCTAssertTrue(binary.resultsInBinary)
        let text = try connection.prepare("SELECT \(columns), 1.5::numeric AS extra FROM t ORDER BY id")
        text.readColumns(as: schema)
        XCTAssertFalse(text.resultsInBinary)
        XCTAssertEqual(try rows(of: binary, columns: 11).dropLast(), try rows(of: text, columns: 11).dropLast())

        binary.reset()
        XCTAssertTrue(try binary.step())
        XCTAssertEqual(binary.value(at: 1), .text("infinity"), "an infinite instant is the server's text, as from text")
        XCTAssertEqual(binary.value(at: 2), .text("-infinity"))
        XCTAssertEqual(binary.value(at: 3), .text("infinity"))
        XCTAssertEqual(binary.value(at: 5), .text(#"{"k": [1, "é"]}"#))
        for _ in 0..<3 { XCTAssertTrue(try binary.step()) }
        XCTAssertEqual(
            binary.value(at: 1), .real(Date(timeIntervalSince1970: Double(1_699_980_200) + 0.123456).timeIntervalSince1970),
            "the offset is the server's business")
        XCTAssertEqual(binary.value(at: 2), .real(946_684_800))
        XCTAssertEqual(binary.value(at: 3), .real(946_684_800))
        XCTAssertTrue(try binary.step())
        // A year BC: the text form's reader kept `0044-03-15 12:00:00+00 BC` as text, which no
        // `Date` reads; binary reads the instant itself, as the server counts it.
        let epoch = try connection.prepare("SELECT extract(epoch FROM at)::float8, extract(epoch FROM local)::float8 FROM t WHERE id = 5")
        XCTAssertTrue(try epoch.step())
        XCTAssertEqual(epoch.value(at: 0), .real(-63_517_780_800))
        XCTAssertEqual(binary.value(at: 1), epoch.value(at: 0))
        XCTAssertEqual(binary.value(at: 2), .real(Date(timeIntervalSince1970: Double(253_402_300_799) + 0.999999).timeIntervalSince1970))
    }

    func testAModelOfBinaryColumnsReadsBackThroughEachWayOfFetching() throws {
        let url = try makePostgresDatabase("binary_model")
        let rows = 300
        let writer = try Database(url: url)
        try writer.transaction { _ in
            for index in 0..<rows {
                let item = BinaryItem()
                BinaryExpected.write(index, to: item)
                try item.commit(in: writer)
            }
        }
        let fetches: [(String, (Database) throws -> [BinaryItem])] = [
            ("fetchAll()", { db in try BinaryItem.fetchAll(in: db) }),
            ("query().fetch()", { db in Array(try BinaryItem.query(in: db).orderBy("id").fetch()) }),
            ("fetch(where:)", { db in try BinaryItem.fetch(where: "id > \(0)", orderedBy: "id", in: db) }),
            ("batched result set", { db in Array(try BinaryItem.query(in: db).orderBy("id").batch(50).fetch()) }),
            ("fetch(sql:)", { db in
                try BinaryItem.fetch(sql: "SELECT \"maybeShelf\", name, id, * FROM $T ORDER BY $PK", in: db)
            }),
        ]
        for (how, fetch) in fetches {
            let items = try fetch(try Database(url: url))
            XCTAssertEqual(items.count, rows, how)
            for (index, item) in items.enumerated() where BinaryExpected(item) != BinaryExpected.values(index) {
                XCTFail("\(how), row \(index): \(BinaryExpected(item)) is not \(BinaryExpected.values(index))")
                break
            }
            XCTAssertEqual(items.map(\.id), (1...Int64(rows)).map { $0 }, how)
        }
        // The statement a fetch of the model runs reads binary.
        let client = try PostgresConnection(PGConnection(url))
        let statement = try client.prepare("SELECT * FROM binary_items")
        statement.readColumns(as: BinaryItem.modelSchema)
        XCTAssertTrue(statement.resultsInBinary)
    }

    func testValuesBoundInBinaryReadBackAsTheyWere() throws {
        let (connection, _) = try makePostgresConnection("binary_params")
        try connection.execute("""
            CREATE TABLE p (id serial PRIMARY KEY, i2 smallint, i4 integer, i8 bigint, f8 double precision,
              b boolean, t text, vc varchar(8), by bytea, at timestamptz)
            """)
        let insert = try connection.prepare("INSERT INTO p (i2, i4, i8, f8, b, t, vc, by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id")
        let rows: [[SQLValue]] = [
            [.integer(-32768), .integer(.init(Int32.min)), .integer(.min), .real(-0.0), .integer(1), .text(""), .text(""),
             .blob(Data()), .real(-0.0000005)],
            [.integer(32767), .integer(.init(Int32.max)), .integer(.max), .real(.nan), .integer(0), .text("zoë 👩‍👩‍👧"),
             .text("12345678"), .blob(Data([0, 255])), .real(.infinity)],
            [.real(3), .real(-4), .real(9_007_199_254_740_992), .integer(1 << 53 + 1), .integer(7), .text("a\tb"),
             .text("x"), .text("text as bytes"), .integer(-1)],
            [.null, .null, .null, .real(.leastNonzeroMagnitude), .null, .null, .null, .null, .real(-.infinity)],
        ]
        for row in rows {
            try insert.bind(row)
            XCTAssertTrue(try insert.step())
            try insert.run()
        }
        let select = try connection.prepare(
            "SELECT i2::text, i4::text, i8::text, f8, b::text, t, vc, by, at::text FROM p ORDER BY id")
        var read: [[SQLValue]] = []
        while try select.step() { read.append((0..<9).map { select.value(at: $0) }) }
        XCTAssertEqual(read.count, 4)
        XCTAssertEqual(read[0][0], .text("-32768"))
        XCTAssertEqual(read[0][1], .text("-2147483648"))
        XCTAssertEqual(read[0][2], .text("-9223372036854775808"))
        XCTAssertEqual(read[0][3].realBits, (-0.0).bitPattern, "a double's every bit: -0")
        XCTAssertEqual(read[0][4], .text("true"))
        XCTAssertEqual(read[0][5], .text(""))
        XCTAssertEqual(read[0][6], .text(""))
        XCTAssertEqual(read[0][7], .blob(Data()))
        XCTAssertEqual(read[0][8], .text("1969-12-31 23:59:59.999999+00"), "rounded to the microsecond as the text was")
        XCTAssertEqual(read[1][0], .text("32767"))
        XCTAssertEqual(read[1][2], .text("9223372036854775807"))
        XCTAssertTrue(read[1][3].isNaNReal)
        XCTAssertEqual(read[1][4], .text("false"))
        XCTAssertEqual(read[1][5], .text("zoë 👩‍👩‍👧"))
        XCTAssertEqual(read[1][7], .blob(Data([0, 255])))
        XCTAssertEqual(read[1][8], .text("infinity"), "an infinite Date is PostgreSQL's infinity")
        XCTAssertEqual(read[2][0], .text("3"), "a real with no fraction where an integer goes")
        XCTAssertEqual(read[2][1], .text("-4"))
        XCTAssertEqual(read[2][2], .text("9007199254740992"))
        XCTAssertEqual(read[2][3], .real(9_007_199_254_740_992), "an integer where a double goes, rounded as its text was")
        XCTAssertEqual(read[2][4], .text("true"), "any integer but 0 is true")
        XCTAssertEqual(read[2][7], .blob(Data("text as bytes".utf8)))
        XCTAssertEqual(read[2][8], .text("1969-12-31 23:59:59+00"))
        XCTAssertEqual(read[3][3], .real(.leastNonzeroMagnitude))
        XCTAssertEqual(read[3][8], .text("-infinity"))
        XCTAssertEqual(read[3].filter { $0 == .null }.count, 7)

        // What binary cannot carry goes as text, and the server judges it as before.
        for (values, code) in [
            ([SQLValue.integer(32768), .null, .null, .null, .null, .null, .null, .null, .null], "22003"),
            ([.null, .integer(1 << 31), .null, .null, .null, .null, .null, .null, .null], "22003"),
            ([.null, .null, .real(1.5), .null, .null, .null, .null, .null, .null], "22P02"),
            ([.null, .null, .null, .null, .null, .null, .text("123456789"), .null, .null], "22001"),
            ([.null, .null, .null, .null, .null, .null, .null, .null, .real(.nan)], "22007"),
            ([.null, .null, .null, .null, .null, .null, .null, .null, .real(1e300)], "22007"),
            ([.null, .null, .null, .null, .null, .text("nul \u{0} inside"), .null, .null, .null], "22021"),
        ] {
            XCTAssertThrowsError(try { try insert.bind(values); try insert.run() }(), "\(values)") { error in
                XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, code, "\(error)")
            }
        }
        try insert.bind([.integer(5), .null, .null, .null, .null, .null, .null, .null, .null])
        try insert.run()
        XCTAssertEqual(connection.changedRowCount, 1, "the statement binds and runs again after the errors")
    }
}

private extension SQLValue {
    var isNaNReal: Bool {
        if case .real(let real) = self { return real.isNaN }
        return false
    }

    var realBits: UInt64? {
        if case .real(let real) = self { return real.bitPattern }
        return nil
    }
}
