import Foundation
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

struct DecodedShelf: Codable, Equatable, Sendable {
    var rows: Int
    var label: String
}

/// A property of every type the model layer maps on PostgreSQL, each also optional.
@Model(table: "decoded_items")
final class DecodedItem {
    var count: Int = 0
    var small: Int16 = 0
    var name: String = ""
    var ratio: Double = 0
    var enabled: Bool = false
    var payload: Data = Data()
    var made: Date = Date(timeIntervalSince1970: 0)
    var serial: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var price: Decimal = 0
    var shelf: DecodedShelf = DecodedShelf(rows: 0, label: "")
    var maybeCount: Int?
    var maybeName: String?
    var maybeRatio: Double?
    var maybeEnabled: Bool?
    var maybePayload: Data?
    var maybeMade: Date?
    var maybeSerial: UUID?
    var maybePrice: Decimal?
    var maybeShelf: DecodedShelf?
}

/// A model keyed by a UUID: its rows take the per-row path rather than the integer-key windows.
@Model(table: "decoded_tags", primaryKey: .provided)
final class DecodedTag {
    var id: UUID = UUID()
    var label: String = ""
    var weight: Double?
}

/// The values row `index` of the test table holds: edge values of every type, the optional
/// properties NULL on every third row.
private struct Expected: Equatable {
    var count: Int
    var small: Int16
    var name: String
    var ratio: Double
    var enabled: Bool
    var payload: Data
    var made: Date
    var serial: UUID
    var price: Decimal
    var shelf: DecodedShelf
    var maybeCount: Int?
    var maybeName: String?
    var maybeRatio: Double?
    var maybeEnabled: Bool?
    var maybePayload: Data?
    var maybeMade: Date?
    var maybeSerial: UUID?
    var maybePrice: Decimal?
    var maybeShelf: DecodedShelf?

    static let names = ["", "plain", "zoë's \"quoted\" \\ back\\slash", "tab\tnew\nline", "emoji 👩‍👩‍👧 漢字", String(repeating: "long ", count: 500)]
    static let ratios: [Double] = [0, 0.1, -1e300, .leastNonzeroMagnitude, .infinity, -.infinity, 1.0 / 3.0, -0.0]
    static let counts: [Int] = [0, 1, -1, Int.max, Int.min, 1 << 53 + 1]
    static let prices = ["0", "12345678901234567890.123456789", "-0.001", "1e-20", "99999999999999999999999999999999999999"]

    init(_ index: Int) {
        count = Self.counts[index % Self.counts.count] == 0 ? index : Self.counts[index % Self.counts.count]
        small = Int16(truncatingIfNeeded: index * 331)
        name = Self.names[index % Self.names.count] + " #\(index)"
        ratio = Self.ratios[index % Self.ratios.count]
        enabled = index % 2 == 0
        payload = index % 5 == 0 ? Data() : Data((0..<(index % 300)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) })
        made = Date(timeIntervalSince1970: Double(index * 86_400 - 1_000_000_000) + 0.123456)
        serial = UUID(uuid: (UInt8(index & 0xff), UInt8(index >> 8), 2, 3, 4, 5, 0x46, 7, 0x88, 9, 10, 11, 12, 13, 14, 15))
        price = Decimal(string: Self.prices[index % Self.prices.count], locale: Locale(identifier: "en_US_POSIX"))!
        shelf = DecodedShelf(rows: index, label: "shelf \(index) ✓")
        guard index % 3 != 0 else { return }
        maybeCount = -index
        maybeName = "maybe \(index)"
        maybeRatio = Double(index) / 7
        maybeEnabled = index % 4 == 1
        maybePayload = Data([0, 255, UInt8(index & 0xff)])
        maybeMade = Date(timeIntervalSince1970: 1_700_000_000.5 + Double(index))
        maybeSerial = UUID(uuid: (15, 14, 13, 12, 11, 10, 0x49, 8, 0x87, 6, 5, 4, 3, 2, UInt8(index & 0xff), 0))
        maybePrice = Decimal(index) / 8
        maybeShelf = DecodedShelf(rows: -index, label: "")
    }

    init(_ item: DecodedItem) {
        count = item.count
        small = item.small
        name = item.name
        ratio = item.ratio
        enabled = item.enabled
        payload = item.payload
        made = item.made
        serial = item.serial
        price = item.price
        shelf = item.shelf
        maybeCount = item.maybeCount
        maybeName = item.maybeName
        maybeRatio = item.maybeRatio
        maybeEnabled = item.maybeEnabled
        maybePayload = item.maybePayload
        maybeMade = item.maybeMade
        maybeSerial = item.maybeSerial
        maybePrice = item.maybePrice
        maybeShelf = item.maybeShelf
    }

    func write(to item: DecodedItem) {
        item.count = count
        item.small = small
        item.name = name
        item.ratio = ratio
        item.enabled = enabled
        item.payload = payload
        item.made = made
        item.serial = serial
        item.price = price
        item.shelf = shelf
        item.maybeCount = maybeCount
        item.maybeName = maybeName
        item.maybeRatio = maybeRatio
        item.maybeEnabled = maybeEnabled
        item.maybePayload = maybePayload
        item.maybeMade = maybeMade
        item.maybeSerial = maybeSerial
        item.maybePrice = maybePrice
        item.maybeShelf = maybeShelf
    }
}

/// PostgreSQL's decode loop (`materializeRows` over a `PostgresStatement`, and the generated
/// initialisers reading its columns directly) through the public API on the tests' server: every
/// mapped type, NULLs and optional properties, rows past the identity map's windows of 128, live
/// objects refreshed, columns matched by name, keys that are not integers, and a value that does
/// not fit.
final class PostgresDecodeTests: XCTestCase {
    /// More than two of the fetch loop's windows of 128 rows, the last one partial.
    private let rows = 300
    private var url = ""

