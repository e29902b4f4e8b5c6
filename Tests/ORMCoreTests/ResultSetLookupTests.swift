import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Finding records in result sets: by key, by condition, without waiting; streaming; validating.
final class ResultSetLookupTests: XCTestCase {
    /// A table of `rows` rows: `n` runs 1…rows, `label` the other way, `tag` every 7th row.
    private func database(rows: Int) throws -> Database {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, n INTEGER, label TEXT, tag TEXT)")
        // Labels all as long, so that they sort as their numbers do; ids are n.
        try db.execute(
            """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
            INSERT INTO item(id, n, label, tag)
            SELECT i, i, 'L' || (1000000 + ? - i), CASE WHEN i % 7 = 0 THEN 'seven' END FROM s
            """, rows, rows)
        return db
    }

    func testIndexOfKeyInBatchedAndLoadedSets() throws {
        let db = try database(rows: 3_000)
        let table = try db.table("item")
        let batched = try table.query().orderBy("label").batch(100).fetch()
        // Sorted by label, the row with id k sits at position 3000 - k.
        XCTAssertEqual(batched.index(ofKey: [.integer(1)]), 2_999)
        XCTAssertEqual(batched.index(ofKey: [.integer(3_000)]), 0)
        XCTAssertNil(batched.index(ofKey: [.integer(99_999)]))
        XCTAssertNil(batched.index(ofKey: [.text("1")]))
        let loaded = try table.query().where("n <= 10").orderBy("n", descending: true).fetch()
        XCTAssertEqual(loaded.index(ofKey: [.integer(10)]), 0)
        XCTAssertEqual(loaded.index(ofKey: [.integer(1)]), 9)
    }

    /// Lookups, windows and searches on tables keyed by text and by two columns: keys that are not
    /// one integer on PostgreSQL (SQLite keys both by their rowid).
    func testLookupsOnTablesKeyedByTextAndByTwoColumns() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            """
            CREATE TABLE word (w text PRIMARY KEY, n bigint);
            CREATE TABLE pair (a bigint, b text, n bigint, PRIMARY KEY (a, b));
            """)
        try db.execute(
            """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 500)
            INSERT INTO word(w, n) SELECT 'w' || (1000 + i), i FROM s
            """)
        try db.execute(
            """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 300)
            INSERT INTO pair(a, b, n) SELECT i % 7, 'b' || (1000 + i), i FROM s
            """)
        // Position p holds n = 500 - p.
        let words = try db.table("word").query().orderBy("n", descending: true).batch(50).fetch()
        XCTAssertEqual(words.count, 500)
        XCTAssertEqual(words.map { $0["n"] }, (1...500).reversed().map { .integer(Int64($0)) }, "every window read")
        let lastWord = words[499].key
        switch TestDatabaseKind.current {
        case .sqlite: XCTAssertEqual(lastWord, [.integer(1)], "the rowid")
        case .postgres: XCTAssertEqual(lastWord, [.text("w1001")])
        }
        XCTAssertEqual(words.index(ofKey: lastWord), 499)
        XCTAssertEqual(words.index(ofKey: words[0].key), 0)
        XCTAssertNil(words.index(ofKey: [.text("w9999")]))
        XCTAssertEqual(try words.firstIndex(matching: "n % \(100) = 0", after: -1), 0)
        XCTAssertEqual(try words.firstIndex(matching: "n % \(100) = 0", after: 0), 100)
        XCTAssertEqual(try words.firstIndex(matching: "n % \(100) = 0", after: 499, forward: false), 400)

        // Position p holds n = p + 1.
        let recorder = SQLRecorder()
        let traced = try openSameDatabase(db, configuration: recorder.configuration)
        let pairs = try traced.table("pair").query().orderBy("n").batch(40).fetch()
        XCTAssertEqual(pairs.count, 300)
        recorder.reset()
        XCTAssertEqual(pairs.map { $0["n"] }, (1...300).map { .integer(Int64($0)) }, "every window read")
        XCTAssertLessThanOrEqual(recorder.recorded.count, 16, "7 more windows read whole, not row by row")
        let tenth = pairs[9].key
        switch TestDatabaseKind.current {
        case .sqlite: XCTAssertEqual(tenth, [.integer(10)], "the rowid")
        case .postgres: XCTAssertEqual(tenth, [.integer(3), .text("b1010")])
        }
        XCTAssertEqual(pairs.index(ofKey: tenth), 9)
        XCTAssertNil(pairs.index(ofKey: [.integer(4), .text("b1010")]))
        XCTAssertEqual(try pairs.firstIndex(matching: "b = \("b1250")", after: -1), 249)
        XCTAssertEqual(try pairs.firstIndex(matching: "a = \(0)", after: 7, forward: false), 6)
    }

    func testIndexOfKeyForDeclaredModels() throws {
        let db = try makeTestDatabase(self)
        try db.prepare(REvent.self)
        try db.execute("INSERT INTO r_event(n, label) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        let events = try REvent.query(in: db).orderBy("n", descending: true).fetch()
        let first = try XCTUnwrap(events.first)
        XCTAssertEqual(events.index(ofKey: [first._$primaryKey]), 0)
        XCTAssertEqual(events.index(ofKey: [events[2]._$primaryKey]), 2)
    }

    func testFirstIndexMatchingSearchesForwardAndBackwardAcrossChunks() throws {
        let db = try database(rows: 5_000)
        let set = try db.table("item").query().orderBy("label").batch(128).fetch()
        // Position p holds n = 5000 - p; "seven" rows have n divisible by 7.
        let condition: SQL = "tag = \("seven")"
        let first = try XCTUnwrap(set.firstIndex(matching: condition, after: -1))
        XCTAssertEqual(first, 5_000 - 4_998, "n = 4998 is the largest multiple of 7")
        let next = try XCTUnwrap(set.firstIndex(matching: condition, after: first))
        XCTAssertEqual(next, first + 7)
        let back = try XCTUnwrap(set.firstIndex(matching: condition, after: next, forward: false))
        XCTAssertEqual(back, first)
        XCTAssertNil(try set.firstIndex(matching: condition, after: first, forward: false))
        // Far away, across many chunks: after position 4001 (n = 999) comes n = 994 at 4006, and the
        // last multiple of 7 is n = 7 at position 4993.
        XCTAssertEqual(try set.firstIndex(matching: condition, after: 4_001), 4_006)
        XCTAssertEqual(try set.firstIndex(matching: condition, after: 4_987), 4_993)
        XCTAssertNil(try set.firstIndex(matching: condition, after: 4_993))
        XCTAssertEqual(try set.firstIndex(matching: condition, after: Int.max, forward: false), 4_993)
        XCTAssertNil(try set.firstIndex(matching: "label = \("nothing")", after: -1))
        XCTAssertThrowsError(try set.firstIndex(matching: "no_such_column = 1", after: -1))
    }

    func testFirstIndexMatchingInARangeAndCancelled() throws {
        let db = try database(rows: 5_000)
        let set = try db.table("item").query().orderBy("n").batch(100).fetch()
        // Position p holds n = p + 1: tagged rows sit at positions 6, 13, 20, …
        XCTAssertEqual(try set.firstIndex(matching: "tag = 'seven'", in: 7..<20), 13)
        XCTAssertEqual(try set.firstIndex(matching: "tag = 'seven'", in: 7..<20, forward: false), 13)
        XCTAssertNil(try set.firstIndex(matching: "tag = 'seven'", in: 7..<13))
        XCTAssertEqual(try set.firstIndex(matching: "tag = 'seven'", in: 4_984..<Int.max), 4_990)
        XCTAssertThrowsError(try set.firstIndex(matching: "tag = 'none'", in: 0..<5_000, isCancelled: { true })) {
            XCTAssertTrue($0 is CancellationError, "\($0)")
        }
    }

    func testFirstIndexMatchingSkipsRowsChangedAfterTheSnapshot() throws {
        let db = try database(rows: 100)
        let set = try db.table("item").query().orderBy("n").batch(10).fetch()
        XCTAssertEqual(set.count, 100)
        try db.execute("UPDATE item SET tag = NULL WHERE n = 7")
        try db.execute("DELETE FROM item WHERE n = 14")
        XCTAssertEqual(try set.firstIndex(matching: "tag = 'seven'", after: -1), 20, "n = 21 is the first still tagged")
    }

    func testFirstIndexMatchingOnAViewNumbersRowsInOrder() throws {
        let db = try database(rows: 50)
        try db.execute("CREATE VIEW item_view AS SELECT n, tag FROM item")
        let set = try db.table("item_view").query().orderBy("n", descending: true).batch(8).fetch()
        XCTAssertEqual(try set.firstIndex(matching: "tag IS NOT NULL", after: -1), 1, "n = 49 is second")
        XCTAssertEqual(try set.firstIndex(matching: "tag IS NOT NULL", after: 1), 8)
        XCTAssertEqual(try set.firstIndex(matching: "tag IS NOT NULL", after: 8, forward: false), 1)
        XCTAssertThrowsError(try db.table("item_view").query().fetch().firstIndex(matching: "1 = 1", after: -1)) { error in
            XCTAssertEqual(error as? ORMError, .invalidQuery("only a batched result set can be searched with a condition"))
        }
    }

    func testRecordIfAvailableNeverReadsPastTheEnd() throws {
        let db = try database(rows: 1_000)
        let set = try db.table("item").query().orderBy("label").batch(100).fetch()
        XCTAssertEqual(set.recordIfAvailable(at: 0)?["n"], .integer(1_000), "the first window is read at once")
        _ = set.count  // waits for the snapshot
        XCTAssertTrue(set.isSnapshotReady)
        XCTAssertEqual(set.recordIfAvailable(at: 999)?["n"], .integer(1))
        XCTAssertNil(set.recordIfAvailable(at: 1_000))
        XCTAssertNil(set.recordIfAvailable(at: -1))
        let small = try db.table("item").query().where("n <= 3").batch(100).fetch()
        XCTAssertEqual(small.knownCount, 3, "a short first window tells the count before the snapshot")
    }

    func testForEachStreamsInOrderAndStopsOnThrow() throws {
        let db = try database(rows: 1_000)
        var seen: [SQLValue] = []
        try db.table("item").query().where("tag IS NOT NULL").orderBy("n", descending: true).forEach { record in
            seen.append(record["n"] ?? .null)
        }
        XCTAssertEqual(seen, stride(from: 994, through: 7, by: -7).map { SQLValue.integer(Int64($0)) })
        struct Enough: Error {}
        var count = 0
        XCTAssertThrowsError(try db.table("item").query().forEach { _ in
            count += 1
            if count == 5 { throw Enough() }
        }) { XCTAssertTrue($0 is Enough) }
        XCTAssertEqual(count, 5)
    }

    func testValidateRejectsBadConditionsWithoutReading() throws {
        let db = try database(rows: 10)
        let table = try db.table("item")
        XCTAssertNoThrow(try table.query().where("n > \(3)").orderBy("label").validate())
        XCTAssertThrowsError(try table.query().where("n >").validate()) { error in
            XCTAssertTrue("\(error)".contains("syntax error"), "\(error)")
        }
        XCTAssertThrowsError(try table.query().orderBy("missing").validate())
    }

    /// A run-time error reading the first window is `fetch()`'s error, never an empty set.
    func testARunTimeErrorInTheFirstWindowIsThrown() throws {
        let db = try database(rows: 10)
        // The smallest integer, made at run time on both databases; its absolute value overflows.
        let query = try db.table("item").query().where("abs(-9223372036854775807 - 1) > n")
        XCTAssertNoThrow(try query.validate(), "preparing cannot see a run-time error")
        let message = switch TestDatabaseKind.current {
        case .sqlite: "integer overflow"
        case .postgres: "bigint out of range"
        }
        XCTAssertThrowsError(try query.batch(5).fetch()) { error in
            XCTAssertTrue("\(error)".contains(message), "\(error)")
        }
        XCTAssertNil(try db.table("item").query().batch(5).fetch().firstWindowError)
    }

    func testBareColumnsAreLeftAsWrittenWithoutJoins() throws {
        let db = try database(rows: 30)
        let recorder = SQLRecorder()
        let traced = try openSameDatabase(db, configuration: recorder.configuration)
        let table = try traced.table("item")
        // A subquery's own column must not be tied to the outer table.
        let matching = try table.query().where("n IN (SELECT n FROM item WHERE tag = 'seven')").count()
        XCTAssertEqual(matching, 4)
        XCTAssertTrue(recorder.recorded.contains { $0.contains("SELECT n FROM item WHERE tag = 'seven'") },
                      "\(recorder.recorded)")
    }
}

