import XCTest

@testable import ORMCore

/// The identity map's integer-key table against a `Dictionary` doing the same operations.
final class IntegerKeyTableTests: XCTestCase {
    /// Random inserts, replacements and removals (keys from a small range, so runs collide and
    /// removals shift entries back across the end of the slots) agree with a dictionary throughout.
    func testAgreesWithADictionary() {
        var generator = SplitMix(seed: 7)
        var table = IntegerKeyTable<Int>()
        var expected: [Int64: Int] = [:]
        for step in 0..<20_000 {
            let key = Int64(generator.next() % 3_000) - 1_500
            if generator.next() % 3 == 0 {
                table.remove(key)
                expected[key] = nil
            } else {
                table.set(step, for: key)
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
        var table = IntegerKeyTable<Int>()
        var expected: [Int64: Int] = [:]
        for step in 0..<20_000 {
            let key = Int64(generator.next() % 2_000) - 1_000
            switch generator.next() % 4 {
            case 0:
                let kept = table.insert(step, for: key)
                XCTAssertEqual(kept, expected[key], "insert returns the value the key holds")
                if expected[key] == nil { expected[key] = step }
            case 1:
                // Removes only even values.
                table.remove(key) { $0 % 2 == 0 }
                if let value = expected[key], value % 2 == 0 { expected[key] = nil }
            default:
                table.set(step, for: key)
                expected[key] = step
            }
            if step % 997 == 0 { assertSame(table, expected) }
        }
        assertSame(table, expected)
    }

    /// Keys whose low bits are all equal would make one long run; the table spreads them instead and
    /// still finds and removes every one.
    func testClusteredKeysAreSpread() {
        var table = IntegerKeyTable<Int>()
        var expected: [Int64: Int] = [:]
        for index in 0..<5_000 {
            let key = Int64(index) << 20
            table.set(index, for: key)
            expected[key] = index
        }
        assertSame(table, expected)
        for index in stride(from: 0, to: 5_000, by: 2) {
            table.remove(Int64(index) << 20)
            expected[Int64(index) << 20] = nil
        }
        assertSame(table, expected)
    }

    /// Extremes of the key range, and zero, are keys like any other.
    func testExtremeKeys() {
        var table = IntegerKeyTable<String>()
        for key in [Int64.min, -1, 0, 1, Int64.max] { table.set("\(key)", for: key) }
        XCTAssertEqual(table.count, 5)
        XCTAssertEqual(table[Int64.min], "\(Int64.min)")
        XCTAssertEqual(table[Int64.max], "\(Int64.max)")
        table.remove(0)
        XCTAssertNil(table[0])
        XCTAssertEqual(table[-1], "-1")
        XCTAssertEqual(table.count, 4)
    }

    private func assertSame(
        _ table: IntegerKeyTable<Int>, _ expected: [Int64: Int], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(table.count, expected.count, file: file, line: line)
        XCTAssertEqual(table.values.sorted(), expected.values.sorted(), file: file, line: line)
        for (key, value) in expected where table[key] != value {
            XCTFail("key \(key): \(String(describing: table[key])) instead of \(value)", file: file, line: line)
            return
        }
        for key in Int64(-1_600)..<1_600 where expected[key] == nil && table[key] != nil {
            XCTFail("key \(key) should be absent", file: file, line: line)
            return
        }
    }
}
