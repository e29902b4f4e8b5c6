import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A column value whose encoding, for the text "clears", runs a schema script on the database the
/// test sets: user code that empties the connection's statement cache while an insert of its object
/// is running.
struct CacheClearingLabel: Codable, Equatable, Sendable {
    var text = "label"

    /// The database the encoding writes to (set by the test, read by the encoder).
    final class Target: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Database?
        var database: Database? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
    static let target = Target()

    func encode(to encoder: any Encoder) throws {
        if text == "clears" { try Self.target.database?.executeScript("CREATE TABLE IF NOT EXISTS scratch (a text)") }
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    init(text: String = "label") { self.text = text }

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }
}

@Model(table: "labelled")
final class Labelled {
    var label: CacheClearingLabel = CacheClearingLabel()
    var count: Int = 0
}

final class StatementCacheTests: XCTestCase {
    /// An insert borrows its cached statement without retaining it: a cache emptied by the object's
    /// own encoding, mid-insert, must keep that statement alive until the insert is done with it.
    func testTheCacheEmptiedDuringAnInsertKeepsTheInsertsStatement() throws {
        let db = try makeTestDatabase(self)
        CacheClearingLabel.target.database = db
        defer { CacheClearingLabel.target.database = nil }
        try db.transaction { _ in
            for count in 0..<5 {
                let object = Labelled()
                // The inserts before the third found the statement in the cache: the third borrows it.
                object.label = CacheClearingLabel(text: count == 3 ? "clears" : "row \(count)")
                object.count = count
                try object.commit(in: db)
            }
        }
        let rows = try db.fetchAll("SELECT label, count FROM labelled ORDER BY count")
        XCTAssertEqual(rows.count, 5)
        XCTAssertEqual(rows.map { $0[1] }, (0..<5).map { .integer(Int64($0)) })
        XCTAssertEqual(rows.first?[0], .text("\"row 0\""))
        let catalog: SQL = switch TestDatabaseKind.current {
        case .sqlite: "SELECT count(*) FROM sqlite_master WHERE name = 'scratch'"
        case .postgres: "SELECT count(*) FROM pg_catalog.pg_tables WHERE tablename = 'scratch'"
        }
        XCTAssertEqual(try db.scalar(catalog), .integer(1))
    }
}
