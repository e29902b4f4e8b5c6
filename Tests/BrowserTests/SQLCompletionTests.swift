import XCTest
@testable import Browser

/// What `Tab` offers at the SQL and filter prompts, read from the text with ORMCore's tokenizer.
final class SQLCompletionTests: XCTestCase {
    /// A schema like the fixture's, columns known without a database.
    private let schema = CompletionSchema(
        tables: [("album_titles", true), ("albums", false), ("artists", false), ("my \"odd\" table", false), ("pairs", false)],
        functions: ["abs", "count", "regexp", "reef_bar", "replace"],
        currentTable: nil,
        columns: { table in
            switch table {
            case "albums": ["id", "artist_id", "title", "cover", "notes", "price"]
            case "artists": ["id", "name", "country"]
            case "my \"odd\" table": ["a col", "select"]
            case "album_titles": ["title", "name"]
            default: nil
            }
        })

    /// The candidates' names at the cursor (`|` in `text`).
    private func names(_ text: String, filter: Bool = false, schema: CompletionSchema? = nil) -> [String] {
        completion(text, filter: filter, schema: schema).map { $0.candidates.map(\.name) } ?? ["refused"]
    }

    private func completion(_ text: String, filter: Bool = false, schema: CompletionSchema? = nil) -> SQLCompletion? {
        let cursor = text.distance(from: text.startIndex, to: text.firstIndex(of: "|") ?? text.endIndex)
        let plain = text.replacingOccurrences(of: "|", with: "")
        return try? SQLCompletion.complete(plain, cursor: cursor, schema: schema ?? self.schema, filter: filter).get()
    }

    func testAfterFromOnlyTablesAndViews() {
        XCTAssertEqual(names("select * from al|"), ["album_titles", "albums"])
        XCTAssertEqual(names("select * from albums join ar|"), ["artists"])
        XCTAssertEqual(names("select * from albums, |").count, 5, "a , of the FROM list")
        XCTAssertEqual(names("insert into p|"), ["pairs"])
        XCTAssertEqual(names("UPDATE a|"), ["album_titles", "albums", "artists"])
    }

    func testColumnsOfTheTablesTheStatementNamesComeFirst() {
        XCTAssertEqual(names("select ti| from albums"), ["title", "TIES"])
        let all = names("select | from albums a join artists r on r.id = a.artist_id")
        XCTAssertEqual(Array(all.prefix(8)), ["artist_id", "country", "cover", "id", "name", "notes", "price", "title"])
        XCTAssertTrue(all.contains("albums") && all.contains("count") && all.contains("SELECT"))
        let id = completion("select i| from albums join artists")?.candidates.first
        XCTAssertEqual(id?.detail, "column albums, artists", "one candidate for a column both tables have")
    }

    func testAQualifierGivesThatTablesColumns() {
        XCTAssertEqual(names("select r.| from albums a join artists r"), ["country", "id", "name"])
        XCTAssertEqual(names("select a.n| from albums AS a"), ["notes"])
        XCTAssertEqual(names("select artists.c| from artists"), ["country"])
        XCTAssertEqual(names("select x.| from albums"), [], "an unknown qualifier offers nothing")
    }

    func testOnlyTheStatementAtTheCursorCounts() {
        XCTAssertEqual(names("select * from artists; select n| from albums").first, "notes")
        XCTAssertEqual(names("select n| from albums; select * from artists"), ["notes", "NATURAL", "NO", "NOT", "NOTHING",
                                                                              "NOTNULL", "NULL", "NULLS"])
    }

    func testNoCompletionInsideAStringACommentOrANumber() {
        let text = "select 'ti"
        XCTAssertEqual(try? SQLCompletion.complete(text, cursor: text.count, schema: schema).get(), nil)
        guard case .failure(let refusal) = SQLCompletion.complete(text, cursor: text.count, schema: schema) else {
            return XCTFail("completed inside a string")
        }
        XCTAssertEqual(refusal, .inString)
        XCTAssertEqual(names("select 'a|b' from albums"), ["refused"])
        XCTAssertEqual(names("select 1 -- ti|"), ["refused"])
        XCTAssertEqual(names("select /* ti| */ 1"), ["refused"])
        XCTAssertEqual(names("select 12|"), ["refused"])
        XCTAssertEqual(names("select ?1|"), ["refused"])
        XCTAssertEqual(names("select /* x */ ti| from albums"), ["title", "TIES"], "after a closed comment")
    }