/// The packed integer key snapshot.
final class IntegerKeysTests: XCTestCase {
    private func pack(_ keys: [Int64]) -> IntegerKeys {
        var builder = IntegerKeys.Builder()
        for key in keys { builder.append(key) }
        return builder.finish()
    }

    func testRunsOffsetsAndRawChunksGiveBackEveryKey() {
        let size = IntegerKeys.chunkSize
        var keys: [Int64] = Array(1...Int64(size))                               // a rising run
        keys += (1...Int64(size)).map { 50_000 - 4 * $0 }                         // a falling run, step 4
        keys += (0..<Int64(size)).map { 1_000_000 + ($0 * 7_919) % 65_537 }      // scattered, narrow
        keys += (0..<Int64(size)).map { $0 % 2 == 0 ? Int64.min + $0 : Int64.max - $0 }  // scattered, wide
        keys += [-5, -9, -6]                                                      // a short last chunk
        let packed = pack(keys)
        XCTAssertEqual(packed.count, keys.count)
        XCTAssertEqual(packed.chunks.count, 5)
        guard case .run(1, size, 1) = packed.chunks[0], case .run(49_996, size, -4) = packed.chunks[1],
            case .offsets = packed.chunks[2], case .raw = packed.chunks[3]
        else {
            return XCTFail("unexpected chunk kinds: \(packed.chunks.map { "\($0)".prefix(20) })")
        }
        XCTAssertEqual(packed.keys(0..<keys.count), keys)
        for position in [0, size - 1, size, 2 * size + 17, 3 * size + 5, keys.count - 1] {
            XCTAssertEqual(packed.firstIndex(of: keys[position]), position)
        }
        XCTAssertNil(packed.firstIndex(of: 0))
        XCTAssertNil(packed.firstIndex(of: 49_995), "between two keys of a stepped run")
        XCTAssertNil(packed.firstIndex(of: 123_456_789))
    }