    override func setUpWithError() throws {
        url = try makePostgresDatabase("decode")
        let db = try Database(url: url)
        try db.transaction { _ in
            for index in 0..<rows {
                let item = DecodedItem()
                Expected(index).write(to: item)
                try item.commit(in: db)
            }
        }
    }

    /// The objects' values beside the expected ones, row by row in key order.
    private func assertExpected(_ items: [DecodedItem], _ how: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(items.count, rows, how, file: file, line: line)
        for (index, item) in items.enumerated() {
            let expected = Expected(index)
            let found = Expected(item)
            if found != expected {
                XCTFail("\(how), row \(index): \(found) is not \(expected)", file: file, line: line)
                return
            }
            XCTAssertEqual(item.id, Int64(index + 1), how, file: file, line: line)
            XCTAssertEqual(item.persistenceStatus, .persisted, how, file: file, line: line)
        }
    }

    func testEveryMappedTypeReadsBackThroughEachWayOfFetching() throws {
        let fetches: [(String, (Database) throws -> [DecodedItem])] = [
            ("fetchAll()", { db in try DecodedItem.fetchAll(in: db) }),
            ("query().fetch()", { db in Array(try DecodedItem.query(in: db).orderBy("id").fetch()) }),
            ("fetch(where:)", { db in try DecodedItem.fetch(where: "id > \(0)", orderedBy: "id", in: db) }),
            ("batched result set", { db in Array(try DecodedItem.query(in: db).orderBy("id").batch(50).fetch()) }),
            // Hand-written SQL: the columns are matched by name, here in another order.
            ("fetch(sql:)", { db in
                try DecodedItem.fetch(sql: "SELECT \"maybeShelf\", name, id, * FROM $T ORDER BY $PK", in: db)
            }),
        ]
        for (how, fetch) in fetches {
            // A fresh database each time: every row is decoded, none found live.
            assertExpected(try fetch(try Database(url: url)), how)
        }
        let db = try Database(url: url)
        XCTAssertEqual(try DecodedItem.find(Int64(2), in: db).map(Expected.init), Expected(1))
        XCTAssertNil(try DecodedItem.find(Int64(rows + 1), in: db))
    }

    func testFetchingAgainReturnsTheLiveObjectsRefreshedAndKeepsUnsavedChanges() throws {
        let db = try Database(url: url)
        let first = try DecodedItem.fetchAll(in: db)
        let edited = first[200]
        edited.name = "unsaved"
        // Another session changes two rows, one of them the edited object's.
        let other = try Database(url: url)
        try other.execute("UPDATE decoded_items SET ratio = 42.5, \"maybeName\" = NULL WHERE id IN (?, ?)", 201, 11)

        let again = try DecodedItem.fetchAll(in: db)
        XCTAssertEqual(again.count, rows)
        for index in 0..<rows {
            XCTAssertTrue(again[index] === first[index], "row \(index) is the same live object")
        }
        XCTAssertEqual(edited.ratio, 42.5, "the stored change is read")
        XCTAssertNil(edited.maybeName)
        XCTAssertEqual(edited.name, "unsaved", "the unsaved change is kept")
        XCTAssertEqual(first[10].ratio, 42.5)
        XCTAssertEqual(Expected(first[9]), Expected(9), "other rows read as before")
        try db.transaction { _ in try edited.commit(in: db) }
        XCTAssertEqual(try other.scalar("SELECT name FROM decoded_items WHERE id = 201"), .text("unsaved"))
    }

    func testAValueThatDoesNotFitIsAnErrorNamingTheColumnAndTheDatabaseGoesOn() throws {
        let db = try Database(url: url)
        XCTAssertThrowsError(
            try DecodedItem.fetch(sql: "SELECT id, 'not a number' AS count, name FROM $T ORDER BY $PK", in: db)
        ) { error in
            guard case ORMError.valueMismatch(let entity, let column, _, let found) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(entity, "decoded_items")
            XCTAssertEqual(column, "count")
            XCTAssertEqual(found, "text")
        }
        XCTAssertThrowsError(try DecodedItem.fetch(sql: "SELECT name FROM $T", in: db)) { error in
            guard case ORMError.valueMismatch(_, "id", "a result column", "none") = error else {
                return XCTFail("\(error)")
            }
        }
        assertExpected(try DecodedItem.fetchAll(in: db), "after the errors")
    }

    func testRowsKeyedByAUUIDReadThroughTheRowByRowPath() throws {
        let db = try Database(url: url)
        var keys: [UUID] = []
        try db.transaction { _ in
            for index in 0..<200 {
                let tag = DecodedTag()
                tag.label = "tag \(index)"
                tag.weight = index % 2 == 0 ? nil : Double(index)
                try tag.commit(in: db)
                keys.append(tag.id)
            }
        }
        let fresh = try Database(url: url)
        let tags = try DecodedTag.fetch(where: "label LIKE \("tag %")", orderedBy: "label", in: fresh)
        XCTAssertEqual(tags.count, 200)
        let byKey = Dictionary(uniqueKeysWithValues: tags.map { ($0.id, $0) })
        for (index, key) in keys.enumerated() {
            XCTAssertEqual(byKey[key]?.label, "tag \(index)")
            XCTAssertEqual(byKey[key]?.weight, index % 2 == 0 ? nil : Double(index))
        }
        XCTAssertTrue(try DecodedTag.fetchAll(in: fresh).allSatisfy { byKey[$0.id] === $0 }, "the same live objects")
    }
}
