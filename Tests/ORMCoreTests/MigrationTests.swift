import PostgresClient
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Migrations driven by hand-written schemas: the same path `@Model` classes take on first use.
final class MigrationTests: XCTestCase {
    private func column(
        _ name: String, _ type: ColumnType, nullable: Bool = false, default value: SQLValue, former: [String] = []
    ) -> ModelColumn {
        ModelColumn(name: name, type: type, isNullable: nullable, defaultValue: value, formerNames: former)
    }

    private func key() -> PrimaryKey { PrimaryKey(name: "id", type: .integer, strategy: .randomInteger) }

    private func migrate(_ db: Database, _ schema: ModelSchema) throws {
        try db.migrateTable(schema)
    }

    func testThreeVersionsKeepTheData() throws {
        let db = try makeTestDatabase(self)
        let events = Locked<[String]>([])
        db.onMigration { event in
            switch event {
            case .willMigrate(let plan): events.mutate { $0.append("will \(plan.table): \(plan.steps)") }
            case .didMigrate(let plan): events.mutate { $0.append("did \(plan.table)") }
            }
        }
        // v1: person(name, age TEXT)
        let v1 = ModelSchema(
            table: "person", primaryKey: key(),
            columns: [column("name", .text, default: ""), column("age", .text, default: "0")])
        try migrate(db, v1)
        try db.execute("INSERT INTO person(id, name, age) VALUES (1, 'Ann', '41'), (2, 'Bo', '7')")

        // v2: name → fullName (renamed), age TEXT → INTEGER, new email column, index on fullName.
        let v2 = ModelSchema(
            table: "person", primaryKey: key(),
            columns: [
                column("fullName", .text, default: "", former: ["name"]), column("age", .integer, default: 0),
                column("email", .text, nullable: true, default: .null),
            ],
            indexes: [IndexDefinition("fullName")])
        try migrate(db, v2)
        // Integers read back as integers (text would be `.text("41")`).
        XCTAssertEqual(
            try db.fetchAll(#"SELECT id, "fullName", age, email FROM person ORDER BY id"#),
            [[1, "Ann", 41, .null], [2, "Bo", 7, .null]])

        // v3: table renamed to people, email removed, score added with a default, index dropped.
        let v3 = ModelSchema(
            table: "people", formerTableNames: ["person"], primaryKey: key(),
            columns: [
                column("fullName", .text, default: ""), column("age", .integer, default: 0),
                column("score", .real, default: 1.5),
            ])
        try migrate(db, v3)
        XCTAssertNil(try db.tableInfo("person"))
        XCTAssertEqual(
            try db.fetchAll(#"SELECT id, "fullName", age, score FROM people ORDER BY id"#),
            [[1, "Ann", 41, 1.5], [2, "Bo", 7, 1.5]])
        XCTAssertEqual(try db.tableInfo("people")?.columns.map(\.name), ["id", "fullName", "age", "score"])
        XCTAssertFalse(try db.tableInfo("people")?.indexes.contains { $0.name.hasPrefix("orm_index") } ?? true)
        XCTAssertEqual(events.value.filter { $0.hasPrefix("did") }, ["did person", "did person", "did people"])
        XCTAssertTrue(events.value.contains { $0.hasPrefix("will people: [rename table from person, rebuild table") })
    }

    func testPlansAreMinimal() throws {
        let db = try makeTestDatabase(self)
        let v1 = ModelSchema(table: "t", primaryKey: key(), columns: [column("a", .text, default: "")])
        try migrate(db, v1)
        let added = ModelSchema(
            table: "t", primaryKey: key(),
            columns: [column("a", .text, default: ""), column("b", .integer, default: 3)],
            indexes: [IndexDefinition(IndexedColumn.descending("b"), unique: true)])
        let plan = MigrationPlan.make(for: added, existing: try db.tableInfo("t")) { _ in nil }
        XCTAssertEqual(plan.steps, [.addColumn("b"), .createIndex("orm_unique_t_b_desc")])
        XCTAssertFalse(plan.rebuilds)
        try migrate(db, added)
        XCTAssertTrue(
            MigrationPlan.make(for: added, existing: try db.tableInfo("t")) { _ in nil }.isEmpty,
            "a migrated table needs nothing more")
        let index = try db.tableInfo("t")?.indexes.first { $0.name == "orm_unique_t_b_desc" }
        XCTAssertEqual(index?.isUnique, true)
        XCTAssertEqual(index?.columns, [IndexedColumn("b", descending: true)])
    }

    func testUnconvertibleValuesAbortAndLeaveTheTableAsItWas() throws {
        let db = try makeTestDatabase(self)
        let v1 = ModelSchema(table: "t", primaryKey: key(), columns: [column("n", .text, default: "")])
        try migrate(db, v1)
        try db.execute("INSERT INTO t(id, n) VALUES (1, '12'), (2, 'twelve')")
        let v2 = ModelSchema(table: "t", primaryKey: key(), columns: [column("n", .integer, default: 0)])
        XCTAssertThrowsError(try migrate(db, v2)) { error in
            guard case .migrationWouldLoseData(let table, let detail)? = error as? ORMError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(table, "t")
            // SQLite counts the values; PostgreSQL's cast stops at the first, saying why.
            let expected = switch TestDatabaseKind.current {
            case .sqlite: "1 value of column n cannot be stored as INTEGER"
            case .postgres: #"values of column n cannot be stored as bigint: invalid input syntax for type bigint: "twelve""#
            }
            XCTAssertTrue(detail.contains(expected), detail)
        }
        XCTAssertEqual(try db.fetchAll("SELECT id, n FROM t ORDER BY id"), [[1, "12"], [2, "twelve"]], "still text")
        XCTAssertEqual(try db.tableInfo("t")?.column(named: "n")?.declaredType.lowercased(), "text")
    }

    func testDuplicateValuesRefuseAUniqueIndex() throws {
        let db = try makeTestDatabase(self)
        let v1 = ModelSchema(table: "t", primaryKey: key(), columns: [column("e", .text, default: "")])
        try migrate(db, v1)
        try db.execute("INSERT INTO t(id, e) VALUES (1, 'same'), (2, 'same')")
        let v2 = ModelSchema(
            table: "t", primaryKey: key(), columns: [column("e", .text, default: "")],
            indexes: [IndexDefinition("e", unique: true)])
        XCTAssertThrowsError(try migrate(db, v2)) { error in
            switch TestDatabaseKind.current {
            case .sqlite: XCTAssertEqual((error as? SQLiteError)?.code, .constraint, "\(error)")
            case .postgres: XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "23505", "\(error)")
            }
            XCTAssertTrue((error as? any DatabaseError)?.isUniqueViolation ?? false, "\(error)")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2))
    }

