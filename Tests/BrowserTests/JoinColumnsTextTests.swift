import Foundation
import ORMCore
import XCTest
@testable import Browser

/// The `J` prompt's columns text (`column = its column`, pairs by commas), what it offers first, and
/// the statement a join reads.
final class JoinColumnsTextTests: XCTestCase {
    /// Names match in any case and come back spelled as each side spells them; a name alone is the
    /// same on both sides; quotes and the other table's prefix are taken.
    func testPairsAreReadAndSpelledAsTheTablesSpellThem() throws {
        let pairs = try JoinColumnsText.read(#"genreid, "Title" = Genre.name"#, columns: ["GenreId", "Title"],
                                             otherColumns: ["GenreId", "Name"], otherLabel: "Genre")
        XCTAssertEqual(pairs, [TableJoin.Pair(column: "GenreId", otherColumn: "GenreId"), TableJoin.Pair(column: "Title", otherColumn: "Name")])
        XCTAssertThrowsError(try JoinColumnsText.read("", columns: ["a"], otherColumns: ["a"], otherLabel: "t")) {
            XCTAssertEqual($0 as? JoinError, .noColumns)
        }
        XCTAssertThrowsError(try JoinColumnsText.read("a = b = c", columns: ["a"], otherColumns: ["b"], otherLabel: "t")) {
            XCTAssertEqual($0 as? JoinError, .notAPair("a = b = c"))
        }
        XCTAssertThrowsError(try JoinColumnsText.read("x = a", columns: ["a"], otherColumns: ["a"], otherLabel: "t")) {
            XCTAssertEqual(($0 as? JoinError)?.description, "the view has no column x")
        }
    }

    /// The cursor column's foreign key wins; else another column's foreign key; else the other
    /// table's foreign key to this one; else a column of the same name.
    func testTheSuggestionFollowsTheForeignKey() throws {
        let database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT, genre INTEGER REFERENCES genre(id));
            CREATE TABLE plain (code INTEGER PRIMARY KEY, name TEXT);
            """)
        let track = try XCTUnwrap(try database.tableInfo("track"))
        let genre = try XCTUnwrap(try database.tableInfo("genre"))
        let columns = track.columns.map(\.name)
        XCTAssertEqual(JoinColumnsText.suggestion(for: JoinRequest(info: genre), from: track, columns: columns, cursorColumn: "genre",
                                                  otherInfo: genre), "genre = id")
        XCTAssertEqual(JoinColumnsText.suggestion(for: JoinRequest(info: genre), from: track, columns: columns, cursorColumn: "name",
                                                  otherInfo: genre), "genre = id", "a foreign key before a name both have")
        let plain = try XCTUnwrap(try database.tableInfo("plain"))
        XCTAssertEqual(JoinColumnsText.suggestion(for: JoinRequest(info: plain), from: track, columns: columns, cursorColumn: "name",
                                                  otherInfo: plain), "name", "no key between them: the cursor column's name")
        XCTAssertEqual(JoinColumnsText.suggestion(for: JoinRequest(info: track), from: genre, columns: genre.columns.map(\.name),
                                                  cursorColumn: nil, otherInfo: track), "id = genre")
        // The cursor on the track's own key: the track's foreign key to the genre, not `id = id`.
        XCTAssertEqual(JoinColumnsText.suggestion(for: JoinRequest(info: genre), from: track, columns: columns, cursorColumn: "id",
                                                  otherInfo: genre), "genre = id")
    }

    /// A foreign key of several columns is offered whole, every pair, with the cursor on any of
    /// its columns or elsewhere; `REFERENCES t` alone pairs them with `t`'s key.
    func testTheSuggestionOfAKeyOfSeveralColumnsNamesEveryPair() throws {
        let database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE slot (room TEXT, n INTEGER, label TEXT, PRIMARY KEY (room, n));
            CREATE TABLE shelf (id INTEGER PRIMARY KEY, room TEXT, slot INTEGER, FOREIGN KEY (room, slot) REFERENCES slot (room, n));
            CREATE TABLE bin (id INTEGER PRIMARY KEY, r TEXT, s INTEGER, FOREIGN KEY (r, s) REFERENCES slot);
            """)
        let slot = try XCTUnwrap(try database.tableInfo("slot"))
        let shelf = try XCTUnwrap(try database.tableInfo("shelf"))
        let columns = shelf.columns.map(\.name)
        for cursor in ["slot", "room", "id"] {
            XCTAssertEqual(JoinColumnsText.suggestion(for: JoinRequest(info: slot), from: shelf, columns: columns, cursorColumn: cursor,
                                                      otherInfo: slot), "room, slot = n", "cursor on \(cursor)")
        }
        let bin = try XCTUnwrap(try database.tableInfo("bin"))
        XCTAssertEqual(JoinColumnsText.suggestion(for: JoinRequest(info: slot), from: bin, columns: bin.columns.map(\.name),
                                                  cursorColumn: "s", otherInfo: slot), "r = room, s = n")
    }

    /// The join reads the table's columns, then the other's under `Table.column` names, every name
    /// quoted; the key stays only when the other side matches one row.
    func testTheJoinsStatement() throws {
        let database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE track (id INTEGER PRIMARY KEY, name TEXT, genre INTEGER);
            """)
        var request = JoinRequest(info: try XCTUnwrap(try database.tableInfo("genre")))
        request.pairs = [TableJoin.Pair(column: "genre", otherColumn: "id")]
        XCTAssertTrue(request.matchesOneRow)
        let join = request.join(kind: .left)
        XCTAssertEqual(try database.table("track").rows(computing: [], joining: [join]).text,
                       #"(SELECT "track"."id", "track"."name", "track"."genre", "joined"."id" AS "genre.id", "joined"."name" AS "genre.name""#
                       + #" FROM "track" LEFT JOIN "genre" AS "joined" ON "track"."genre" = "joined"."id") AS "track""#)
        XCTAssertFalse(request.join(kind: .full).keepsRows, "a full join's rows of genre alone are no track's")
        request.pairs = [TableJoin.Pair(column: "name", otherColumn: "name")]
        XCTAssertFalse(request.matchesOneRow)
    }

    /// A second join selects from the first one's SELECT under the table's name, so its condition
    /// compares a joined column (`genre.family`); a table of another schema is named with it.
    func testASecondJoinReadsTheFirstJoinsView() throws {
        let database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE family (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE genre (id INTEGER PRIMARY KEY, family INTEGER);
            CREATE TABLE track (id INTEGER PRIMARY KEY, genre INTEGER);
            """)
        let genre = TableJoin(table: "genre", kind: .left, on: [.init(column: "genre", otherColumn: "id")], columns: ["id", "family"],
                              keepsRows: true)
        let family = TableJoin(table: "family", schema: "main", kind: .inner, on: [.init(column: "genre.family", otherColumn: "id")],
                               columns: ["name"], keepsRows: true)
        XCTAssertEqual(try database.table("track").rows(computing: [], joining: [genre, family]).text,
                       #"(SELECT "track"."id", "track"."genre", "track"."genre.id", "track"."genre.family", "joined"."name" AS "family.name""#
                       + #" FROM (SELECT "track"."id", "track"."genre", "joined"."id" AS "genre.id", "joined"."family" AS "genre.family""#
                       + #" FROM "track" LEFT JOIN "genre" AS "joined" ON "track"."genre" = "joined"."id") AS "track""#
                       + #" JOIN "main"."family" AS "joined" ON "track"."genre.family" = "joined"."id") AS "track""#)
    }
}
