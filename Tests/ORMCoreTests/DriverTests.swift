import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The database boundary: the core opens its connections through a driver and asks it what the
/// database can do; the record layer reads errors through ``DatabaseError``.
final class DriverTests: XCTestCase {
    /// A driver that opens SQLite connections but reports no readers, no trial connection and no
    /// watch on other processes, as a database without them would.
    private struct WriterOnlyDriver: DatabaseDriver {
        let sqlite: SQLiteDriver
        var dialect: SQLDialect { sqlite.dialect }
        var capabilities: DriverCapabilities {
            DriverCapabilities(
                concurrentReaders: false, trialConnection: false, externalChanges: false, changeSource: .connectionHooks)
        }
        func openConnection(for role: ConnectionRole) throws -> Connection {
            try sqlite.openConnection(for: role)
        }
    }

    func testEachDriverSaysWhereItsChangesComeFromAndWhichDialectItSpeaks() throws {
        let sqlite = SQLiteDriver(path: ":memory:", configuration: Configuration())
        XCTAssertEqual(sqlite.capabilities.changeSource, .connectionHooks)
        XCTAssertEqual(sqlite.dialect, .sqlite)
        // Nothing is connected: the string is only read.
        let postgres = try PostgresDriver("postgres://reef@127.0.0.1:1/none")
        XCTAssertEqual(postgres.capabilities.changeSource, .recordedWrites)
        XCTAssertEqual(postgres.dialect, .postgres)
    }

    /// What one database has and the other has not is asked of the driver's connection, and the
    /// refusal names the database at hand; a driver's own settings live in its folder.
    func testWhatADatabaseLacksIsRefusedByItsDriversAnswer() throws {
        let db = try Database(path: ":memory:")
        XCTAssertTrue(db.writer.connection.records.attachesFiles)
        XCTAssertFalse(db.writer.connection.records.hasSessionTables)
        XCTAssertThrowsError(try db.makeSessionTable(namedAfter: "t", columns: [("a", .integer)]) { _ in }) { error in
            guard case ORMError.notSupported(let feature, let database) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(feature, "session tables")
            XCTAssertEqual(database, "SQLite")
        }
        var configuration = Configuration()
        XCTAssertTrue(configuration.functions.isEmpty)
        configuration.functions = [SQLFunction("twice", argumentCount: 1) { $0[0] }]
        XCTAssertEqual(configuration.functions.map(\.name), ["twice"])
        XCTAssertEqual(SQLScript.statements(in: "SELECT 1; SELECT 2", dialect: .sqlite), ["SELECT 1", "SELECT 2"])
    }

    func testSQLiteReportsReadersTrialsAndExternalChangesForAFileOnly() throws {
        let path = try temporaryDatabasePath(self)
        let everything = DriverCapabilities(
            concurrentReaders: true, trialConnection: true, externalChanges: true, changeSource: .connectionHooks)
        let nothing = DriverCapabilities(
            concurrentReaders: false, trialConnection: false, externalChanges: false, changeSource: .connectionHooks)
        XCTAssertEqual(SQLiteDriver(path: path, configuration: Configuration()).capabilities, everything)
        XCTAssertEqual(SQLiteDriver(path: ":memory:", configuration: Configuration()).capabilities, nothing)

        let file = try Database(path: path)
        XCTAssertNotNil(file.core.readers)
        XCTAssertNotNil(file.core.trials)
        let memory = try Database.inMemory()
        XCTAssertNil(memory.core.readers)
        XCTAssertNil(memory.core.trials)
    }

    func testTheCoreReadsOnTheWriterWhenTheDriverHasNoReaders() throws {
        let path = try temporaryDatabasePath(self)
        let configuration = Configuration()
        let core = try DatabaseCore(
            driver: WriterOnlyDriver(sqlite: SQLiteDriver(path: path, configuration: configuration)), path: path,
            configuration: configuration)
        XCTAssertNil(core.readers)
        XCTAssertNil(core.trials)
        let writer = core.writer.connection
        XCTAssertTrue(try core.read { $0.object === writer.object })

        let sqlite = try DatabaseCore(path: path, configuration: configuration)
        let sqliteWriter = sqlite.writer.connection
        XCTAssertFalse(try sqlite.read { $0.object === sqliteWriter.object }, "a file's reads run on a reader")
    }