    /// A column dropped (SQLite rebuilds the table, PostgreSQL alters it in place) keeps the user's
    /// indexes, triggers and child rows, and foreign keys stay enforced.
    func testRebuildKeepsUserIndexesTriggersAndChildRows() throws {
        let db = try makeTestDatabase(self)
        let parent = ModelSchema(
            table: "dept", primaryKey: key(), columns: [column("name", .text, default: ""), column("old", .text, default: "")])
        try migrate(db, parent)
        let trigger = switch TestDatabaseKind.current {
        case .sqlite:
            "CREATE TRIGGER dept_audit AFTER UPDATE ON dept BEGIN INSERT INTO audit VALUES (new.name); END;"
        case .postgres:
            """
            CREATE FUNCTION dept_audit() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN INSERT INTO audit VALUES (NEW.name); RETURN NEW; END $$;
            CREATE TRIGGER dept_audit AFTER UPDATE ON dept FOR EACH ROW EXECUTE FUNCTION dept_audit();
            """
        }
        try db.executeScript(
            """
            CREATE TABLE emp(id bigint PRIMARY KEY, dept bigint REFERENCES dept(id) ON DELETE CASCADE);
            CREATE INDEX user_dept_name ON dept(name);
            CREATE TABLE audit(msg text);
            """)
        try db.executeScript(SQL(trigger))
        try db.executeScript(
            """
            INSERT INTO dept(id, name, old) VALUES (1, 'R&D', 'x');
            INSERT INTO emp(id, dept) VALUES (10, 1);
            """)
        let removed = ModelSchema(table: "dept", primaryKey: key(), columns: [column("name", .text, default: "")])
        try migrate(db, removed)
        XCTAssertEqual(try db.tableInfo("dept")?.columns.map(\.name), ["id", "name"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM emp"), .integer(1), "dropping the old table must not cascade")
        XCTAssertNotNil(try db.tableInfo("dept")?.indexes.first { $0.name == "user_dept_name" })
        try db.execute("UPDATE dept SET name = 'Research' WHERE id = 1")
        XCTAssertEqual(try db.scalar("SELECT msg FROM audit"), .text("Research"), "the trigger was recreated")
        if TestDatabaseKind.current == .sqlite {
            XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), .integer(1), "foreign keys are back on")
        }
        XCTAssertThrowsError(try db.execute("INSERT INTO emp(id, dept) VALUES (11, 99)"), "foreign keys are enforced")
    }

