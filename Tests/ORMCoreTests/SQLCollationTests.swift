import ORMCore
import XCTest

/// Collations written in Swift (`Configuration.collations`): a column or an expression that names
/// one sorts, groups and compares its texts by it, on every connection of the database.
final class SQLCollationTests: XCTestCase {
    /// Texts by their length, then byte by byte.
    private static let byLength = SQLCollation("by_length") { left, right in
        left.count != right.count ? left.count - right.count : (left.elementsEqual(right) ? 0 : (left.lexicographicallyPrecedes(right) ? -1 : 1))
    }

    func testAColumnDeclaredWithTheCollationSortsGroupsAndComparesByIt() throws {
        var configuration = Configuration()
        configuration.collations = [Self.byLength]
        XCTAssertEqual(configuration.collations.map(\.name), ["by_length"])
        let database = try Database(path: try temporaryDatabasePath(self), configuration: configuration)
        try database.execute("CREATE TABLE word (text TEXT COLLATE by_length)")
        for word in ["ccc", "a", "bb", "dddd", "e"] {
            try database.execute(SQL("INSERT INTO word VALUES (?)", arguments: [word]))
        }
        XCTAssertEqual(try database.fetchAll("SELECT text FROM word ORDER BY text").map { $0[0] },
                       [.text("a"), .text("e"), .text("bb"), .text("ccc"), .text("dddd")])
        XCTAssertEqual(try database.fetchAll("SELECT text FROM word WHERE text > 'zz' ORDER BY text").map { $0[0] },
                       [.text("ccc"), .text("dddd")], "a longer text is greater, whatever its letters")
        XCTAssertEqual(try database.scalar("SELECT max(text) FROM word"), .text("dddd"))
        // A reader (another connection of the same database) knows the collation too.
        XCTAssertEqual(try database.scalar("SELECT 'zzz' < 'aaaa' COLLATE by_length"), .integer(1))
    }

    func testAStatementNamingAnUnregisteredCollationFailsClearly() throws {
        let database = try Database(path: try temporaryDatabasePath(self))
        XCTAssertThrowsError(try database.scalar("SELECT 'a' < 'b' COLLATE by_length")) { error in
            XCTAssertTrue("\(error)".contains("no such collation sequence: by_length"), "\(error)")
        }
    }
}
