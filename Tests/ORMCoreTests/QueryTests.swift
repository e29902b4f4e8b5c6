import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "q_location")
final class QLocation {
    var city: String = ""
}

@Model(table: "q_department")
final class QDepartment {
    var name: String = ""
    var location: QLocation?
}

@Model(table: "q_person")
final class QPerson {
    var name: String = ""
    var age: Int = 0
    var department: QDepartment?
}

@Model(table: "q_tag")
final class QTag {
    @Key var code: String = ""
    var label: String = ""
}

/// The behaviours of SharkORM's query tests, re-expressed, and its known defects as passing tests.
final class QueryTests: XCTestCase {
    private var db: Database!

    override func setUpWithError() throws {
        db = try makeTestDatabase(self)
        let london = QLocation()
        london.city = "London"
        let paris = QLocation()
        paris.city = "Paris"
        let rnd = QDepartment()
        rnd.name = "R&D"
        rnd.location = london
        let sales = QDepartment()
        sales.name = "Sales"
        sales.location = paris
        try db.transaction { _ in
            for (index, name) in ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"].enumerated() {
                let person = QPerson()
                person.name = name
                person.age = 20 + index * 5
                person.department = index % 2 == 0 ? rnd : sales
                try person.commit(in: db)
            }
        }
    }

    override func tearDown() {
        db = nil
    }

    func testWhereOrderLimitOffset() throws {
        let minimum = 25
        let people = try QPerson.query(in: db).where("age >= \(minimum)").orderBy("age", descending: true)
            .limit(3).offset(1).fetch()
        XCTAssertEqual(people.map(\.name), ["Ed", "Di", "Cy"])
        XCTAssertEqual(try QPerson.query(in: db).where("name IN ?", ["Bo", "Ed", "Zed"]).orderBy("name").fetch().map(\.name), ["Bo", "Ed"])
        XCTAssertEqual(try QPerson.query(in: db).orderBy("department.name").orderBy("name").fetch().map(\.name), ["Ann", "Cy", "Ed", "Bo", "Di", "Flo"])
    }

    func testDotNotationJoinsAtAnyDepthButNotInsideLiterals() throws {
        XCTAssertEqual(try QPerson.query(in: db).where("department.name = ?", "R&D").orderBy("name").fetch().map(\.name), ["Ann", "Cy", "Ed"])
        XCTAssertEqual(
            try QPerson.query(in: db).where("department.location.city = \("Paris")").orderBy("department.location.city")
                .orderBy("name").fetch().map(\.name), ["Bo", "Di", "Flo"])
        // The text 'department.name' inside a literal is a value, not a path.
        XCTAssertEqual(try QPerson.query(in: db).where("'department.name' = 'department.name'").count(), 6)
        XCTAssertThrowsError(try QPerson.query(in: db).where("name.length = 1").count())
    }

    func testJoinToExposesJoinedValuesAndChains() throws {
        let people = try QPerson.query(in: db)
            .joinTo(QDepartment.self, leftParameter: "department", targetParameter: "id")
            .joinTo(QLocation.self, leftParameter: "q_department.location", targetParameter: "id")
            .where("q_location.city = 'London'").orderBy("name").fetch()
        XCTAssertEqual(people.map(\.name), ["Ann", "Cy", "Ed"])
        XCTAssertEqual(people.first?.joinedValues["q_department.name"], .text("R&D"))
        XCTAssertEqual(people.first?.joinedValues["q_location.city"], .text("London"))
    }

    /// `Table.column` is accepted on both sides of `joinTo` (it was quoted as one identifier on the
    /// target side: `"q_department"."q_department.id"`), matched case-insensitively; a table name
    /// with dots and a column name with dots are told apart by the tables the join has.
    func testJoinToAcceptsQualifiedColumnsOnBothSides() throws {
        let people = try QPerson.query(in: db)
            .joinTo(QDepartment.self, leftParameter: "q_person.department", targetParameter: "Q_Department.id")
            .joinTo(QLocation.self, leftParameter: "q_department.location", targetParameter: "q_location.id")
            .where("q_location.city = 'London'").orderBy("name").fetch()
        XCTAssertEqual(people.map(\.name), ["Ann", "Cy", "Ed"])
        XCTAssertEqual(people.first?.joinedValues["q_department.name"], .text("R&D"))

        try db.execute(#"CREATE TABLE "odd.t" ("k.id" INTEGER PRIMARY KEY, label TEXT)"#)
        try db.execute(#"INSERT INTO "odd.t" SELECT age, 'aged ' || age FROM q_person"#)
        let odd = try db.table("odd.t").entity
        for target in ["odd.t.k.id", "k.id", "ODD.T.k.id"] {
            let labelled = try QPerson.query(in: db).joinTo(odd, leftParameter: "age", targetParameter: target)
                .orderBy("name").fetch()
            XCTAssertEqual(labelled.first?.joinedValues["odd.t.label"], .text("aged 20"), target)
        }

        XCTAssertThrowsError(
            try QPerson.query(in: db).joinTo(QDepartment.self, leftParameter: "department", targetParameter: "q_location.id")
                .fetch()
        ) { error in
            guard case .invalidQuery(let detail)? = error as? ORMError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("q_location.id") && detail.contains("q_department"), detail)
        }
        XCTAssertThrowsError(
            try QPerson.query(in: db).joinTo(QDepartment.self, leftParameter: "nowhere.department", targetParameter: "id")
                .count())
    }

    /// An object in a condition binds its row's key, interpolated or for `?`, alone or in a list;
    /// an object not inserted yet, a removed one, and nil bind NULL.
    func testObjectsBindAsTheirKeys() throws {
        let rnd = try XCTUnwrap(try QDepartment.query(in: db).where("name = 'R&D'").first())
        let sales = try XCTUnwrap(try QDepartment.query(in: db).where("name = 'Sales'").first())
        XCTAssertEqual(try QPerson.query(in: db).where("department = \(rnd)").orderBy("name").fetch().map(\.name), ["Ann", "Cy", "Ed"])
        XCTAssertEqual(try QPerson.query(in: db).where("department = ?", sales).count(), 3)
        XCTAssertEqual(try QPerson.query(in: db).where("department IN \([rnd, sales])").count(), 6)
        XCTAssertEqual(try QPerson.fetch(where: "department = \(sales)", orderedBy: "name", in: db).map(\.name), ["Bo", "Di", "Flo"])
        let someDepartment: QDepartment? = rnd
        XCTAssertEqual(try QPerson.query(in: db).where("department = \(someDepartment)").count(), 3)
        XCTAssertEqual(SQL("x = \(rnd)").arguments, [.integer(rnd.id)])

        let loner = QPerson()
        loner.name = "Gus"
        try loner.commit(in: db)
        let draft = QDepartment()
        let noDepartment: QDepartment? = nil
        XCTAssertEqual(SQL("\(draft)").arguments, [.null], "not inserted: no key to stand for")
        XCTAssertEqual(try QPerson.query(in: db).where("department IS NOT DISTINCT FROM \(draft)").fetch().map(\.name), ["Gus"])
        XCTAssertEqual(try QPerson.query(in: db).where("department IS NOT DISTINCT FROM \(noDepartment)").fetch().map(\.name), ["Gus"])

        let closed = QDepartment()
        closed.name = "Closed"
        try closed.commit(in: db)
        XCTAssertEqual(SQL("\(closed)").arguments, [.integer(closed.id)])
        try closed.remove()
        XCTAssertEqual(SQL("\(closed)").arguments, [.null], "removed: its row is gone")

        // A fault (only its key loaded) binds its key without loading the row.
        let other = try openSameDatabase(db)
        let fault = try other.object(QDepartment.self, key: .integer(rnd.id))
        XCTAssertEqual(SQL("\(fault)").arguments, [.integer(rnd.id)])
        XCTAssertTrue(fault.isFault)
    }

    func testCountHonoursLimitAndOffset() throws {
        XCTAssertEqual(try QPerson.query(in: db).count(), 6)
        XCTAssertEqual(try QPerson.query(in: db).limit(4).count(), 4)
        XCTAssertEqual(try QPerson.query(in: db).offset(4).count(), 2, "SharkORM returns 0 with an offset")
        XCTAssertEqual(try QPerson.query(in: db).limit(10).offset(5).count(), 1)
    }

    func testAggregatesStayUnambiguousWithJoins() throws {
        let joined = QPerson.query(in: db).joinTo(QDepartment.self, leftParameter: "department", targetParameter: "id")
        // Both tables have "name" and "id": generated SQL must qualify them.
        XCTAssertEqual(try joined.distinct("name").count, 6)
        XCTAssertEqual(try joined.ids().count, 6)
        XCTAssertEqual(try joined.batch(2).fetch().count, 6)
        XCTAssertEqual(try QPerson.query(in: db).sum("age"), .integer(20 + 25 + 30 + 35 + 40 + 45))
        XCTAssertEqual(try QPerson.query(in: db).limit(2).orderBy("age").sum("age"), .integer(45))
        XCTAssertEqual(try QPerson.query(in: db).orderBy("department.name").distinct("department.name"), ["R&D", "Sales"])
        let groups = try QPerson.query(in: db).orderBy("name").groupBy("department.name")
        XCTAssertEqual(groups["R&D"]?.map(\.name), ["Ann", "Cy", "Ed"])
        XCTAssertEqual(groups["Sales"]?.map(\.name), ["Bo", "Di", "Flo"])
    }

    func testIdsKeepSixtyFourBitsAndStringKeys() throws {
        let big = QPerson()
        big.id = Int64.max - 7
        big.name = "Big"
        try big.commit(in: db)
        XCTAssertTrue(try QPerson.query(in: db).ids().contains(.integer(Int64.max - 7)))
        let tag = QTag()
        tag.code = "swift-ü"
        try tag.commit(in: db)
        XCTAssertEqual(try QTag.query(in: db).ids(), [.text("swift-ü")])
        XCTAssertTrue(try QTag.query(in: db).where("code = ?", "swift-ü").first() === tag)
    }

    func testLightweightFetchFaultsInOnAccess() throws {
        let other = try openSameDatabase(db)  // nothing alive there yet
        let faults = try QPerson.query(in: other).orderBy("name").fetchLightweight()
        XCTAssertEqual(faults.count, 6)
        XCTAssertTrue(faults.allSatisfy { $0.persistenceStatus == .fault })
        XCTAssertEqual(faults[0].name, "Ann")
        XCTAssertEqual(faults[0].persistenceStatus, .persisted)
        XCTAssertEqual(faults[1].persistenceStatus, .fault, "only the object touched is loaded")
    }

    func testLongInListsAreNotLimitedBySQLiteVariables() throws {
        let ids = try QPerson.query(in: db).ids()
        let many = ids + (1...40_000).map { SQLValue.integer(Int64($0)) }
        XCTAssertEqual(try QPerson.query(in: db).where("id IN ?", many).count(), 6)
        let names = (0..<5_000).map { "name \($0)" } + ["Ann"]
        XCTAssertEqual(try QPerson.query(in: db).where("name IN \(names)").fetch().map(\.name), ["Ann"])
    }

    func testRemoveAllDeletesInOneStatementAndLiveObjectsFollow() throws {
        let ann = try XCTUnwrap(try QPerson.query(in: db).where("name = 'Ann'").first())
        XCTAssertEqual(try QPerson.query(in: db).where("department.name = 'R&D'").removeAll(), 3)
        XCTAssertTrue(ann.isDeleted)
        XCTAssertEqual(try QPerson.query(in: db).count(), 3)
    }

    func testAsyncVariantsDoNotBlockTheCaller() async throws {
        let database = try XCTUnwrap(db)
        let count = try await QPerson.query(in: database).where("age > \(30)").count()
        XCTAssertEqual(count, 3)
        let people = try await QPerson.query(in: database).orderBy("name").fetch()
        XCTAssertEqual(people.first?.name, "Ann")
        let names = try await QPerson.query(in: database).distinct("name")
        XCTAssertEqual(names.count, 6)
    }

    func testSQLOfAQueryIsBoundAndQualified() throws {
        let recorder = SQLRecorder()
        let traced = try openSameDatabase(db, configuration: recorder.configuration)
        try traced.prepare(QPerson.self)
        recorder.reset()
        _ = try QPerson.query(in: traced).where("department.name = \("R&D")").orderBy("name").limit(2).fetch()
        XCTAssertEqual(
            recorder.recorded.last,
            #"SELECT "q_person"."id", "q_person"."name", "q_person"."age", "q_person"."department" FROM "q_person" LEFT JOIN "q_department" AS "orm_path_1" ON "orm_path_1"."id" = "q_person"."department" WHERE ("orm_path_1"."name" = ?) ORDER BY "q_person"."name", "q_person"."id" LIMIT ?"#
        )
    }

    /// A path after a comment holding an apostrophe is still a path (the comment's `'` opened a
    /// string that hid it), and `$T` after one is still the table.
    func testPathsAndShortcutsAfterCommentsWithApostrophes() throws {
        XCTAssertEqual(try QPerson.query(in: db).where("1 = 1 -- the team's\nAND department.name = 'R&D'").count(), 3)
        let key = quoteIdentifier(QPerson.modelSchema.primaryKey.name)
        XCTAssertEqual(QPerson.expandShortcuts("UPDATE $T SET age = 1 -- don't\nWHERE $PK = ? AND '$T' = [$T]"),
                       "UPDATE \"q_person\" SET age = 1 -- don't\nWHERE \(key) = ? AND '$T' = [$T]")
    }
}
