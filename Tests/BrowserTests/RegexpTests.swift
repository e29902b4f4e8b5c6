import ORMCore
import XCTest
@testable import Browser

/// `REGEXP` in reef's SQL: the function's answers, its errors, and a filter that uses it.
final class RegexpTests: XCTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        var configuration = Configuration()
        configuration.functions = [RegexpFunction.function]
        database = try Database(path: ":memory:", configuration: configuration)
    }

    private func regexp(_ text: SQL) throws -> SQLValue? {
        try database.scalar(text)
    }

    func testMatchesAnywhereUnlessAnchored() throws {
        XCTAssertEqual(try regexp("SELECT 'Balls to the Wall' REGEXP 'to'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 'Balls to the Wall' REGEXP '^to'"), .integer(0))
        XCTAssertEqual(try regexp("SELECT regexp('W.ll$', 'Balls to the Wall')"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 'abc' REGEXP 'a|x'"), .integer(1), "extended syntax: | without a backslash")
        XCTAssertEqual(try regexp("SELECT 'aaa' REGEXP '^a{3}$'"), .integer(1))
    }

    func testShorthandsAndIgnoringCase() throws {
        XCTAssertEqual(try regexp("SELECT 'track 42' REGEXP '\\d\\d$'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 'track' REGEXP '\\d'"), .integer(0))
        XCTAssertEqual(try regexp("SELECT '42' REGEXP '^\\D'"), .integer(0))
        XCTAssertEqual(try regexp("SELECT 'two words' REGEXP '^\\w+\\s\\w+$'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 'a\tb' REGEXP 'a\\tb'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 'a\\d' REGEXP '[\\d]'"), .integer(1), "inside brackets a backslash is itself")
        XCTAssertEqual(try regexp("SELECT 'ABBA' REGEXP '(?i)^abba$'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 'ABBA' REGEXP '^abba$'"), .integer(0))
    }

    func testUnicodeCharactersAreOneCharacterAndFoldWithIgnoringCase() throws {
        XCTAssertEqual(try regexp("SELECT 'Zoë' REGEXP '^Zo.$'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 'ØRSTED' REGEXP '(?i)^ørsted$'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT '漢字テスト' REGEXP '^.{5}$'"), .integer(1))
    }

    func testNullsNumbersAndBlobs() throws {
        XCTAssertEqual(try regexp("SELECT NULL REGEXP 'a'"), .null)
        XCTAssertEqual(try regexp("SELECT 'a' REGEXP NULL"), .null)
        XCTAssertEqual(try regexp("SELECT 1234 REGEXP '^12'"), .integer(1))
        XCTAssertEqual(try regexp("SELECT 3.0 REGEXP '^3\\.0$'"), .integer(1), "a real as the grid shows it")
        XCTAssertEqual(try regexp("SELECT X'6162' REGEXP 'ab'"), .null)
    }

    func testABadPatternIsTheStatementsErrorNamingIt() throws {
        XCTAssertThrowsError(try regexp("SELECT 'a' REGEXP 'a('")) { error in
            XCTAssertTrue("\(error)".contains("regular expression a("), "\(error)")
        }
        XCTAssertThrowsError(try regexp("SELECT 'a' REGEXP 12")) { error in
            XCTAssertTrue("\(error)".contains("a pattern is text"), "\(error)")
        }
    }

    func testTheTranslationWritesOutOnlyWhatPOSIXLacks() {
        XCTAssertEqual(RegularExpression.translate("\\d+\\D"), "[0-9]+[^0-9]")
        XCTAssertEqual(RegularExpression.translate("[]\\d]x"), "[]\\d]x")
        XCTAssertEqual(RegularExpression.translate("[^]a]\\w"), "[^]a]\\w")
        XCTAssertEqual(RegularExpression.translate("end\\"), "end\\\\")
    }

    func testAFilterInReefUsesIt() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let screens = try fixture.headless("fname REGEXP '(?i)^e.*band$'<Enter>", columns: 60, rows: 5, table: "artists")
        let screen = try XCTUnwrap(screens.last).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Emoji 😀 band"), screen)
        XCTAssertFalse(screen.contains("Ada"), screen)
        XCTAssertTrue(screen.contains("artists  1/1"), screen)
    }
}
