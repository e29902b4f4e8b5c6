import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

@Model(table: "first_use")
final class FirstUse {
    var label: String = ""
}

/// A model's table created by its first use inside a transaction.
final class SchemaFirstUseTests: XCTestCase {
    /// Another thread reading the model while the transaction that creates its table is open waits
    /// for it, then reads the committed table: it never gets `no such table`.
    func testAnotherThreadWaitsForTheTransactionThatCreatesTheTable() throws {
        let db = try makeTestDatabase(self)
        let outcome = Locked<Result<[String], any Error>?>(nil)
        try db.transaction { _ in
            let item = FirstUse()
            item.label = "made in the transaction"
            try item.commit(in: db)
            DispatchQueue.global().async {
                let result = Result { try FirstUse.fetchAll(in: db).map(\.label) }
                outcome.mutate { $0 = result }
            }
            try waitUntil("the reader finished or waits for the writer") {
                outcome.value != nil || db.writer.lock.waitingThreadCount > 0
            }
        }
        try waitUntil("the reader finished") { outcome.value != nil }
        XCTAssertEqual(try outcome.value?.get(), ["made in the transaction"])
    }

    /// A rolled-back transaction leaves the registry as it was: the model is not ready and no table
    /// maps to it, so the next use creates the table again.
    func testARollbackLeavesTheRegistryAsItWas() throws {
        let db = try makeTestDatabase(self)
        try? db.transaction { _ in
            try FirstUse().commit(in: db)
            throw CancellationError()
        }
        XCTAssertFalse(db.schemaRegistry.isReady(FirstUse.self))
        XCTAssertNil(db.schemaRegistry.model(forTable: "first_use"))
        XCTAssertNil(try db.tableInfo("first_use"))

        try db.transaction { _ in
            try? db.transaction { _ in
                try FirstUse().commit(in: db)
                throw CancellationError()
            }
            XCTAssertNil(try db.tableInfo("first_use"), "the savepoint's table went with it")
            try db.execute("CREATE TABLE other(x bigint)")
        }
        XCTAssertFalse(db.schemaRegistry.isReady(FirstUse.self))
        try FirstUse().commit(in: db)
        XCTAssertTrue(db.schemaRegistry.isReady(FirstUse.self))
        XCTAssertTrue(db.schemaRegistry.model(forTable: "first_use") == FirstUse.self)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM first_use"), .integer(1))
    }

    /// Inside the transaction that created it, the table is used without being prepared again.
    func testTheTransactionThatCreatedTheTableUsesIt() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        try db.transaction { _ in
            try FirstUse().commit(in: db)
            recorder.reset()
            try FirstUse().commit(in: db)
            XCTAssertEqual(try FirstUse.fetchAll(in: db).count, 2)
        }
        // PostgreSQL numbers no rowid: its insert returns the key.
        let insert = switch TestDatabaseKind.current {
        case .sqlite: #"INSERT INTO "first_use" ("label") VALUES (?)"#
        case .postgres: #"INSERT INTO "first_use" ("label") VALUES (?) RETURNING "id""#
        }
        XCTAssertEqual(recorder.recorded.filter { !$0.hasPrefix("SELECT") }, [insert, "COMMIT"])
        XCTAssertTrue(db.schemaRegistry.isReady(FirstUse.self))
    }
}
