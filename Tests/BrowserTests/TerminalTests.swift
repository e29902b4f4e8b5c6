import XCTest
@testable import Browser

/// The double-buffered terminal and the diffs it sends to the backend.
final class TerminalTests: XCTestCase {
    func testFirstDrawClearsAndPaintsOnlyNonBlankCells() {
        let backend = MemoryBackend(columns: 10, rows: 2)
        let terminal = Terminal(backend: backend)
        let changes = terminal.draw { frame in
            frame.buffer.put("hi", x: 1, y: 1, style: .plain)
        }
        XCTAssertEqual(backend.clearCount, 1)
        XCTAssertEqual(changes.map(\.x), [1, 2])
        XCTAssertEqual(backend.lines(), ["          ", " hi       "])
        XCTAssertEqual(backend.flushCount, 1)
    }

    func testUnchangedFrameSendsNothing() {
        let backend = MemoryBackend(columns: 10, rows: 2)
        let terminal = Terminal(backend: backend)
        let render: (inout Frame) -> Void = { frame in
            frame.buffer.put("same 漢字", x: 0, y: 0, style: Style(foreground: .ansi(2)))
        }
        terminal.draw(render)
        XCTAssertEqual(terminal.draw(render), [])
        XCTAssertEqual(backend.drawCount, 2)
        XCTAssertEqual(backend.clearCount, 1)
    }

    func testOnlyTheChangedWordIsSent() {
        let backend = MemoryBackend(columns: 12, rows: 1)
        let terminal = Terminal(backend: backend)
        terminal.draw { $0.buffer.put("rows: 100", x: 0, y: 0, style: .plain) }
        let changes = terminal.draw { $0.buffer.put("rows: 107", x: 0, y: 0, style: .plain) }
        XCTAssertEqual(changes, [CellChange(x: 8, y: 0, cell: Cell(symbol: "7", style: .plain, isContinuation: false))])
        XCTAssertEqual(backend.lines(), ["rows: 107   "])
    }

    func testResizeClearsAndRepaintsEverything() {
        let backend = MemoryBackend(columns: 6, rows: 1)
        let terminal = Terminal(backend: backend)
        terminal.draw { $0.buffer.put("abc", x: 0, y: 0, style: .plain) }
        backend.resize(columns: 4, rows: 2)
        terminal.draw { frame in
            frame.buffer.put("abc", x: 0, y: 0, style: .plain)
            frame.buffer.put("d", x: 0, y: 1, style: .plain)
        }
        XCTAssertEqual(backend.clearCount, 2)
        XCTAssertEqual(backend.lines(), ["abc ", "d   "])
        XCTAssertEqual(terminal.previous.width, 4)
    }

    func testInvalidateForcesAFullRepaint() {
        let backend = MemoryBackend(columns: 4, rows: 1)
        let terminal = Terminal(backend: backend)
        terminal.draw { $0.buffer.put("ab", x: 0, y: 0, style: .plain) }
        terminal.invalidate()
        let changes = terminal.draw { $0.buffer.put("ab", x: 0, y: 0, style: .plain) }
        XCTAssertEqual(changes.map(\.x), [0, 1])
        XCTAssertEqual(backend.clearCount, 2)
    }

    func testCursorIsShownWhereTheFrameAsksAndHiddenOtherwise() {
        let backend = MemoryBackend(columns: 4, rows: 2)
        let terminal = Terminal(backend: backend)
        terminal.draw { $0.cursor = (2, 1) }
        XCTAssertTrue(backend.cursor == (2, 1, true))
        terminal.draw { _ in }
        XCTAssertFalse(backend.cursor.visible)
    }

    /// Random frames of narrow, wide, combining and ZWJ text in random places and styles: after
    /// every draw the backend, which only ever saw diffs, must show exactly the rendered frame.
    func testDiffsAlwaysReproduceTheFrame() {
        var random = SeededGenerator(seed: 42)
        let pieces = ["a", "bc", "漢", "字x", "😀", "e\u{301}", "👨\u{200D}👩\u{200D}👧", " ", "Ａ", "\u{1B}[1m", "↵"]
        let styles = [Style.plain, Style(foreground: .ansi(1)), Style(background: .indexed(236), attributes: .bold)]
        let backend = MemoryBackend(columns: 13, rows: 4)
        let terminal = Terminal(backend: backend)
        for step in 0..<300 {
            if step % 50 == 49 {
                backend.resize(columns: Int.random(in: 5...15, using: &random), rows: Int.random(in: 1...5, using: &random))
            }
            var rendered = ScreenBuffer(width: 0, height: 0)
            terminal.draw { frame in
                for _ in 0..<Int.random(in: 0...8, using: &random) {
                    let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                        pieces.randomElement(using: &random) ?? ""
                    }.joined()
                    frame.buffer.put(text, x: Int.random(in: 0..<frame.area.width, using: &random),
                                     y: Int.random(in: 0..<frame.area.height, using: &random),
                                     style: styles.randomElement(using: &random) ?? .plain)
                }
                rendered = frame.buffer
            }
            XCTAssertEqual(backend.screen, rendered, "step \(step)")
            assertEveryLineFillsWidth(backend.screen)
        }
    }
}
