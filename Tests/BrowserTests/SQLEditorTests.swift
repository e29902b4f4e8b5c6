import Foundation
import ORMCore
import XCTest
@testable import Browser

/// Writing SQL in the user's editor from the SQL prompt (`Ctrl-X`): the editor gets the prompt's
/// text in a `.sql` file; saved with changes, the text runs as the prompt's statements, over as
/// many lines as it spans; unchanged, failed or without an editor, the prompt stays open and says why.
final class SQLEditorTests: EditorTestCase {
    /// A runner on the artists table whose editor is the shell command line `editor`.
    private func runner(editor: String?) throws -> HeadlessRunner {
        try runner(table: "artists", editor: editor, rows: 8)
    }

    /// The names of the artists, read by a connection of its own.
    private func artistNames() throws -> [SQLValue] {
        try Database(path: fixture.path).fetchAll("SELECT name FROM artists ORDER BY id").map { $0[0] }
    }

    /// The editor opens what was typed, in a `.sql` file; the script it saves, a write and a query
    /// on several lines, runs: the write is applied and the query's rows open in a grid.
    func testTheSavedScriptRuns() throws {
        let runner = try runner(editor: rewriting(to: "UPDATE artists\\n   SET name = upper(name)\\n WHERE id = 1;\\nSELECT id, name\\n  FROM artists\\n ORDER BY id;\\n"))
        let screen = runner.run(try KeyScript.parse("eSELECT 1<C-x>")).last ?? []
        XCTAssertEqual(try String(contentsOfFile: seenPath, encoding: .utf8), "SELECT 1")
        XCTAssertTrue(try String(contentsOfFile: seenNamePath, encoding: .utf8).hasSuffix("/reef-query.sql"))
        XCTAssertEqual(runner.backend.suspendCount, 1)
        XCTAssertEqual(try artistNames().first, .text("ADA"))
        XCTAssertNil(runner.app.prompt.current, "the prompt closed")
        XCTAssertTrue(screen.joined(separator: "\n").contains("│ADA"), screen.joined(separator: "\n"))
        XCTAssertTrue(screen.last?.contains("ran 2 statements: 1 row changed") == true, screen.joined(separator: "\n"))
    }

    /// The edited script joins the SQL history: `Up` recalls it into the editor, a line a line,
    /// and `Enter` runs it again (two statements, the last without its `;`: `Ctrl-O` on the
    /// second line runs that one; `;` and `Enter` run both).
    func testTheEditedScriptJoinsTheHistory() throws {
        let runner = try runner(editor: rewriting(to: "UPDATE artists SET name = name || char(33) WHERE id = 1;\\nSELECT name FROM artists"))
        // The script's run ends (the runner settles) before `Esc`, which would stop it if it were
        // still running on a busy machine.
        _ = runner.run(try KeyScript.parse("e<C-x>"))
        _ = runner.run(try KeyScript.parse("<Esc>"))
        let recalled = runner.run(try KeyScript.parse("e<Up><Home>")).last ?? []
        XCTAssertEqual(runner.app.prompt.current?.text, "UPDATE artists SET name = name || char(33) WHERE id = 1;\nSELECT name FROM artists")
        XCTAssertEqual(Array(recalled.suffix(2)), ["SQL> UPDATE artists SET name = name || char(33) WHERE id = 1;",
                                                   "  -> SELECT name FROM artists"])
        _ = runner.run(try KeyScript.parse("<End>;<Enter>"))
        XCTAssertEqual(try artistNames().first, .text("Ada!!"))
    }

    /// A file left as it was keeps the prompt open with its text, and runs nothing.
    func testAnUnchangedFileRunsNothing() throws {
        let screen = try runner(editor: "true").run(try KeyScript.parse("eDELETE FROM artists<C-x>")).last ?? []
        XCTAssertEqual(screen.last, "(unchanged) SQL> DELETE FROM artists")
        XCTAssertEqual(try artistNames().count, 3)
    }

    /// An editor that exits with a status other than 0 runs nothing, whatever it wrote.
    func testAFailingEditorRunsNothing() throws {
        let screen = try runner(editor: "sh -c 'printf \"DELETE FROM artists\" > \"$1\"; exit 3' --")
            .run(try KeyScript.parse("eSELECT 1<C-x>")).last ?? []
        XCTAssertEqual(screen.last, "(the editor exited with status 3; nothing run) SQL> SELECT 1")
        XCTAssertEqual(try artistNames().count, 3)
    }

    /// Without `$VISUAL` or `$EDITOR` the prompt stays open and says so; the note goes with the
    /// next key.
    func testWithoutAnEditorThePromptSaysSo() throws {
        let runner = try runner(editor: nil)
        let screen = runner.run(try KeyScript.parse("eSELECT 1<C-x>")).last ?? []
        XCTAssertEqual(screen.last, "(no $VISUAL or $EDITOR set) SQL> SELECT 1")
        XCTAssertEqual(runner.backend.suspendCount, 0)
        XCTAssertEqual(runner.run(try KeyScript.parse("0")).last?.last, "SQL> SELECT 10")
    }

    /// `Ctrl-X` belongs to the SQL prompt: in the filter prompt it runs no editor and says so.
    func testOtherPromptsIgnoreControlX() throws {
        let runner = try runner(editor: rewriting(to: "1"))
        let screen = runner.run(try KeyScript.parse("fid > 1<C-x>")).last ?? []
        XCTAssertEqual(screen.last, "(<C-x> is not a key here) WHERE id > 1")
        XCTAssertEqual(runner.backend.suspendCount, 0)
    }
}