    func testNamesThatNeedQuotingAreInsertedQuoted() throws {
        let odd = try XCTUnwrap(completion("select * from my|")?.candidates.first)
        XCTAssertEqual(odd.insertion, #""my ""odd"" table""#)
        let column = try XCTUnwrap(completion(#"select a| from "my ""odd"" table""#)?.candidates.first)
        XCTAssertEqual(column.name, "a col")
        XCTAssertEqual(column.insertion, #""a col""#)
        XCTAssertEqual(completion(#"select se| from "my ""odd"" table""#)?.candidates.first?.insertion, #""select""#,
                       "a keyword as a name is quoted")
        let quoted = try XCTUnwrap(completion(#"select * from "my ""o|"#))
        XCTAssertEqual(quoted.candidates.map(\.insertion), [#""my ""odd"" table""#])
        XCTAssertEqual(quoted.range, 14..<21, "the quote typed is replaced too")
        XCTAssertEqual(quoted.prefix, #"my "o"#)
        XCTAssertTrue(SQLCompletion.needsQuoting("2nd"))
        XCTAssertTrue(SQLCompletion.needsQuoting("Zoë"))
        XCTAssertTrue(SQLCompletion.needsQuoting("order"))
        XCTAssertFalse(SQLCompletion.needsQuoting("artist_id"))
    }

    func testKeywordsAndFunctionsFollowTheCaseTyped() {
        XCTAssertEqual(completion("sel|")?.candidates.map(\.insertion), ["select"])
        XCTAssertEqual(completion("SEL|")?.candidates.map(\.insertion), ["SELECT"])
        XCTAssertEqual(completion("select cou|")?.candidates.map(\.insertion), ["count("])
        XCTAssertEqual(completion("select COU|")?.candidates.map(\.insertion), ["COUNT("])
        XCTAssertEqual(completion("select reg|")?.candidates.map(\.insertion), ["regexp(", "regexp"])
    }

    func testAFilterOffersTheFilteredGridsColumns() {
        var filtered = schema
        filtered.currentTable = "albums"
        filtered.currentColumns = ["id", "title", "price"]
        XCTAssertEqual(names("pr|", filter: true, schema: filtered), ["price", "PRAGMA", "PRECEDING", "PRIMARY"])
        XCTAssertEqual(names("art|", filter: true, schema: filtered), [], "no tables but in a subquery")
        XCTAssertEqual(names("id in (select id from art|", filter: true, schema: filtered), ["artists"])
        XCTAssertEqual(names("id in (select id from artists where co|)", filter: true, schema: filtered),
                       ["country", "count", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT"],
                       "a subquery's table too")
        XCTAssertEqual(names("pr|", filter: false, schema: filtered), ["PRAGMA", "PRECEDING", "PRIMARY"],
                       "the SQL prompt names its tables itself")
    }

    func testTheStatementsWithQueriesAreTables() throws {
        XCTAssertEqual(names("with recent(n, t) as (select id, title from albums) select * from rec|"), ["recent"])
        XCTAssertEqual(completion("with recent as (select 1) select * from r|")?.candidates.first?.detail, "with")
        XCTAssertEqual(names("with recent(n, t) as (select 1) select r.| from recent r"), ["n", "t"])
        XCTAssertEqual(names("with recent(n, t) as (select 1) select | from recent").prefix(2), ["n", "t"])
        XCTAssertEqual(names("WITH RECURSIVE c(x) AS (SELECT 1), d AS MATERIALIZED (SELECT 2) SELECT * FROM |").prefix(2),
                       ["c", "d"])
        XCTAssertEqual(names("select * from albums, ar|"), ["artists"], "a , of FROM is no WITH query")
    }

    func testTheRangeIsTheWordBeforeTheCursor() throws {
        let found = try XCTUnwrap(completion("select ti| from albums"))
        XCTAssertEqual(found.range, 7..<9)
        XCTAssertEqual(found.prefix, "ti")
        XCTAssertEqual(completion("select * from albums where |")?.range, 27..<27)
        let inside = try XCTUnwrap(completion("select ti|tle from albums"))
        XCTAssertEqual(inside.range, 7..<12, "the whole word the cursor is in")
        XCTAssertEqual(inside.prefix, "ti")
    }
}