    /// SQLite's alone: its rebuild turns foreign keys off, which cannot happen inside a transaction
    /// (PostgreSQL alters in place; the test after it runs on both).
    func testRebuildInsideATransactionWithForeignKeysIsRefusedClearly() throws {
        let db = try Database.inMemory()
        try migrate(db, ModelSchema(table: "t", primaryKey: key(), columns: [column("a", .text, default: "")]))
        let changed = ModelSchema(table: "t", primaryKey: key(), columns: [column("a", .integer, default: 0)])
        XCTAssertThrowsError(try db.transaction { _ in try migrate(db, changed) }) { error in
            guard case .migrationFailed(_, let detail)? = error as? ORMError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("prepare"), detail)
        }
    }

    /// A migration inside a transaction (a column added: no rebuild on either database) is part of
    /// it: rolled back with it, committed with it.
    func testAMigrationInsideATransactionRollsBackAndCommitsWithIt() throws {
        let db = try makeTestDatabase(self)
        try migrate(db, ModelSchema(table: "t", primaryKey: key(), columns: [column("a", .text, default: "")]))
        let added = ModelSchema(
            table: "t", primaryKey: key(), columns: [column("a", .text, default: ""), column("b", .integer, default: 3)])
        try? db.transaction { _ in
            try migrate(db, added)
            XCTAssertEqual(try db.tableInfo("t")?.columns.map(\.name), ["id", "a", "b"])
            throw CancellationError()
        }
        XCTAssertEqual(try db.tableInfo("t")?.columns.map(\.name), ["id", "a"], "rolled back with the transaction")
        try db.transaction { _ in try migrate(db, added) }
        try db.execute("INSERT INTO t(id, a) VALUES (1, 'x')")
        XCTAssertEqual(try db.fetchAll("SELECT a, b FROM t"), [["x", 3]])
    }

    func testSQLMigrationsRunOnceInOrder() throws {
        let db = try makeTestDatabase(self)
        var migrator = SQLMigrator()
        migrator.register("1 create", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note(id, body) VALUES (1, NULL)")
        migrator.register("2 backfill") { db in try db.execute("UPDATE note SET body = 'empty' WHERE body IS NULL") }
        XCTAssertEqual(try migrator.migrate(db), ["1 create", "2 backfill"])
        XCTAssertEqual(try migrator.migrate(db), [], "a second run does nothing")
        migrator.register("3 broken", sql: "INSERT INTO note(id, body) VALUES (2, 'kept?'); SELECT nonsense FROM nowhere")
        XCTAssertThrowsError(try migrator.migrate(db))
        XCTAssertEqual(try migrator.appliedIdentifiers(in: db), ["1 create", "2 backfill"])
        XCTAssertEqual(try db.fetchAll("SELECT body FROM note"), [["empty"]], "the failed migration left nothing")
    }

    /// An applied migration edited since is refused by name before anything runs; line endings
    /// are no edit; a ledger made before checksums takes the migrations as they are now.
    func testSQLMigratorRefusesAMigrationEditedAfterItRan() throws {
        let db = try makeTestDatabase(self)
        var first = SQLMigrator()
        first.register("1 create", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);\nINSERT INTO note(id, body) VALUES (1, 'a')")
        first.register("2 swift", checksum: "v1") { db in try db.execute("INSERT INTO note(id, body) VALUES (2, 'b')") }
        XCTAssertEqual(try first.migrate(db), ["1 create", "2 swift"])

        var sameButCRLF = SQLMigrator()
        sameButCRLF.register("1 create", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);\r\nINSERT INTO note(id, body) VALUES (1, 'a')")
        sameButCRLF.register("2 swift", checksum: "v1") { _ in }
        XCTAssertEqual(try sameButCRLF.migrate(db), [])

        var edited = SQLMigrator()
        edited.register("1 create", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT NOT NULL);\nINSERT INTO note(id, body) VALUES (1, 'a')")
        edited.register("2 swift", checksum: "v1") { _ in }
        edited.register("3 more", sql: "INSERT INTO note(id, body) VALUES (3, 'c')")
        XCTAssertThrowsError(try edited.migrate(db)) { error in
            XCTAssertEqual(error as? ORMError, .migrationEdited(identifier: "1 create"))
            XCTAssertTrue("\(error)".contains("1 create"), "\(error)")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM note"), .integer(2), "the pending migration did not run")

        var swiftEdited = SQLMigrator()
        swiftEdited.register("1 create", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);\nINSERT INTO note(id, body) VALUES (1, 'a')")
        swiftEdited.register("2 swift", checksum: "v2") { _ in }
        XCTAssertThrowsError(try swiftEdited.migrate(db)) { error in
            XCTAssertEqual(error as? ORMError, .migrationEdited(identifier: "2 swift"))
        }
        var unchecked = SQLMigrator()
        unchecked.register("2 swift") { _ in }
        XCTAssertEqual(try unchecked.migrate(db), [], "a Swift migration without a checksum is not checked")
    }

    func testALedgerFromBeforeChecksumsAdoptsTheMigrationsAsTheyAreNow() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript("""
            CREATE TABLE orm_migrations (identifier text NOT NULL PRIMARY KEY, applied_at double precision NOT NULL);
            INSERT INTO orm_migrations VALUES ('1 create', 0);
            CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);
            """)
        var migrator = SQLMigrator()
        migrator.register("1 create", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT)")
        XCTAssertEqual(try migrator.migrate(db), [])
        XCTAssertEqual(
            try db.scalar("SELECT checksum FROM orm_migrations"),
            .text(SQLMigrator.checksum(of: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT)")))
        var edited = SQLMigrator()
        edited.register("1 create", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY)")
        XCTAssertThrowsError(try edited.migrate(db)) { error in
            XCTAssertEqual(error as? ORMError, .migrationEdited(identifier: "1 create"))
        }
    }

    func testChecksumsAreSHA256() {
        // FIPS 180-4 examples, and a message whose padding needs a second block.
        XCTAssertEqual(SHA256.hexDigest("".utf8), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hexDigest(String(repeating: "a", count: 1_000).utf8),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