    func testEmptyAndSingleKey() {
        XCTAssertEqual(pack([]).count, 0)
        XCTAssertNil(pack([]).firstIndex(of: 1))
        let one = pack([7])
        XCTAssertEqual(one.keys(0..<1), [7])
        XCTAssertEqual(one.firstIndex(of: 7), 0)
    }
}

/// The page cache size set on every connection.
/// SQLite's alone: the page cache is SQLite's (`PRAGMA cache_size`).
final class PageCacheConfigurationTests: XCTestCase {
    func testEveryConnectionGetsTheConfiguredCache() throws {
        var configuration = Configuration()
        configuration.pageCacheKiB = 300
        let db = try Database(path: try temporaryDatabasePath(self), configuration: configuration)
        try db.execute("CREATE TABLE t (a)")
        XCTAssertEqual(try db.scalar("PRAGMA cache_size"), .integer(-300), "a reader")
        try db.transaction { _ in
            XCTAssertEqual(try db.scalar("PRAGMA cache_size"), .integer(-300), "the writer")
        }
        let plain = try Database(path: try temporaryDatabasePath(self, name: "plain.sqlite"))
        XCTAssertEqual(try plain.scalar("PRAGMA cache_size"), .integer(-2000), "SQLite's default when unset")
    }
}

/// The page size of a file the configuration creates, set before the file goes into WAL mode.
/// SQLite's alone: the page size is SQLite's (`PRAGMA page_size`).
final class PageSizeConfigurationTests: XCTestCase {
    func testANewFileGetsTheConfiguredPageSizeAnExistingOneKeepsItsOwn() throws {
        var configuration = Configuration()
        configuration.pageSize = 1024
        let path = try temporaryDatabasePath(self)
        let db = try Database(path: path, configuration: configuration)
        try db.execute("CREATE TABLE t (a)")
        XCTAssertEqual(try db.scalar("PRAGMA page_size"), .integer(1024))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text("wal"))

