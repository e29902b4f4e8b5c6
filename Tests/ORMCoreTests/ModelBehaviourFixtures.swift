import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

// The models of ModelBehaviourTests, ConcurrencyTests and IdentityAndRollbackTests (some used
// by other suites too).

@Model(table: "account")
final class Account {
    var owner: String = ""
    var balance: Int = 0
    @Transient var vetoInsert: Bool = false

    func willInsert() -> Bool { !vetoInsert }
}

@Model(table: "audited")
final class Audited {
    var note: String = ""
    static let log = Lock<[String]>([])

    func didInsert() { Self.log.withLock { $0.append("inserted \(note)") } }
    func didUpdate() { Self.log.withLock { $0.append("updated \(note)") } }
    func didDelete() { Self.log.withLock { $0.append("deleted \(note)") } }
}

@Model(table: "team")
final class Team {
    var name: String = ""
}

@Model(table: "player")
final class Player {
    var name: String = ""
    var team: Team?
}

@Model(table: "counter", primaryKey: .autoincrement)
final class Counter {
    var thread: Int = 0
    var n: Int = 0
}

/// A model with a `deinit` of its own: it must take the object out of the identity map itself.
@Model(table: "tracked")
final class Tracked {
    var label: String = ""
    static let deinits = Lock(0)

    deinit {
        _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
        Self.deinits.withLock { $0 += 1 }
    }
}