    func testTheWatchOnOtherProcessesStartsOnlyWhereTheDriverCanTell() throws {
        let path = try temporaryDatabasePath(self)
        let configuration = Configuration()
        let core = try DatabaseCore(
            driver: WriterOnlyDriver(sqlite: SQLiteDriver(path: path, configuration: configuration)), path: path,
            configuration: configuration)
        let delivered = Locked<[ChangeSet]>([])
        core.externalChanges.start(core) { changes in delivered.mutate { $0.append(changes) } }
        XCTAssertFalse(core.externalChanges.isRunning)

        let watched = try DatabaseCore(path: path, configuration: configuration)
        watched.externalChanges.start(watched) { _ in }
        XCTAssertTrue(watched.externalChanges.isRunning)
        watched.externalChanges.stop()
    }

    func testAUniqueViolationReadsAsADatabaseError() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT UNIQUE)")
        try db.execute("INSERT INTO t (id, email) VALUES (1, 'a@example.com')")
        do {
            try db.execute("INSERT INTO t (id, email) VALUES (1, 'b@example.com')")
            XCTFail("the key was given twice")
        } catch let error as any DatabaseError {
            XCTAssertTrue(error.isUniqueViolation)
            XCTAssertTrue(error.isPrimaryKeyViolation)
            XCTAssertEqual(error.uniqueViolation?.columns, ["id"])
            XCTAssertEqual(error.sql, "INSERT INTO t (id, email) VALUES (1, 'b@example.com')")
            XCTAssertFalse(error.isBusy)
            XCTAssertFalse(error.isInterrupted)
        }
        do {
            try db.execute("INSERT INTO t (id, email) VALUES (2, 'a@example.com')")
            XCTFail("the email was given twice")
        } catch let error as any DatabaseError {
            XCTAssertTrue(error.isUniqueViolation)
            XCTAssertFalse(error.isPrimaryKeyViolation)
            XCTAssertEqual(error.uniqueViolation?.columns, ["email"])
        }
    }

    /// A database described from memory: the plan is worked out from whatever introspector the
    /// driver gives, not from SQLite's tables.
    private struct DescribedTables: SchemaIntrospector {
        let tables: [String: TableInfo]
        func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)] {
            tables.values.map { ($0.name, $0.kind) }.sorted { $0.name < $1.name }
        }
        func tableInfo(_ name: String) throws -> TableInfo? { tables[name] }
        func triggers(on name: String) throws -> [TriggerInfo] { [] }
        func storesUTF8() throws -> Bool { true }
    }

    func testTheMigrationPlanIsMadeFromAnyIntrospector() throws {
        let scratch = try Database.inMemory()
        try scratch.execute("CREATE TABLE people_old (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '')")
        let old = try XCTUnwrap(try scratch.tableInfo("people_old"))
        let schema = ModelSchema(
            table: "person", formerTableNames: ["people_old"],
            primaryKey: PrimaryKey(name: "id", type: .integer, strategy: .randomInteger),
            columns: [
                ModelColumn(name: "name", type: .text, isNullable: false, defaultValue: "", formerNames: []),
                ModelColumn(name: "email", type: .text, isNullable: true, defaultValue: .null, formerNames: []),
            ])

        let renamed = try MigrationPlan.make(for: schema, in: DescribedTables(tables: ["people_old": old]))
        XCTAssertEqual(renamed.steps.map(\.description), ["rename table from people_old", "add column email"])
        let missing = try MigrationPlan.make(for: schema, in: DescribedTables(tables: [:]))
        XCTAssertEqual(missing.steps.map(\.description), ["create table"])
    }
}