        let existing = try temporaryDatabasePath(self, name: "existing.sqlite")
        try Database(path: existing).execute("CREATE TABLE t (a)")
        let reopened = try Database(path: existing, configuration: configuration)
        try reopened.execute("INSERT INTO t VALUES (1)")
        XCTAssertEqual(try reopened.scalar("PRAGMA page_size"), .integer(4096), "SQLite's default, kept")
        XCTAssertEqual(try reopened.scalar("SELECT count(*) FROM t"), .integer(1))
    }
}

/// A shuffled key snapshot past its memory budget goes to a temporary file and reads back intact.
final class IntegerKeysSpillTests: XCTestCase {
    func testChunksPastTheBudgetAreSpilledAndReadBack() throws {
        let count = IntegerKeys.residentBudget / 4 + 3 * IntegerKeys.chunkSize + 100
        let modulus = Int64(count) * 3 + 1
        let key: (Int) -> Int64 = { (Int64($0) * 2_654_435_761) % modulus }  // shuffled, all different
        var builder = IntegerKeys.Builder()
        for position in 0..<count { builder.append(key(position)) }
        let keys = builder.finish()
        XCTAssertEqual(keys.count, count)
        XCTAssertNotNil(keys.spill)
        let spilled = keys.chunks.filter { if case .spilled = $0 { true } else { false } }.count
        XCTAssertEqual(spilled, 4, "the chunks past the budget, the short last one included")
        let boundary = IntegerKeys.residentBudget / 4
        let range = (boundary - 10)..<(boundary + IntegerKeys.chunkSize + 10)
        XCTAssertEqual(keys.keys(range), range.map(key), "across the resident and spilled chunks")
        XCTAssertEqual(keys.keys((count - 5)..<count), ((count - 5)..<count).map(key))
        XCTAssertEqual(keys.firstIndex(of: key(count - 2)), count - 2)
        XCTAssertEqual(keys.firstIndex(of: key(17)), 17)
        XCTAssertNil(keys.firstIndex(of: -1))
    }

