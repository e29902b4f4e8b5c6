import XCTest
@testable import Browser

/// Random keys at the SQL and filter prompts over random SQL-ish text (quotes, brackets, comments,
/// wide and combining characters, control characters): completion, its list and the history
/// search never crash, and the cursor, the list's choice and the search stay in range.
final class PromptFuzzTests: XCTestCase {
    private let schema = CompletionSchema(
        tables: [("albums", false), ("my \"odd\" table", false), ("漢字", true), ("a]b", false)],
        functions: ["abs", "count", "regexp"],
        currentTable: "albums", currentColumns: ["id", "title"],
        columns: { $0 == "albums" ? ["id", "title", "Zoë"] : ["x", "\"q\""] })

    private let pieces: [String] = [
        "select ", "from ", "where ", "a", "al", "'", "\"", "[", "]", "`", "--", "/*", "*/", ".", ",", ";", "(", ")",
        " ", "\n", "漢", "e\u{301}", "\u{1B}", "1", "x'", "?", ":n", "my \"o", "Zo", "AS ", "join ",
    ]

    func testRandomKeysKeepThePromptConsistent() {
        var random = SeededGenerator(seed: 23)
        let history = ["select 1", "select * from albums", "id > 2 -- note", "select 'a\nb'"]
        for round in 0..<400 {
            var state = PromptState(kind: round.isMultiple(of: 3) ? .filter : .sql, history: history)
            for _ in 0..<40 {
                let key: Key
                switch Int.random(in: 0..<20, using: &random) {
                case 0...7: key = .character(pieces.randomElement(using: &random)?.first ?? "a")
                case 8, 9: key = .tab
                case 10: key = .backTab
                case 11: key = .up
                case 12: key = .down
                case 13: key = .left
                case 14: key = .right
                case 15: key = .backspace
                case 16: key = .control("r")
                case 17: key = .escape
                case 18: key = .enter
                default: key = [.home, .end, .control("w"), .control("u"), .pageDown, .pageUp].randomElement(using: &random) ?? .home
                }
                // Several characters at once, as a paste would type them.
                if case .character = key, Bool.random(using: &random) {
                    let piece = pieces.randomElement(using: &random) ?? ""
                    state.text.insert(contentsOf: piece, at: state.text.index(state.text.startIndex, offsetBy: state.cursor))
                    state.cursor += piece.count
                    continue
                }
                _ = state.handle(key) { schema }
                XCTAssertTrue((0...state.text.count).contains(state.cursor), "cursor \(state.cursor) in \(state.text.debugDescription)")
                if let menu = state.completions {
                    XCTAssertTrue(menu.completion.candidates.indices.contains(menu.selected))
                    XCTAssertLessThanOrEqual(menu.completion.range.upperBound, state.text.count)
                }
                if let match = state.search?.match {
                    XCTAssertTrue(history.indices.contains(match))
                }
                var buffer = ScreenBuffer(width: 30, height: 1)
                state.widget.render(in: buffer.area, into: &buffer, theme: .builtinDefault)
            }
        }
    }
}
