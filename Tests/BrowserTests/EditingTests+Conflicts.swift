import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// Conflicts at commit: a row another connection changed or deleted meanwhile, a column or table
/// gone, overwriting, keeping theirs, cancelling, and conflicts in several tables.
extension EditingTests {
    /// A row changed meanwhile stops the commit and lists the conflict; `o` overwrites it.
    func testConflictOverwrite() throws {
        let runner = try runner(table: "artists", rows: 10)
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter>"))
        try Database(path: fixture.path).execute("UPDATE artists SET name = 'Theirs' WHERE id = 1")
        let screen = runner.run(try KeyScript.parse("w")).last ?? []
        assertScreen(screen, [
            "Conflicts in artists",
            "1 row changed since you read it in artists; nothing was written.",
            "",
            "yours: UPDATE \"artists\" SET \"name\" = 'Mine' WHERE \"id\" = 1",
            "now:   id = 1, name = 'Theirs', country = 'UK'",
            "",
            "t: keep theirs (skip these edits)   o: overwrite   c or Esc: cancel (keep the",
            "edits staged)   j k PgDn: scroll",
            "",
            "Rows changed meanwhile: t keep theirs, o overwrite, c cancel?",
        ])
        let after = runner.run(try KeyScript.parse("o")).last ?? []
        XCTAssertTrue(after.last?.contains("committed 1 change") == true, after.joined(separator: "\n"))
        XCTAssertEqual(try value("name", of: "artists", id: 1), .text("Mine"))
    }

    /// `t` keeps the other writer's value and writes the rest, saying which were left out; `c`
    /// cancels and keeps the edits staged.
    func testConflictKeepTheirsAndCancel() throws {
        let runner = try runner(table: "artists")
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter>ji<C-u>Yours<Enter>"))
        try Database(path: fixture.path).execute("UPDATE artists SET name = 'Theirs' WHERE id = 1")
        // Seen by the app before `w`, refreshed after `c`: the refresh must not replace `c`'s message.
        try waitUntilSeen(by: runner)
        let cancelled = runner.run(try KeyScript.parse("wc")).last ?? []
        XCTAssertTrue(cancelled.last?.contains("commit cancelled: 2 changes still pending") == true,
                      cancelled.joined(separator: "\n"))
        let kept = runner.run(try KeyScript.parse("wt")).last ?? []
        XCTAssertTrue(kept.last?.contains("committed 1 row; not written: 1 row changed meanwhile (theirs kept)") == true,
                      kept.joined(separator: "\n"))
        XCTAssertEqual(try value("name", of: "artists", id: 1), .text("Theirs"))
        XCTAssertEqual(try value("name", of: "artists", id: 2), .text("Yours"))
    }

    /// Overwriting a row another writer deleted writes nothing for it, and the message says so.
    func testOverwritingADeletedRowSaysNothingWasWritten() throws {
        let runner = try runner(table: "artists")
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter>"))
        try Database(path: fixture.path).execute("DELETE FROM artists WHERE id = 1")
        let screen = runner.run(try KeyScript.parse("wo")).last ?? []
        XCTAssertTrue(screen.last?.contains("nothing committed; not written: 1 row deleted meanwhile") == true,
                      screen.joined(separator: "\n"))
        XCTAssertEqual(try Database(path: fixture.path).scalar("SELECT count(*) FROM artists WHERE id = 1"), .integer(0))
    }

    /// Staged changes outlive their table: after another connection drops a column or the table,
    /// `p` says which cannot be written and why, `w` writes nothing and says so, and `U` reverts,
    /// from the pending screen too (which then closes).
    func testStagedChangesWhoseColumnOrTableIsGone() throws {
        let runner = try runner(table: "artists", rows: 8)
        _ = runner.run(try KeyScript.parse("lli<C-u>SE<Enter><Tab>jj<Enter>lli<C-u>z<Enter>"))
        // One commit, so one notice: two could be seen by two polls, the second after the wait.
        try Database(path: fixture.path).executeScript("ALTER TABLE artists DROP COLUMN country; DROP TABLE pairs")
        try waitUntilSeen(by: runner)
        runner.run([])
        let screens = runner.run(try KeyScript.parse("p<dump>w<dump>Uy"))
        // The status line may carry a live notice: the table shown in the dropped one's place is
        // read again when the schema change is seen, which can come after the wait above.
        assertScreen(Array(screens[0].dropLast()), [
            "Pending changes (2 changes)",
            "-- artists: 1 change",
            "-- cannot be written (unknown name: artists.country): row (1): country = 'SE'",
            "",
            "-- pairs: 1 change",
            "-- the table no longer exists: row ('x', 1): v = 'z'",
            "",
        ])
        XCTAssertTrue(screens[0].last?.hasPrefix(" PENDING  ") == true, screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[1].last?.contains("PENDING  nothing written: table pairs no longer exists; U reverts") == true,
                      screens[1].joined(separator: "\n"))
        XCTAssertTrue(screens[2].last?.contains("BROWSE  reverted 2 changes") == true, screens[2].joined(separator: "\n"))
    }

