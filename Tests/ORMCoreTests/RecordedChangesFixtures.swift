import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

// The models and the driver of RecordedChangesTests (FetchWindowTests uses them too).

@Model(table: "rc_item")
final class RCItem {
    var name: String = ""
    var stock: Int = 0
}

@Model(table: "rc_tag", primaryKey: .provided)
final class RCTag {
    var id: String = ""
    var label: String = ""
}

/// SQLite's connections standing in a database that reports no changes and hands an insert's key
/// back with `RETURNING` (PostgreSQL): what a commit changed comes from what ORMCore recorded
/// (``ChangeSource/recordedWrites``).
struct RecordedWritesDriver: DatabaseDriver {
    let sqlite: SQLiteDriver
    var dialect: SQLDialect { sqlite.dialect }

    init(path: String, configuration: Configuration) {
        var sqlite = SQLiteDriver(path: path, configuration: configuration)
        sqlite.changeHooks = false
        self.sqlite = sqlite
    }

    var capabilities: DriverCapabilities {
        var capabilities = sqlite.capabilities
        capabilities.insertedKeys = .returning
        return capabilities
    }

    func openConnection(for role: ConnectionRole) throws -> Connection {
        try sqlite.openConnection(for: role)
    }
}
