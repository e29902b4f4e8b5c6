import Foundation
import ORMCore
import XCTest

/// The Swift examples of the README and the ORMCore guides, run as written (each block stands here
/// verbatim; `DocumentationSnippetTests` checks that), followed by what they must have done.
final class ExampleTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        Database.setDefault(nil)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The Events guide's notification triggers: PostgreSQL's; a SQLite file needs none and says so.
    func testChangeNotificationsAreRefusedOnSQLite() throws {
        let db = try Database.inMemory()
        XCTAssertThrowsError(try installAndRemoveChangeNotifications(db)) { error in
            guard case ORMError.notSupported(_, "SQLite") = error else { return XCTFail("\(error)") }
        }
    }

    private func installAndRemoveChangeNotifications(_ db: Database) throws {
        let tables = try db.installChangeNotifications()      // every table of the schema, or on: ["orders"]
        print(try db.tablesWithChangeNotifications())         // other sessions' commits to them arrive named
        _ = try db.removeChangeNotifications(from: tables)    // and the function, once nothing calls it
    }

    /// The Events guide's tables of other schemas: PostgreSQL's (`PostgresOtherSchemaChangeTests`
    /// runs the same call on a server); a SQLite file has one schema, and the call changes nothing.
    func testWatchingTablesOfOtherSchemasChangesNothingOnSQLite() throws {
        let db = try Database.inMemory()
        watchRoyalty(db)
        XCTAssertEqual(try db.fetchAll("SELECT 1").count, 1)
    }

    private func watchRoyalty(_ db: Database) {
        db.watchTablesOfOtherSchemas([QualifiedTableName(schema: "sales", name: "royalty")])
        // another session's commit to it arrives as a change of "sales.royalty"; [] stops watching it
    }

    /// The cluster guide's examples (`PostgresClusterTests` runs the same calls on a cluster).
    private func clusterGuide() throws {
        var configuration = Configuration()
        configuration.readPlacement = .preferStandby(maximumWait: .milliseconds(500))
        let sales = try Database(url: "postgresql://app@db1:5432,db2:5432/sales", configuration: configuration)

        try sales.transaction(retryingFor: .seconds(30)) { _ in
            try sales.execute("UPDATE account SET balance = balance - 10 WHERE id = 7")
        }
    }

    /// Run where its servers do not exist: opening fails with a connection error, naming them.
    func testTheClusterGuideFailsToConnectWhereItsServersAreNotFound() {
        XCTAssertThrowsError(try clusterGuide()) { error in
            let error = error as? PostgresDatabaseError
            XCTAssertEqual(error?.isConnectionLost, true, "\(String(describing: error))")
            XCTAssertTrue(error?.message.contains("db1") ?? false, "\(String(describing: error))")
        }
    }

    /// The README's first program and the getting-started guide.
    func testFirstProgram() throws {
        let path = folder.appendingPathComponent("company.sqlite").path
        let db = try Database(path: path)      // created if missing; WAL, foreign keys on
        Database.setDefault(db)

        let ada = Employee()
        ada.name = "Ada"
        ada.age = 36
        ada.department = Department()
        try ada.commit()                       // creates both tables, inserts both rows in one transaction

        try db.transaction { tx in             // all or nothing; nested calls are savepoints
            ada.age += 1
            try ada.commit()                   // UPDATE "Employee" SET "age" = ? WHERE "id" = ?
        }

        let minimumAge = 18
        let adults = try Employee.query()
            .where("age >= \(minimumAge)")     // interpolated values are bound, never spliced
            .orderBy("name")
            .fetch()
        let inDepartment = try Employee.query().where("department.name = ?", "R&D").count()

        XCTAssertEqual(adults.map(\.name), ["Ada"])
        XCTAssertEqual(adults.first?.age, 37)
        XCTAssertEqual(inDepartment, 0)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM \(identifier: "Department")"), .integer(1))
        XCTAssertTrue(adults.first === ada, "one live instance per row")

        let sameDepartment = try Employee.query().where("department = \(ada.department)").fetch()

        ada.age = 99
        ada.revert()                           // drops unsaved changes; refresh() also reads the row again

        let grace = Employee()
        grace.name = "Grace"
        grace.email = "grace@example.com"
        try grace.commit()
        let rename = Employee()                // a new object with Grace's unique email…
        rename.name = "Grace Hopper"
        rename.email = "grace@example.com"
        try rename.commit(options: CommitOptions(onConflict: .update))   // …updates her row: one Grace

        XCTAssertTrue(sameDepartment.count == 1 && sameDepartment[0] === ada)
        XCTAssertEqual(ada.age, 37, "revert drops the unsaved 99")
        XCTAssertFalse(ada.hasChanges)
        XCTAssertEqual(try Employee.query().where("email = ?", "grace@example.com").fetch().map(\.name), ["Grace Hopper"])
        XCTAssertEqual(rename.id, grace.id, "the upsert took the stored row's key")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM \(identifier: "Employee")"), .integer(2))
        XCTAssertEqual(try Employee.query().fetch().map(\.id), try Employee.query().orderBy("id").fetch().map(\.id),
                       "rows come back in insertion order")
    }

    /// The errors guide: one catch for both databases, by what happened.
    private func commitSayingWhy(_ person: Person) throws {
        do {
            try person.commit()
        } catch let error as any DatabaseError where error.isUniqueViolation {
            print("taken:", error.uniqueViolation?.columns ?? [])
        } catch let error as any DatabaseError where error.isBusy {
            print("locked by another writer:", error.message)
        }
    }

    func testErrorsGuide() throws {
        let db = try Database(path: folder.appendingPathComponent("errors.sqlite").path)
        Database.setDefault(db)
        let first = Person()
        first.email = "ada@example.com"
        try first.commit()
        let second = Person()
        second.email = "ada@example.com"
        // The guide's catch takes the clash, so nothing is thrown past it, and nothing was written.
        try commitSayingWhy(second)
        XCTAssertEqual(try Person.query().count(), 1)
        XCTAssertThrowsError(try second.commit()) { error in
            let error = error as? any DatabaseError
            XCTAssertEqual(error?.isUniqueViolation, true)
            XCTAssertEqual(error?.uniqueViolation?.columns, ["email"])
        }
    }

    /// The transactions guide: `fail` rolls back.
    func testTransactionGuide() throws {
        let db = try Database(path: ":memory:")
        Database.setDefault(db)
        let ada = Employee()
        ada.name = "Ada"
        ada.age = 150
        try ada.commit()

        XCTAssertThrowsError(
            try db.transaction { tx in
                ada.age += 1
                try ada.commit()
                if ada.age > 150 {
                    try tx.fail("implausible age")
                }
            }
        )
        XCTAssertEqual(try db.scalar("SELECT age FROM \(identifier: "Employee")"), .integer(150))
    }

    /// The models guide's `Person` and the queries guide.
    func testQueriesGuide() throws {
        let db = try Database(path: ":memory:")
        Database.setDefault(db)
        let grace = Person()
        grace.firstName = "Grace"
        grace.lastName = "Hopper"
        grace.tags = ["navy", "cobol"]
        let kathleen = Person()
        kathleen.firstName = "Kathleen"
        kathleen.lastName = "Booth"
        kathleen.manager = grace
        try kathleen.commit()
        let name = "Booth"
        let person = kathleen

        let page = try Person.query()
            .where("lastName = \(name)")                     // interpolated values are bound
            .where("manager.lastName = ?", "Hopper")         // dot paths LEFT JOIN related tables
            .orderBy("lastName").orderBy("firstName", descending: true)
            .limit(20).offset(40)
            .fetch()
        let managed = try Person.query().where("manager IS NOT NULL").count()   // honours limit/offset
        let byName = try Person.query().groupBy("lastName")                     // [SQLValue: [Person]]

        XCTAssertEqual(page.count, 0, "offset 40 skips the one match")
        XCTAssertEqual(managed, 1)
        XCTAssertEqual(byName[.text("Hopper")]?.first?.tags, ["navy", "cobol"])

        try Person.execute("UPDATE $T SET lastName = upper(lastName) WHERE $PK = ?", person.id)
        let count = try db.scalar("SELECT count(*) FROM people WHERE lastName = \(name)")

        XCTAssertEqual(count, .integer(0), "the update upper-cased the name")
        XCTAssertEqual(kathleen.lastName, "BOOTH", "the live instance reloads after raw SQL")
    }

    /// The result-sets guide.
    func testResultSetsGuide() throws {
        let db = try Database(path: ":memory:")
        Database.setDefault(db)
        try db.transaction { _ in
            for index in 0..<1_200 {
                let person = Person()
                person.lastName = "Name \(10_000 + index)"
                try person.commit()
            }
        }

        let people = try Person.query().orderBy("lastName").batch(500).fetch()
        for person in people.prefix(10) {
            print(person.lastName)
        }

        XCTAssertEqual(people.count, 1_200)
        XCTAssertEqual(people[1_199].lastName, "Name 11199")
    }

    /// The events guide: an insert is delivered after its commit.
    func testEventsGuide() throws {
        let db = try Database(path: ":memory:")
        Database.setDefault(db)
        try db.prepare(Person.self)
        let delivered = expectation(description: "insert delivered")
        let deliveredOnce = DeliveredOnce(delivered)
        let check = try Person.eventHandler().register(events: [.insert]) { _ in deliveredOnce.fulfil() }
        defer { check.cancel() }

        let registration = try Person.eventHandler().register(events: [.insert, .delete]) { event in
            print(event)
        }
        defer { registration.cancel() }

        try Person().commit()
        wait(for: [delivered], timeout: 30)
    }

    /// The guide to tables found at run time.
    func testDynamicTablesGuide() throws {
        let db = try Database(path: ":memory:")
        try db.executeScript("""
            CREATE TABLE "Track"("TrackId" INTEGER PRIMARY KEY, "Name" TEXT, "GenreId" INTEGER);
            INSERT INTO "Track"("Name", "GenreId") VALUES ('Walk', 1), ('Run', 2), ('Amble', 1);
            """)

        let tracks = try db.table("Track").query().where("GenreId = \(1)").orderBy("Name").fetch()
        for track in tracks.prefix(3) {
            print(track["Name"] ?? .null)
        }

        XCTAssertEqual(tracks.map { $0["Name"] }, [.text("Amble"), .text("Walk")])
    }
}

/// Fulfils an expectation the first time only (events may come more than once).
private final class DeliveredOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var expectation: XCTestExpectation?

    init(_ expectation: XCTestExpectation) {
        self.expectation = expectation
    }

    func fulfil() {
        lock.lock()
        let pending = expectation
        expectation = nil
        lock.unlock()
        pending?.fulfill()
    }
}