    /// A column another connection dropped is no conflict: an edit of another column commits, and
    /// an edit of the dropped one is refused by name, nothing written.
    func testADroppedColumnIsNoConflict() throws {
        let runner = try runner(table: "artists", rows: 8)
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter>"))
        try Database(path: fixture.path).execute("ALTER TABLE artists DROP COLUMN country")
        let committed = runner.run(try KeyScript.parse("w")).last ?? []
        XCTAssertTrue(committed.last?.contains("committed 1 change") == true, committed.joined(separator: "\n"))
        XCTAssertEqual(try value("name", of: "artists", id: 1), .text("Mine"))

        try Database(path: fixture.path).execute("ALTER TABLE artists ADD COLUMN born INTEGER")
        let second = try self.runner(table: "artists", rows: 8)
        _ = second.run(try KeyScript.parse("$i<C-u>1815<Enter>"))
        try Database(path: fixture.path).execute("ALTER TABLE artists DROP COLUMN born")
        let refused = second.run(try KeyScript.parse("w")).last ?? []
        XCTAssertTrue(refused.last?.contains("nothing written: artists.born no longer exists") == true,
                      refused.joined(separator: "\n"))
    }

    /// The conflicts list scrolls under its question (j, PgDn) without cancelling it; after
    /// "commit and quit", the commit the answer makes quits too.
    func testConflictsScrollAndCommitAndQuitStillQuits() throws {
        let runner = try runner(table: "artists", rows: 6)
        _ = runner.run(try KeyScript.parse("li<C-u>A<Enter>ji<C-u>B<Enter>ji<C-u>C<Enter>"))
        try Database(path: fixture.path).execute("UPDATE artists SET name = name || '!'")
        let listed = runner.run(try KeyScript.parse("Qc<dump>j")).map { $0.joined(separator: "\n") }
        XCTAssertTrue(listed[0].contains("3 rows changed since you read them"), listed[0])
        XCTAssertFalse(listed[1].contains("3 rows changed since you read them"), "scrolled: \(listed[1])")
        XCTAssertTrue(listed[1].hasSuffix("Rows changed meanwhile: t keep theirs, o overwrite, c cancel?"), listed[1])
        let outcome = runner.app.handle(.character("o"))
        XCTAssertEqual(outcome, .quit)
        XCTAssertEqual(try value("name", of: "artists", id: 3), .text("C"))
    }

    /// Conflicts in several tables are all shown before the choice.
    func testConflictsInSeveralTablesAreAllShown() throws {
        let runner = try runner(table: "artists", rows: 14)
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter><Tab>k<Enter>lllli<C-u>Theirs too<Enter>"))
        let other = try Database(path: fixture.path)
        try other.execute("UPDATE artists SET name = 'Theirs' WHERE id = 1")
        try other.execute("UPDATE albums SET notes = 'changed' WHERE id = 1")
        let screen = runner.run(try KeyScript.parse("w")).last ?? []
        XCTAssertEqual(screen.first, "Conflicts in albums, artists", screen.joined(separator: "\n"))
        XCTAssertEqual(screen[1], "2 rows changed since you read them in albums, artists; nothing was written.")
        XCTAssertTrue(screen.contains("-- albums") && screen.contains("-- artists"), screen.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("t"))
        XCTAssertEqual(try value("name", of: "artists", id: 1), .text("Theirs"))
        XCTAssertEqual(try value("notes", of: "albums", id: 1), .text("changed"))
    }
}
