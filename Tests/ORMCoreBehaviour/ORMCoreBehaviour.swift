import Dispatch
import Foundation
import ORMCore
import XCTest

/// ORMCore's behaviour through its public API, written once and run on every database: a test
/// class per database (`SQLiteBehaviourTests` in ORMCoreTests, `PostgresBehaviourTests` in
/// ORMCorePostgresTests) opens a fresh, empty database for each test through its
/// ``BehaviourDatabase`` and calls the behaviour of the same name here.
///
/// XCTest on Linux finds only the test methods a class declares itself (none it inherits), so
/// each class lists every behaviour as a one-line method; ``all`` names them, and each class's
/// `testEveryBehaviourIsListed` checks its list against it. To move a test here: write it as a
/// method of this type that opens its database with `try fresh()`, add its name to ``all``, and
/// add the one-line method to both classes.
public struct ORMCoreBehaviour {
    /// Opens a fresh, empty database (each call a new one), with `configuration`.
    public let open: (Configuration) throws -> Database
    /// The database's name in failure messages ("SQLite", "PostgreSQL").
    public let name: String

    /// Behaviours run on the database `open` makes.
    public init(name: String, open: @escaping (Configuration) throws -> Database) {
        self.name = name
        self.open = open
    }

    /// Every behaviour, by the name its test method carries after `test`.
    public static let all = [
        "ModelsCommitFindAndRemove", "QueryBuilderFiltersSortsLimitsCountsAndSums", "OneLiveInstancePerRow",
        "RollbackRestoresObjectsAndRows", "EventsPerClassAndPerObject",
        "BatchedResultSetReadsItsFirstWindowAtOnceAndJumpsOneWindow", "DynamicTableEditsAreApplied",
        "KeysGivenByHandAreNotGeneratedAgain", "UpsertUpdatesTheClashingRow", "RawSQLIsToldAsTableChanges",
        "StagedEditsAreJudgedAsTheCommitWouldAndNeverWritten", "LongListsBindAsOneValue",
        "BuilderNamesOfColumnsWithCapitalsMeanThoseColumns", "AWhereNamesTheQuerysTablesInAnyCase",
        "ABatchedQueryTheDatabaseRefusesThrows", "AnEmptyListMatchesNothingAndItsNegationEverything",
        "NumbersAsTruthAndTextComparedWithNumbersGiveSQLitesAnswers",
        "ATextComparedWithABoolColumnIsReadAsATruthValue", "NumbersBesideConnectivesAndInListsGiveOneAnswer",
        "TheSumOfATextColumnIsRefusedOnBoth", "ADateComparedWithANumberComparesItsSeconds",
        "FetchWhereResolvesNamesAsTheBuilderDoes", "ATableFoundAtRunTimeReadsLiteralsByItsColumnTypes",
        "BoundValuesAreReadByTheColumnTheyAreComparedWith",
        "ExpressionsBesideATypedColumnGiveOneAnswerOrOneError",
        "SumsGiveOneValueTypeOnBoth",
        "GroupByKeysAreTheSameValuesOnBoth",
        "ALaterWindowThatFailsThrows",
        "AJoinFromABoolOrDateColumnToANumberComparesAsStored",
        "ADecimalColumnComparesAndSortsBySizeOnBoth",
    ]

    func fresh() throws -> Database { try open(Configuration()) }

    // MARK: - Models

    public func testModelsCommitFindAndRemove() throws {
        let db = try fresh()
        let when = Date(timeIntervalSince1970: 1_700_000_000.25)
        let bolt = BItem.make(name: "bolt", stock: 3, price: 0.25, added: when)
        try bolt.commit(in: db)
        XCTAssertEqual(bolt.id, 1, name)
        let nut = BItem.make(name: "nut ✓", stock: 5, price: 1.5, added: when)
        try nut.commit(in: db)
        XCTAssertEqual(nut.id, 2, name)

        let found = try XCTUnwrap(try BItem.find(2, in: db), name)
        XCTAssertEqual(found.name, "nut ✓", name)
        XCTAssertEqual(found.price, 1.5, name)
        XCTAssertEqual(found.added, when, "\(name): a Date comes back as it went in")

        bolt.stock = 4
        try bolt.commit(in: db)
        XCTAssertEqual(try db.scalar("SELECT stock FROM b_item WHERE id = 1"), .integer(4), name)
        try nut.remove()
        XCTAssertNil(try BItem.find(2, in: db), name)
        XCTAssertEqual(try BItem.fetchAll(in: db).map(\.name), ["bolt"], name)
    }

