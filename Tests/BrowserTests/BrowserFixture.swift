import Foundation
import ORMCore
import XCTest
@testable import Browser

/// A small database built in code for the browser tests, in its own temporary folder.
///
/// It holds what a browser must show right: NULLs, BLOBs, wide Unicode (CJK, emoji), long text,
/// a view, a composite-key WITHOUT ROWID table, a foreign key, and a table named with spaces and
/// quotes.
final class BrowserFixture {
    /// The folder holding the database; removed by ``remove()``.
    let directory: URL
    /// The database file.
    let path: String

    /// The schema and rows.
    static let script = """
        CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
        INSERT INTO artists VALUES (1, 'Ada', 'UK'), (2, '漢字テスト', 'JP'), (3, 'Emoji 😀 band', NULL);
        CREATE TABLE albums (
          id INTEGER PRIMARY KEY,
          artist_id INTEGER REFERENCES artists(id) ON DELETE CASCADE,
          title TEXT,
          cover BLOB,
          notes TEXT,
          price REAL
        );
        CREATE INDEX albums_artist ON albums(artist_id);
        INSERT INTO albums VALUES
          (1, 1, 'First', X'89504E470D0A1A0A00', 'A long note that goes on and on and on until it has to be cut somewhere', 9.5),
          (2, 1, '', NULL, NULL, 12),
          (3, 2, '東京', X'00FF', 'line one' || char(10) || 'line two', NULL),
          (4, 3, NULL, NULL, 'emoji 🎉 party', 0.25);
        CREATE TABLE pairs (a TEXT, b INTEGER, v TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
        INSERT INTO pairs VALUES ('x', 2, 'x2'), ('x', 1, 'x1'), ('y', 1, 'y1');
        CREATE TABLE "my ""odd"" table" ("a col" TEXT, "select" INTEGER);
        INSERT INTO "my ""odd"" table" VALUES ('spaces', 1), (NULL, 2);
        CREATE VIEW album_titles AS SELECT al.title, ar.name FROM albums al JOIN artists ar ON ar.id = al.artist_id;
        """

    /// Creates the folder and the database.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("fixture.sqlite").path
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        let database = try Database(path: path, configuration: configuration)
        try database.executeScript(SQL(stringLiteral: Self.script))
    }

    /// Adds `aaa_endless`, a view whose query never ends (a recursive count that returns no row),
    /// listed first: what a slow view does to counting and opening.
    func addEndlessView() throws {
        try Database(path: path).executeScript("""
            CREATE VIEW aaa_endless AS
              WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x < 0;
            """)
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Opens the database as reef does.
    func open(readOnly: Bool = false) throws -> Database {
        try DatabaseOpener.open(path: path, readOnly: readOnly)
    }

    /// Runs reef headless on the fixture and returns the dumped screens and the final one.
    func headless(_ keys: String, columns: Int = 80, rows: Int = 12, table: String? = nil,
                  readOnly: Bool = false) throws -> [[String]] {
        let app = try App(database: try open(readOnly: readOnly), theme: .builtinDefault, initialTable: table)
        return HeadlessRunner(app: app, columns: columns, rows: rows).run(try KeyScript.parse(keys))
    }

    /// The final screen of a headless run.
    func screen(_ keys: String, columns: Int = 80, rows: Int = 12, table: String? = nil,
                readOnly: Bool = false) throws -> [String] {
        try headless(keys, columns: columns, rows: rows, table: table, readOnly: readOnly).last ?? []
    }
}

/// Asserts that `actual` equals `expected`, printing both screens framed by `|` on failure.
func assertScreen(_ actual: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    guard actual != expected else {
        return
    }
    let frame = { (lines: [String]) in lines.map { "|\($0)|" }.joined(separator: "\n") }
    XCTFail("screen differs\nexpected:\n\(frame(expected))\nactual:\n\(frame(actual))", file: file, line: line)
}

/// `line` without a statement's timing (`query  1/3  name  server 3.1 ms, rows 0.4 ms` →
/// `query  1/3  name`, `2 rows changed (1.2 ms)` → `2 rows changed`) and with each run of blanks
/// made two: what the status bar says, whatever the time taken.
func withoutTiming(_ line: String) -> String {
    line.replacing(#/ +server [0-9.]+ (ms|s), rows [0-9.]+ (ms|s)/#, with: "")
        .replacing(#/ \([0-9.]+ (ms|s)\)/#, with: "")
        .replacing(#/ {2,}/#, with: "  ")
}
