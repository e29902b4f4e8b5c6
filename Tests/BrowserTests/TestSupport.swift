import Foundation
import XCTest
@testable import Browser

/// Asserts that `buffer` shows exactly `expected`, printing both screens framed by `|` on failure.
func assertLines(_ buffer: ScreenBuffer, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    let actual = buffer.lines()
    guard actual != expected else {
        return
    }
    let frame = { (lines: [String]) in lines.map { "|\($0)|" }.joined(separator: "\n") }
    XCTFail("screen differs\nexpected:\n\(frame(expected))\nactual:\n\(frame(actual))", file: file, line: line)
}

/// Asserts that every row of `buffer` is exactly `buffer.width` display columns wide.
func assertEveryLineFillsWidth(_ buffer: ScreenBuffer, file: StaticString = #filePath, line: UInt = #line) {
    for (row, text) in buffer.lines().enumerated() {
        XCTAssertEqual(TextWidth.of(text), buffer.width, "row \(row): |\(text)|", file: file, line: line)
    }
}

/// The display columns at which `separator` occurs in `text`.
func displayColumns(of separator: Character, in text: String) -> [Int] {
    var columns: [Int] = []
    var column = 0
    for character in text {
        if character == separator {
            columns.append(column)
        }
        column += TextWidth.of(character)
    }
    return columns
}

/// The `themes/` folder of the package, found from this file's path (Tests/BrowserTests/X.swift).
func themesDirectory(file: String = #filePath) -> URL {
    URL(fileURLWithPath: file)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("themes")
}

/// A small deterministic pseudo-random generator, so randomised tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    /// The current state.
    private var state: UInt64

    /// Creates a generator from a seed.
    init(seed: UInt64) {
        state = seed
    }

    /// The next value (SplitMix64).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
