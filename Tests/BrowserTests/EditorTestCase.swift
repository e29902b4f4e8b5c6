import Foundation
import XCTest
@testable import Browser

/// A test case that drives reef with a stand-in for the user's editor: a shell command line that
/// keeps a copy of the file it was given (and its path), then writes new text to it.
class EditorTestCase: XCTestCase {
    /// The fixture database, new for each test.
    var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// Where the editor scripts copy the file they were given, to show what the editor opened.
    var seenPath: String {
        fixture.directory.appendingPathComponent("seen.txt").path
    }

    /// Where the editor scripts write the path of the file they were given.
    var seenNamePath: String {
        fixture.directory.appendingPathComponent("seen-name.txt").path
    }

    /// A shell command line for an editor that keeps a copy of the file and its path, then writes
    /// `text` to it (a `printf` format: `\n` is a line break).
    func rewriting(to text: String) -> String {
        "sh -c 'cp \"$1\" \"\(seenPath)\"; printf \"%s\" \"$1\" > \"\(seenNamePath)\"; printf \"\(text)\" > \"$1\"' --"
    }

    /// A runner on `table` whose editor is the shell command line `editor` (nil: none set).
    func runner(table: String, editor: String?, columns: Int = 80, rows: Int = 6) throws -> HeadlessRunner {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        app.editing.externalEditor = ExternalEditor(command: editor)
        return HeadlessRunner(app: app, columns: columns, rows: rows)
    }
}
