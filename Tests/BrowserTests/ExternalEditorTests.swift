import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// Editing a cell in the user's editor (`E`): the editor is a shell script that rewrites the
/// file; its text is parsed by the column's type and staged like a line edit; an unchanged file,
/// a failing editor or no editor at all stage nothing.
final class ExternalEditorTests: EditorTestCase {
    /// The value of `column` of artist `id`, read by a connection of its own.
    private func artist(_ column: String, id: Int64) throws -> SQLValue? {
        try Database(path: fixture.path).fetchAll(SQL("SELECT " + column + " FROM artists WHERE id = ?", arguments: [SQLValue.integer(id)]))
            .first?.first
    }

    /// The editor gets the cell's text with the terminal suspended; what it saves is staged, shown
    /// marked, and written by `w`.
    func testTheSavedTextIsStaged() throws {
        let runner = try runner(table: "artists", editor: rewriting(to: "Ada\\nLovelace"))
        let screen = runner.run(try KeyScript.parse("lE")).last ?? []
        XCTAssertEqual(try String(contentsOfFile: seenPath, encoding: .utf8), "Ada")
        XCTAssertEqual(screen[1], "album_titles ◇   4│1│  1│Ada↵Lovelace │UK      │")
        XCTAssertTrue(screen.last?.contains("staged: name = 'Ada") == true, screen.joined(separator: "\n"))
        XCTAssertEqual(runner.backend.suspendCount, 1)
        XCTAssertEqual(runner.backend.resumeCount, 1)
        XCTAssertEqual(try artist("name", id: 1), .text("Ada"), "staged, not written")
        _ = runner.run(try KeyScript.parse("w"))
        XCTAssertEqual(try artist("name", id: 1), .text("Ada\nLovelace"))
    }

    /// The editor opens the staged value when the cell has one.
    func testTheEditorOpensTheStagedValue() throws {
        let runner = try runner(table: "artists", editor: rewriting(to: "Later"))
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter>E"))
        XCTAssertEqual(try String(contentsOfFile: seenPath, encoding: .utf8), "Mine")
        XCTAssertEqual(runner.app.staging.edits["artists"]?.value(key: RowKey(values: [1]), column: "name"), .text("Later"))
    }

    /// A file left as it was, or with only a final line break added, stages nothing.
    func testAnUnchangedFileStagesNothing() throws {
        for editor in ["true", "sh -c 'printf \"Ada\\n\" > \"$1\"' --"] {
            let screen = try runner(table: "artists", editor: editor).run(try KeyScript.parse("lE")).last ?? []
            XCTAssertTrue(screen.last?.hasPrefix(" BROWSE  unchanged ") == true, "\(editor): \(screen.joined(separator: "\n"))")
            XCTAssertFalse(screen.joined().contains("pending"), editor)
        }
    }

    /// An editor that exits with a status other than 0 stages nothing, whatever it wrote.
    func testAFailingEditorStagesNothing() throws {
        let screen = try runner(table: "artists", editor: "sh -c 'printf Zed > \"$1\"; exit 2' --")
            .run(try KeyScript.parse("lE")).last ?? []
        XCTAssertTrue(screen.last?.contains("the editor exited with status 2; nothing staged") == true,
                      screen.joined(separator: "\n"))
        XCTAssertFalse(screen.joined().contains("pending"))
    }

    /// Without `$VISUAL` or `$EDITOR`, the line editor opens instead and says why.
    func testWithoutAnEditorTheLineEditorOpens() throws {
        let screen = try runner(table: "artists", editor: nil).run(try KeyScript.parse("lE")).last ?? []
        XCTAssertEqual(screen.last, "name (no $VISUAL or $EDITOR set): Ada")
    }

    /// The text is read by the column's type: a REAL column refuses words and takes a number.
    func testTheTextIsParsedByTheColumnType() throws {
        let refused = try runner(table: "albums", editor: rewriting(to: "lots")).run(try KeyScript.parse("$E")).last ?? []
        XCTAssertTrue(refused.last?.contains("not a number: lots") == true, refused.joined(separator: "\n"))
        let runner = try runner(table: "albums", editor: rewriting(to: "7.5"))
        _ = runner.run(try KeyScript.parse("$E"))
        XCTAssertEqual(runner.app.staging.edits["albums"]?.value(key: RowKey(values: [1]), column: "price"), .real(7.5))
    }

    /// A cell of a new row is edited in the editor like any other: the staged insert takes it.
    func testACellOfANewRowTakesTheEditorsText() throws {
        let screen = try runner(table: "artists", editor: rewriting(to: "Fresh")).run(try KeyScript.parse("olEp")).last ?? []
        XCTAssertEqual(screen[2], "INSERT INTO \"artists\" (\"name\") VALUES ('Fresh');")
    }

    /// reef itself takes `$VISUAL` before `$EDITOR`, and runs it headless without a terminal.
    func testReefRunsVisualBeforeEditor() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["VISUAL"] = "sh -c 'printf visual > \"$1\"' --"
        environment["EDITOR"] = "sh -c 'printf editor > \"$1\"' --"
        let result = try ReefProcess.run([fixture.path, "--table", "artists", "--headless", "80x6", "--keys", "lE"],
                                         environment: environment)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("│  1│visual"), result.output)
        XCTAssertEqual(ExternalEditor(environment: ["VISUAL": " ", "EDITOR": "nano"]).command, "nano")
        XCTAssertNil(ExternalEditor(environment: [:]).command)
    }

    /// Editors end the file with a line break: one added at the end is not part of the value.
    func testAFinalLineBreakAddedByTheEditorIsDropped() {
        XCTAssertEqual(ExternalEditor.outcome(original: "a", edited: "a\n"), .unchanged)
        XCTAssertEqual(ExternalEditor.outcome(original: "a", edited: "b\n"), .changed("b"))
        XCTAssertEqual(ExternalEditor.outcome(original: "a", edited: "b\r\n"), .changed("b"))
        XCTAssertEqual(ExternalEditor.outcome(original: "a\n", edited: "a\n\n"), .changed("a\n\n"))
        XCTAssertEqual(ExternalEditor.outcome(original: "", edited: "b\n\n"), .changed("b\n"))
        XCTAssertEqual(ExternalEditor.fileName(for: "my \"odd\" table-a col"), "my__odd__table-a_col.txt")
    }
}
