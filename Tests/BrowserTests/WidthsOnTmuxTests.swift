import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// The width rules (``TextWidth`` of what ``Sanitizer`` lets through) against a real terminal's:
/// tmux's cursor after printing each sample is where reef's buffer says it is, and the record view
/// of emoji sequences, flags, keycaps and joiners stays what the buffer holds as records change
/// (tmux drew an emoji ZWJ sequence in one cell, ncurses counted each emoji, and the next update
/// left characters of the previous record).
final class WidthsOnTmuxTests: XCTestCase {
    /// Values whose width terminals are known to disagree on, or that a terminal joins.
    private static let samples = [
        "flag 🏳️\u{200D}🌈 x", "keycap 1️⃣ x", "heart ❤️ x", "family 👨\u{200D}👩\u{200D}👧 x",
        "a\u{200B}b\u{200D}c", "漢字 e\u{301} Zoë 😀", "tab\there",
    ]

    func testTmuxPutsTheCursorWhereTheBufferDoes() throws {
        for sample in Self.samples {
            let drawn = Sanitizer.sanitize(sample)
            let terminal = try TmuxTerminal(name: "widths")
            // `cat` keeps the pane open, reading nothing, until the terminal is killed.
            try terminal.start("printf '%s|' \(TmuxTerminal.shellQuoted(drawn)); cat", columns: 60, rows: 3, for: self)
            try terminal.waitFor("|")
            let cursor = try terminal.tmux(["display-message", "-p", "-t", terminal.session, "#{cursor_x}"])
            XCTAssertEqual(Int(cursor.trimmingCharacters(in: .whitespacesAndNewlines)), TextWidth.of(drawn) + 1,
                           "tmux's width of \(drawn.unicodeScalars.map { String($0.value, radix: 16) })")
            terminal.kill()
        }
    }

    func testTheRecordViewOfEmojiSequencesIsWhatTheBufferHoldsRecordAfterRecord() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        try database.execute("CREATE TABLE emoji (id INTEGER PRIMARY KEY, name TEXT, note TEXT)")
        for (index, sample) in Self.samples.enumerated() {
            try database.execute("INSERT INTO emoji VALUES (?, ?, ?)", index + 1, sample, "n\(index + 1)")
        }
        let terminal = try TmuxTerminal(name: "record")
        let reef = try ReefProcess.executable().path
        try terminal.start("'\(reef)' --table emoji '\(fixture.path)'; cat", columns: 60, rows: 12, for: self)
        try terminal.waitFor("emoji  1/\(Self.samples.count)")
        try terminal.send("Enter")
        for record in 1...Self.samples.count {
            let title = "Record \(record) of \(Self.samples.count)"
            let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "emoji")
            let keys = "<Enter>" + String(repeating: "l", count: record - 1)
            let expected = HeadlessRunner(app: app, columns: 60, rows: 12).run(try KeyScript.parse(keys)).last ?? []
            // The whole frame, not its title alone: tmux may be captured while reef is still writing it.
            let shown = try terminal.waitFor({ Self.trimmed($0.components(separatedBy: "\n")) == Self.trimmed(expected) },
                                             description: "the frame of \(title), as the buffer holds it", within: 10)
            XCTAssertEqual(Self.trimmed(shown.components(separatedBy: "\n")), Self.trimmed(expected), title)
            try terminal.send("l")
        }
    }

    /// `lines` without trailing spaces and trailing empty lines.
    private static func trimmed(_ lines: [String]) -> [String] {
        var result = lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        while result.last?.isEmpty == true {
            result.removeLast()
        }
        return result
    }
}