    func testRunsNeverSpill() {
        var builder = IntegerKeys.Builder()
        for key in 0..<Int64(IntegerKeys.residentBudget) { builder.append(key) }
        let keys = builder.finish()
        XCTAssertNil(keys.spill)
        XCTAssertEqual(keys.keys(123_456..<123_459), [123_456, 123_457, 123_458])
    }
}

/// Functions written in Swift, called from SQL on every connection.
/// SQLite's alone: Swift functions are registered on SQLite's connections (`sqlite3_create_function`).
final class SQLFunctionTests: XCTestCase {
    private struct Refusal: Error, CustomStringConvertible {
        var description: String { "no negative numbers" }
    }

    func testFunctionsAreCalledOnReadersAndTheWriterWithEveryType() throws {
        var configuration = Configuration()
        configuration.functions = [
            SQLFunction("fold", argumentCount: 1) { arguments in
                guard case .text(let text) = arguments[0] else { return arguments[0] }
                return .text(text.lowercased())
            },
            SQLFunction("kinds", argumentCount: -1) { arguments in
                .text(arguments.map { "\($0)".prefix(4) }.joined(separator: ","))
            },
            SQLFunction("checked", argumentCount: 1) { arguments in
                if case .integer(let value) = arguments[0], value < 0 { throw Refusal() }
                return arguments[0]
            },
        ]
        let db = try Database(path: try temporaryDatabasePath(self), configuration: configuration)
        try db.execute("CREATE TABLE people (name TEXT)")
        try db.execute("INSERT INTO people VALUES ('Zoë Ørsted'), ('ADA')")
        XCTAssertEqual(try db.fetchAll("SELECT fold(name) FROM people ORDER BY rowid"), [[.text("zoë ørsted")], [.text("ada")]])
        XCTAssertEqual(try db.scalar("SELECT lower('Ø')"), .text("Ø"), "SQLite's own lower() is ASCII only")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM people WHERE fold(name) = \("zoë ørsted")"), .integer(1))
        try db.transaction { _ in
            XCTAssertEqual(try db.scalar("SELECT fold('ÅB')"), .text("åb"), "on the writer too")
        }
        XCTAssertEqual(try db.scalar("SELECT checked(\(5))"), .integer(5))
        XCTAssertEqual(try db.scalar("SELECT fold(x'00ff')"), .blob(Data([0, 255])))
        XCTAssertEqual(try db.scalar("SELECT fold(NULL)"), .null)
        XCTAssertEqual(try db.scalar("SELECT fold(2.5)"), .real(2.5))
        XCTAssertThrowsError(try db.scalar("SELECT checked(-1)")) { error in
            XCTAssertTrue("\(error)".contains("no negative numbers"), "\(error)")
        }
        XCTAssertNotNil(try db.scalar("SELECT kinds(1, 'a', NULL)"))
    }
}
