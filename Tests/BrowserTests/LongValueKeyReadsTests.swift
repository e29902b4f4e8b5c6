import Foundation
import ORMCore
import XCTest
@testable import Browser

/// `F` and `I` on a SQLite table read long values by rowid to make their keys
/// (``LongValueReads/valueKey(of:limit:)``): SQLite's heap never holds one whole (before: each
/// was loaded for `orm_value_key`, a row's text and blob together for `I`), and the counts stay
/// exact: two long values that share their first megabyte are two values.
final class LongValueKeyReadsTests: XCTestCase {
    /// The bytes of each long value.
    private let size = 2 << 20

    /// A file database whose `t` holds texts `v` and blobs `b`: rows 1 and 3 equal, row 2 sharing
    /// their first megabyte and size, row 4 short.
    private func database() throws -> Database {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        var configuration = Configuration()
        configuration.functions = [BarFunction.function]
        let database = try Database(path: directory.appendingPathComponent("keys.db").path, configuration: configuration)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, b BLOB)")
        let start = String(repeating: "p", count: 1 << 20)
        let first = start + String(repeating: "x", count: size - (1 << 20))
        let second = start + String(repeating: "y", count: size - (1 << 20))
        var other = Data(count: size)
        other[size - 1] = 1
        try database.execute("INSERT INTO t (v, b) VALUES (?, ?), (?, ?), (?, ?), ('short', x'01')",
                             first, Data(count: size), second, other, first, Data(count: size))
        return database
    }

    /// The peak of SQLite's heap beyond what it held before, while `body` runs.
    private func peak<T>(_ body: () throws -> T) rethrows -> (T, Int) {
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        let result = try body()
        return (result, SQLiteMemory.peak - before)
    }

    func testFrequencyCountsLongValuesExactlyWithoutLoadingThem() throws {
        let database = try database()
        let table = try TableSource(table: database.table("t"))
        for column in ["v", "b"] {
            var query = try FrequencyQuery(relation: "\(identifier: "t")", column: column, filter: nil)
            query.longValues = table.longValueKeyReads
            XCTAssertNotNil(query.longValues)
            let source = try query.source(in: database, title: column)
            let (rows, held) = try peak { try source.rows(0..<10) }
            XCTAssertEqual(rows.map { $0.values[1] }, [.integer(2), .integer(1), .integer(1)], column)
            XCTAssertLessThan(held, 1 << 20, "\(column): a long value was loaded whole")
        }
    }

    /// `Enter` on a long value's row of the frequency table: the rows holding exactly that value,
    /// found by its key read by rowid (before: "the value is too long to filter by here").
    func testTheRowsOfALongValuesGroupAreFoundByItsKey() throws {
        let database = try database()
        let table = try TableSource(table: database.table("t"))
        var groups: [String: [RowGroup]] = [:]
        var keyed: [String: [Bool]] = [:]
        for column in ["v", "b"] {
            var query = try FrequencyQuery(relation: "\(identifier: "t")", column: column, filter: nil)
            query.longValues = table.longValueKeyReads
            let rows = try query.source(in: database, title: column).rows(0..<3)
            keyed[column] = rows.map { $0.groupKey != nil }
            groups[column] = try rows.map { row in
                query.group(keeping: try XCTUnwrap(row.groupKey ?? row.values.first?.sqlValue.map { [$0] }, column))
            }
        }
        // A long value's condition alone, before any grid of the rows reads them (in the
        // background too). (A short value's, `"v" = 'short'`, loads each long value to compare it.)
        XCTAssertEqual(keyed, ["v": [true, true, false], "b": [true, true, false]])
        for (column, conditions) in groups {
            for group in conditions.prefix(2) {
                let (_, held) = try peak { try database.fetchRows("SELECT count(*) FROM t WHERE \(sql: group.condition)") }
                XCTAssertLessThan(held, 1 << 20, "\(column): a long value was loaded whole to find its rows")
            }
        }
        for column in ["v", "b"] {
            let found = try (groups[column] ?? []).map { group in
                try XCTUnwrap(try table.restricted(to: group)).rows(0..<5).compactMap {
                    if case .integer(let id)? = $0.values.first { Int(id) } else { nil }
                }
            }
            XCTAssertEqual(found, [[1, 3], [2], [4]], column)
        }
    }

    func testTheSummaryCountsLongValuesExactlyWithoutLoadingThem() throws {
        let database = try database()
        var query = try SummaryQuery(relation: "\(identifier: "t")", columns: ["v", "b"], filter: nil)
        query.longValues = try TableSource(table: database.table("t")).longValueKeyReads
        let (summaries, held) = try peak {
            try SummaryWorker(database: database, query: query)
                .run(from: query.columns.map { ColumnSummary(name: $0, declaredType: "") }) { _, _ in }
        }
        XCTAssertLessThan(held, 1 << 20, "a long value was loaded whole")
        XCTAssertEqual(summaries.map(\.distinct), [3, 3])
        XCTAssertEqual(summaries[0].minimum, .longText(prefix: String(repeating: "p", count: 1_024), byteCount: size))
        XCTAssertEqual(summaries[0].maximum, .text("short"))
    }

    /// A table of short values keeps its texts' keys in place (reading each text by rowid costs
    /// time); its long blobs are still read by rowid.
    func testATableWithoutOverflowPagesReadsItsTextsInPlace() throws {
        let database = try database()
        try database.execute("DELETE FROM t WHERE length(v) > 100")
        let reads = try XCTUnwrap(try TableSource(table: database.table("t")).longValueKeyReads)
        XCTAssertEqual(reads.decidingTexts(in: database).texts, false)
        try database.execute("INSERT INTO t (v) VALUES (?)", String(repeating: "o", count: 100_000))
        XCTAssertEqual(reads.decidingTexts(in: database).texts, true)
    }
}
