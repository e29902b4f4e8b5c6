import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The identity map's integer-key table against a `Dictionary` doing the same operations.
final class IntegerKeyTableTests: XCTestCase {
    /// The values stored: distinct addresses in one allocation, value `n` at byte `n`.
    private let base = UnsafeMutableRawPointer.allocate(byteCount: 20_001, alignment: 16)

    deinit { base.deallocate() }

    private func pointer(_ value: Int) -> UnsafeMutableRawPointer { base + value }

    private func value(_ pointer: UnsafeMutableRawPointer?) -> Int? { pointer.map { base.distance(to: $0) } }

    /// Random inserts, replacements and removals (keys from a small range, so runs collide and
    /// removals shift entries back across the end of the slots) agree with a dictionary throughout.
    func testAgreesWithADictionary() {
        var generator = SplitMix(seed: 7)
        var table = IntegerKeyTable()
        var expected: [Int64: Int] = [:]
        for step in 0..<20_000 {
            let key = Int64(generator.next() % 3_000) - 1_500
            if generator.next() % 3 == 0 {
                table.remove(key)
                expected[key] = nil
            } else {
                table.set(pointer(step), for: key)
                expected[key] = step
            }
            if step % 997 == 0 { assertSame(table, expected) }
        }
        assertSame(table, expected)
    }

    /// `insert` leaves a present key's value alone and returns it; `remove(_:if:)` removes only a
    /// value the condition accepts. Mixed with sets and removals, the table agrees with a dictionary.
    func testInsertAndConditionalRemoveAgreeWithADictionary() {
        var generator = SplitMix(seed: 11)
        var table = IntegerKeyTable()
        var expected: [Int64: Int] = [:]
        for step in 0..<20_000 {
            let key = Int64(generator.next() % 2_000) - 1_000
            switch generator.next() % 4 {
            case 0:
                let kept = value(table.insert(pointer(step), for: key))
                XCTAssertEqual(kept, expected[key], "insert returns the value the key holds")
                if expected[key] == nil { expected[key] = step }
            case 1:
                // Removes only even values.
                table.remove(key) { base.distance(to: $0) % 2 == 0 }
                if let value = expected[key], value % 2 == 0 { expected[key] = nil }
            default:
                table.set(pointer(step), for: key)
                expected[key] = step
            }
            if step % 997 == 0 { assertSame(table, expected) }
        }
        assertSame(table, expected)
    }

    /// Keys whose low bits are all equal would make one long run; the table spreads them instead and
    /// still finds and removes every one.
    func testClusteredKeysAreSpread() {
        var table = IntegerKeyTable()
        var expected: [Int64: Int] = [:]
        for index in 0..<5_000 {
            let key = Int64(index) << 20
            table.set(pointer(index), for: key)
            expected[key] = index
        }
        assertSame(table, expected)
        for index in stride(from: 0, to: 5_000, by: 2) {
            table.remove(Int64(index) << 20)
            expected[Int64(index) << 20] = nil
        }
        assertSame(table, expected)
    }

    /// An autoincrement run as long as a large insert (the slots grow from 64 past a million, by
    /// quadrupling then doubling, each time into fresh zeroed memory): every key is found, removals
    /// of every other key leave the rest in place, and the keys around the run are absent.
    func testLongSequentialRun() {
        var table = IntegerKeyTable()
        let run = Int64(1)...Int64(800_000)
        for key in run { table.set(pointer(Int(key % 20_000)), for: key) }
        XCTAssertEqual(table.count, run.count)
        for key in stride(from: run.lowerBound, through: run.upperBound, by: 2) { table.remove(key) }
        XCTAssertEqual(table.count, run.count / 2)
        var wrong: [Int64] = []
        for key in run where value(table[key]) != (key % 2 == 0 ? Int(key % 20_000) : nil) { wrong.append(key) }
        XCTAssertEqual(wrong, [], "keys with a wrong value")
        XCTAssertNil(table[0])
        XCTAssertNil(table[run.upperBound + 1])
        XCTAssertEqual(table.values.count, run.count / 2)
    }

    /// Extremes of the key range, and zero, are keys like any other.
    func testExtremeKeys() {
        var table = IntegerKeyTable()
        let keys = [Int64.min, -1, 0, 1, Int64.max]
        for (index, key) in keys.enumerated() { table.set(pointer(index), for: key) }
        XCTAssertEqual(table.count, 5)
        XCTAssertEqual(value(table[Int64.min]), 0)
        XCTAssertEqual(value(table[Int64.max]), 4)
        table.remove(0)
        XCTAssertNil(table[0])
        XCTAssertEqual(value(table[-1]), 1)
        XCTAssertEqual(table.count, 4)
    }

    private func assertSame(
        _ table: borrowing IntegerKeyTable, _ expected: [Int64: Int], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(table.count, expected.count, file: file, line: line)
        XCTAssertEqual(table.values.map { base.distance(to: $0) }.sorted(), expected.values.sorted(), file: file, line: line)
        for (key, value) in expected where self.value(table[key]) != value {
            XCTFail("key \(key): \(String(describing: self.value(table[key]))) instead of \(value)", file: file, line: line)
            return
        }
        for key in Int64(-1_600)..<1_600 where expected[key] == nil && table[key] != nil {
            XCTFail("key \(key) should be absent", file: file, line: line)
            return
        }
    }
}
