import ORMCore
import XCTest
@testable import Browser

/// SQL typed at the SQL and filter prompts is drawn in the theme's SQL colours, cut as SQLite's
/// tokenizer cuts it; other prompts stay plain.
final class SQLHighlightTests: XCTestCase {
    private let theme = Theme.builtinDefault

    func testEveryKindOfTokenGetsItsElement() {
        let text = "SELECT \"a b\", 'it''s', 12 -- note"
        let elements = SQLHighlighter.elements(of: text)
        XCTAssertEqual(elements.count, text.count)
        let expected: [(String, ThemeElement)] = [
            ("SELECT", .sqlKeyword), (" ", .prompt), ("\"a b\"", .sqlIdentifier), (",", .sqlOperator), (" ", .prompt),
            ("'it''s'", .sqlString), (",", .sqlOperator), (" ", .prompt), ("12", .sqlNumber), (" ", .prompt),
            ("-- note", .sqlComment),
        ]
        var position = 0
        for (piece, element) in expected {
            for offset in 0..<piece.count {
                XCTAssertEqual(elements[position + offset], element, "\(piece) at \(position + offset)")
            }
            position += piece.count
        }
        XCTAssertEqual(position, text.count)
    }

    func testKeywordsInAnyCaseAndNamesThatAreNot() {
        XCTAssertEqual(SQLHighlighter.elements(of: "where x"), [.sqlKeyword, .sqlKeyword, .sqlKeyword, .sqlKeyword,
                                                               .sqlKeyword, .prompt, .sqlIdentifier])
        XCTAssertEqual(SQLHighlighter.elements(of: "Zoë"), [.sqlIdentifier, .sqlIdentifier, .sqlIdentifier])
        XCTAssertEqual(SQLHighlighter.elements(of: "?1 x'00'"), [.sqlNumber, .sqlNumber, .prompt, .sqlString, .sqlString,
                                                                  .sqlString, .sqlString, .sqlString])
    }

    func testAnUnclosedStringRunsToTheEnd() {
        XCTAssertEqual(SQLHighlighter.elements(of: "'ab"), [.sqlString, .sqlString, .sqlString])
        XCTAssertEqual(SQLHighlighter.elements(of: "/* a"), [.sqlComment, .sqlComment, .sqlComment, .sqlComment])
    }

    func testThePromptDrawsEachCharacterInItsStyle() {
        let text = "id = 'x'"
        var buffer = ScreenBuffer(width: 20, height: 1)
        Prompt(label: "WHERE ", text: text, highlights: SQLHighlighter.elements(of: text))
            .render(in: buffer.area, into: &buffer, theme: theme)
        assertLines(buffer, ["WHERE id = 'x'      "])
        let prompt = theme[.prompt]
        XCTAssertEqual(buffer.cell(x: 6, y: 0)?.style, prompt.patched(with: theme[.sqlIdentifier]))
        XCTAssertEqual(buffer.cell(x: 9, y: 0)?.style, prompt.patched(with: theme[.sqlOperator]))
        XCTAssertEqual(buffer.cell(x: 8, y: 0)?.style, prompt)
        XCTAssertEqual(buffer.cell(x: 11, y: 0)?.style, prompt.patched(with: theme[.sqlString]))
        XCTAssertEqual(buffer.cell(x: 13, y: 0)?.style, prompt.patched(with: theme[.sqlString]))
        XCTAssertEqual(buffer.cell(x: 14, y: 0)?.style, prompt.patched(with: theme[.promptCursor]), "the cursor after it")
        XCTAssertNotEqual(theme[.sqlKeyword], theme[.sqlIdentifier])
    }

    func testScrolledTextKeepsItsColoursInPlace() {
        let text = "select name from artists where 1"
        var buffer = ScreenBuffer(width: 12, height: 1)
        Prompt(label: ":", text: text, highlights: SQLHighlighter.elements(of: text))
            .render(in: buffer.area, into: &buffer, theme: theme)
        assertLines(buffer, [":ts where 1 "])
        XCTAssertEqual(buffer.cell(x: 1, y: 0)?.style, theme[.prompt].patched(with: theme[.sqlIdentifier]))
        XCTAssertEqual(buffer.cell(x: 4, y: 0)?.style, theme[.prompt].patched(with: theme[.sqlKeyword]))
        XCTAssertEqual(buffer.cell(x: 10, y: 0)?.style, theme[.prompt].patched(with: theme[.sqlNumber]))
    }

    func testWideAndControlCharactersKeepTheirColumns() {
        let text = "'漢\u{1B}' x"
        var buffer = ScreenBuffer(width: 12, height: 1)
        Prompt(label: "", text: text, cursor: 0, highlights: SQLHighlighter.elements(of: text))
            .render(in: buffer.area, into: &buffer, theme: theme)
        assertLines(buffer, ["'漢^[' x    "])
        XCTAssertEqual(buffer.cell(x: 5, y: 0)?.style, theme[.prompt].patched(with: theme[.sqlString]), "the closing quote")
        XCTAssertEqual(buffer.cell(x: 7, y: 0)?.style, theme[.prompt].patched(with: theme[.sqlIdentifier]))
    }

    /// The SQL and filter prompts highlight; a search is plain text.
    func testOnlySQLPromptsHighlight() {
        XCTAssertNotNil(PromptState(kind: .sql, text: "select").widget.highlights)
        XCTAssertNotNil(PromptState(kind: .filter, text: "a = 1").widget.highlights)
        XCTAssertNil(PromptState(kind: .search, text: "select").widget.highlights)
    }

    /// A headless run draws the SQL prompt in colours: the keyword's cells are the keyword's style.
    func testTheSQLPromptOnScreenIsHighlighted() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let app = try App(database: try fixture.open(), theme: theme, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 40, rows: 6)
        let screens = runner.run(try KeyScript.parse("eselect 1"))
        XCTAssertEqual(screens.last?.last, "SQL> select 1")
        let backend = runner.backend
        XCTAssertEqual(backend.screen.cell(x: 5, y: 5)?.style, theme[.prompt].patched(with: theme[.sqlKeyword]))
        XCTAssertEqual(backend.screen.cell(x: 12, y: 5)?.style, theme[.prompt].patched(with: theme[.sqlNumber]))
    }
}