    public func testQueryBuilderFiltersSortsLimitsCountsAndSums() throws {
        let db = try fresh()
        try db.transaction { _ in
            for index in 1...20 {
                try BItem.make(name: "item \(index)", stock: index, price: Double(index) / 4, added: Date(timeIntervalSince1970: 0))
                    .commit(in: db)
            }
        }
        let query = BItem.query(in: db).where("stock > ?", 10).orderBy("stock", descending: true)
        XCTAssertEqual(try query.limit(3).fetch().map(\.stock), [20, 19, 18], name)
        XCTAssertEqual(try query.count(), 10, name)
        XCTAssertEqual(try query.sum("stock"), .integer(155), name)
        XCTAssertEqual(try BItem.query(in: db).where("name = \("item 7")").first()?.stock, 7, name)
        XCTAssertEqual(try BItem.query(in: db).where("stock <= 2").orderBy("name").fetch().map(\.name), ["item 1", "item 2"], name)
        XCTAssertEqual(try BItem.fetch(where: "stock BETWEEN ? AND ?", [3, 4], orderedBy: "stock", in: db).map(\.stock), [3, 4], name)
    }

    /// A list longer than ``SQL``'s threshold (1,000) binds as one value: SQLite reads it with
    /// `json_each`, PostgreSQL as an array typed by the column (`= ANY`, `<> ALL`), so neither
    /// meets a limit on parameters, and both answer alike, NULLs and quotes included.
    public func testLongListsBindAsOneValue() throws {
        let db = try fresh()
        let odd = ["it's", "a \"quoted\" word", "back\\slash", "comma, {brace}", "NULL", "zoë ✓ 漢字", " padded "]
        try db.transaction { _ in
            for index in 1...3_000 {
                let name = index <= odd.count ? odd[index - 1] : "item \(index)"
                try BItem.make(name: name, stock: index, price: Double(index) / 4, added: Date(timeIntervalSince1970: 0))
                    .commit(in: db)
            }
        }
        let ids = Array(1...2_500)
        XCTAssertEqual(try BItem.query(in: db).where("id IN ?", ids).count(), 2_500, name)
        XCTAssertEqual(try BItem.query(in: db).where("id NOT IN ?", ids).count(), 500, name)
        XCTAssertEqual(
            try BItem.query(in: db).where("stock IN ? AND stock < ?", Array(2_990...4_000), 2_995).orderBy("stock").fetch().map(\.stock),
            [2_990, 2_991, 2_992, 2_993, 2_994], "\(name): the list and the values after it bind in their places")

        let names = odd + (8...1_500).map { "item \($0)" }
        XCTAssertEqual(try BItem.query(in: db).where("name IN ?", names).count(), 1_500, name)
        XCTAssertEqual(
            try BItem.query(in: db).where("name IN ?", odd + (0..<1_200).map { "absent \($0)" }).orderBy("stock").fetch().map(\.name),
            odd, "\(name): quotes, backslashes, braces, commas, the word NULL and wide text come back as they went in")
        XCTAssertEqual(try BItem.query(in: db).where("price IN ?", (1...1_200).map { Double($0) / 4 }).count(), 1_200, name)

        var withNull: [SQLValue] = ids.map { .integer(Int64($0)) }
        withNull.append(.null)
        XCTAssertEqual(try BItem.query(in: db).where("id IN ?", withNull).count(), 2_500, name)
        XCTAssertEqual(
            try BItem.query(in: db).where("id NOT IN ?", withNull).count(), 0,
            "\(name): a NULL in the list makes NOT IN unknown, as SQL has it")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM b_item WHERE stock IN \(Array(1...1_001))"), .integer(1_001), name)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM b_item WHERE stock NOT IN \(Array(1...2_999))"), .integer(1), name)
        XCTAssertEqual(
            try BItem.fetch(where: "stock not in ? AND stock > ?", [Array(1...2_998), 2_000], orderedBy: "stock", in: db).map(\.stock),
            [2_999, 3_000], "\(name): fetch(where:) writes its list for the database too")

        // An empty list: IN matches nothing, NOT IN everything (as a long list, on both).
        let none: [Int] = []
        XCTAssertEqual(try BItem.query(in: db).where("id IN \(none)").count(), 0, name)
        XCTAssertEqual(try BItem.query(in: db).where("id NOT IN \(none)").count(), 3_000, name)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM b_item WHERE name IN \([String]())"), .integer(0), name)
    }

    public func testOneLiveInstancePerRow() throws {
        let db = try fresh()
        let item = BItem.make(name: "one", stock: 1, price: 0, added: Date(timeIntervalSince1970: 0))
        try item.commit(in: db)
        XCTAssertTrue(try BItem.find(item.id, in: db) === item, name)
        XCTAssertTrue(try BItem.query(in: db).fetch().first === item, name)
        XCTAssertTrue(try BItem.fetchAll(in: db).first === item, name)
        // Raw SQL changes the row: the live object reloads it, and stays the one instance.
        try db.execute("UPDATE b_item SET stock = 9")
        XCTAssertEqual(item.stock, 9, name)
        XCTAssertTrue(try BItem.find(item.id, in: db) === item, name)
    }

    public func testRollbackRestoresObjectsAndRows() throws {
        let db = try fresh()
        let kept = BItem.make(name: "kept", stock: 1, price: 0, added: Date(timeIntervalSince1970: 0))
        try kept.commit(in: db)
        let fresh = BItem.make(name: "fresh", stock: 2, price: 0, added: Date(timeIntervalSince1970: 0))
        XCTAssertThrowsError(
            try db.transaction { _ in
                kept.stock = 100
                try kept.commit(in: db)
                try fresh.commit(in: db)
                // A savepoint rolled back inside it, then the whole transaction.
                try? db.transaction { _ in
                    kept.name = "renamed"
                    try kept.commit(in: db)
                    throw CancellationError()
                }
                XCTAssertEqual(kept.name, "kept", "\(self.name): the savepoint's change is undone")
                throw CancellationError()
            })
        XCTAssertEqual(kept.stock, 1, name)
        XCTAssertEqual(fresh.id, 0, "\(name): a rolled-back insert leaves the object new")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM b_item"), .integer(1), name)
        XCTAssertEqual(try db.scalar("SELECT stock FROM b_item"), .integer(1), name)
        try fresh.commit(in: db)
        XCTAssertEqual(try BItem.query(in: db).count(), 2, name)
    }

    // MARK: - Events

    public func testEventsPerClassAndPerObject() throws {
        let db = try fresh()
        let watched = BItem.make(name: "watched", stock: 0, price: 0, added: Date(timeIntervalSince1970: 0))
        try watched.commit(in: db)
        let queue = DispatchQueue(label: "behaviour-events")
        let perClass = Collected<String>()
        let perObject = Collected<String>()
        let registrations = [
            try BItem.eventHandler(in: db).register(queue: queue) { event in
                perClass.append("\(event.operation.map { "\($0)" } ?? "table") \(event.key ?? .null)")
            },
            try watched.observe(queue: queue) { event in
                perObject.append("\(event.operation.map { "\($0)" } ?? "table") \(event.changedColumns ?? [])")
            },
        ]
        defer { registrations.forEach { $0.cancel() } }

        let other = BItem.make(name: "other", stock: 0, price: 0, added: Date(timeIntervalSince1970: 0))
        try other.commit(in: db)
        try db.transaction { _ in
            watched.stock = 1
            try watched.commit(in: db)
            watched.name = "renamed"
            try watched.commit(in: db)
        }
        try? db.transaction { _ in
            other.stock = 50
            try other.commit(in: db)
            throw CancellationError()
        }
        try watched.remove()
        queue.sync {}
        XCTAssertEqual(perClass.values, ["insert 2", "update 1", "delete 1"], name)
        XCTAssertEqual(perObject.values, ["update [\"stock\", \"name\"]", "delete []"], name)
    }

    // MARK: - Result sets

    public func testBatchedResultSetReadsItsFirstWindowAtOnceAndJumpsOneWindow() throws {
        let statements = Collected<String>()
        var configuration = Configuration()
        configuration.tracer = { statements.append($0) }
        let db = try open(configuration)
        try db.execute("CREATE TABLE b_many (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, label TEXT)")
        let rows = 100_000
        try db.transaction { _ in
            // In chunks of 1,000 rows a statement, the values bound.
            for start in stride(from: 0, to: rows, by: 1_000) {
                var sql = SQL(stringLiteral: "INSERT INTO b_many (id, n, label) VALUES ")
                sql.text += Array(repeating: "(?, ?, ?)", count: 1_000).joined(separator: ", ")
                for n in start..<start + 1_000 {
                    sql.arguments += [.integer(Int64(n + 1)), .integer(Int64(rows - n)), .text("row \(n)")]
                }
                try db.execute(sql)
            }
        }
        let table = try db.table("b_many")
        statements.removeAll()
        let set = try table.query().orderBy("n").batch(200).fetch()
        // The first window is read by fetch() itself, before the key snapshot.
        let first = try XCTUnwrap(set.recordIfAvailable(at: 0), name)
        XCTAssertEqual(first["n"], .integer(1), name)
        XCTAssertEqual(set.count, rows, name)  // waits for the snapshot
        XCTAssertTrue(set.isSnapshotReady, name)
        statements.removeAll()
        XCTAssertEqual(set[90_123]["n"], .integer(90_124), name)
        XCTAssertEqual(set[90_124]["id"], .integer(Int64(rows - 90_124)), name)
        XCTAssertEqual(statements.values.count, 1, "\(name): a jump reads one window: \(statements.values)")
        XCTAssertLessThanOrEqual(set.residentWindowCount, 8, name)
    }

    // MARK: - Dynamic tables

    public func testDynamicTableEditsAreApplied() throws {
        let db = try fresh()
        try db.execute("CREATE TABLE b_note (id INTEGER PRIMARY KEY, body TEXT, size INTEGER)")
        try db.execute("INSERT INTO b_note (id, body, size) VALUES (1, 'one', 1), (2, 'two', 2)")
        let table = try db.table("b_note")
        let queue = DispatchQueue(label: "behaviour-notes")
        let told = Collected<String>()
        let registration = table.eventHandler().register(queue: queue, granularity: .everyRow) { event in
            told.append("\(event.operation.map { "\($0)" } ?? "table") \(event.key ?? .null)")
        }
        defer { registration.cancel() }
        let applied = try table.apply([
            .insert(values: ["id": .integer(3), "body": .text("three"), "size": .integer(3)]),
            .update(
                key: [.integer(1)], original: ["id": .integer(1), "body": .text("one"), "size": .integer(1)],
                changes: ["body": .text("uno")]),
            .delete(key: [.integer(2)], original: ["id": .integer(2), "body": .text("two"), "size": .integer(2)]),
        ])
        XCTAssertEqual(applied.written, 3, name)
        XCTAssertEqual(try db.fetchAll("SELECT id, body FROM b_note ORDER BY id"), [[.integer(1), .text("uno")], [.integer(3), .text("three")]], name)
        // A row changed since it was read is a conflict: nothing is applied.
        XCTAssertThrowsError(
            try table.apply([
                .update(
                    key: [.integer(1)], original: ["id": .integer(1), "body": .text("one"), "size": .integer(1)],
                    changes: ["size": .integer(10)])
            ]))
        XCTAssertEqual(try db.scalar("SELECT size FROM b_note WHERE id = 1"), .integer(1), name)
        let rows = try table.query().orderBy("id").fetch()
        XCTAssertEqual(rows.map { $0["body"] }, [.text("uno"), .text("three")], name)
        queue.sync {}
        XCTAssertEqual(told.values.sorted(), ["delete 2", "insert 3", "update 1"].sorted(), name)
    }

    // MARK: - Keys

    public func testKeysGivenByHandAreNotGeneratedAgain() throws {
        let db = try fresh()
        let ten = BItem.make(name: "ten", stock: 0, price: 0, added: Date(timeIntervalSince1970: 0))
        ten.id = 10
        try ten.commit(in: db)
        try db.transaction { _ in
            let twenty = BItem.make(name: "twenty", stock: 0, price: 0, added: Date(timeIntervalSince1970: 0))
            twenty.id = 20
            try twenty.commit(in: db)
        }
        let next = BItem.make(name: "next", stock: 0, price: 0, added: Date(timeIntervalSince1970: 0))
        try next.commit(in: db)
        XCTAssertEqual(next.id, 21, "\(name): the next generated key follows the largest given")
    }
}
