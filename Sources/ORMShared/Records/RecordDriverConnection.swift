/// What the record layer asks of a connection that each database does its own way, implemented in
/// the driver's folder (`SQLite/Records`, `PostgreSQL/Records`) and reached through
/// ``DatabaseConnection/records``.
package protocol RecordDriverConnection: CoreDriverConnection where PreparedStatement: RecordDriverStatement {
    // MARK: - Models' rows (called once a fetch, a fault or a refresh)

    /// Every row `sql` returns as live objects of `type` (the identity map's own where live),
    /// through the driver's own loop over its concrete statement
    /// (``Model/materializeRows(of:database:columnMap:)``); columns matched by name when
    /// `mapsColumnsByName` (`SELECT *`), else in the schema's order.
    func fetchModels<T: Model>(_ type: T.Type, sql: SQL, database: Database, mapsColumnsByName: Bool) throws -> [T]

    /// Runs a record query (`sql`, rendered) and hands `body` each row's record, decoded by
    /// `decoder`, with the driver's statement positioned on that row: the driver's own loop, its
    /// way of decoding chosen once a query (SQLite's ``RecordDecoder/decode`` reads in place;
    /// another's ``RecordDecoder/decodeValues`` reads a ``_ValueRow``). `entity` names the table
    /// in errors.
    func runRecordQuery<Record>(
        _ sql: SQL, decoder: RecordDecoder<Record>, database: Database, entity: String,
        _ body: (Record, any DriverStatement) throws -> Void
    ) throws

    /// Reads the row of key `key` into `object` (`sql` selects a model's columns by key, run as the
    /// model's statement `statement`), calling `beforeApplying` between finding the row and
    /// applying it (keeping the properties the object changed meanwhile); false when there is no
    /// such row.
    func readModelRow<T: Model>(
        into object: T, key: SQLValue, statement: ModelStatementKey, sql: String, database: Database,
        beforeApplying: () -> Void
    ) throws -> Bool

    // MARK: - Models' writes (called once an object)

    /// Inserts `object` with the model's insert statement as `run` says (`sql(schema)` prepares it on
    /// first use) and returns the key its row got. SQLite runs its concrete loop over its own
    /// statement; a database whose keys come from sequences keeps them past keys given by hand.
    func insertObject<T: Model>(
        _ object: T, schema: ModelSchema, key: SQLValue, run: InsertRun, database: Database
    ) throws -> SQLValue

    /// Whether a failed statement aborts the open transaction until a rollback to a savepoint
    /// (PostgreSQL): what may fail is then tried in a savepoint of its own.
    var abortsTransactionOnError: Bool { get }

    /// Whether the database keeps tables of one session that every read can be sent to
    /// (PostgreSQL's `pg_temp`): ``Database/makeSessionTable(namedAfter:columns:fill:)``.
    var hasSessionTables: Bool { get }

    /// Whether other database files can be attached to every connection (SQLite's `ATTACH`):
    /// ``Database/attach(file:as:)``.
    var attachesFiles: Bool { get }

    /// Whether what a statement typed by a person does to its connection (SQLite's `ATTACH` and
    /// `temp` tables) is seen on that connection alone, so questions about it are read there
    /// (``Database/fetchAllOnStatementConnection(_:)``); false where every connection sees the
    /// same schemas (PostgreSQL).
    var keepsStatementStateOnItsConnection: Bool { get }

    /// How a query over `table` that keeps at most `limit` bytes of each of the columns `cutting`
    /// reads them on this database; nil when they are read whole and cut after.
    static func longValueCut(limit: Int, table: DynamicTable, cutting: [String]) -> (any LongValueCut)?

    // MARK: - Schema, trials, edits

    /// Brings a model's table in line with its schema in `database` (lightweight migration), in
    /// one transaction, telling `database`'s migration observers before it runs and once it
    /// committed.
    ///
    /// - Throws: ``ORMError/migrationWouldLoseData(table:detail:)`` when values cannot be converted
    ///   to a new type, with nothing changed; ``ORMError/migrationFailed(table:detail:)``.
    func migrateTable(_ schema: ModelSchema, in database: Database) throws

    /// Readies what the driver keeps of model `type` once its table is ready in a database (the
    /// first use of the model there), before its first query or write.
    func prepareModel<T: Model>(_ type: T.Type)

    /// Adds the foreign keys of `schemas`, tables made earlier in a cycle of references, that
    /// reference `table`, made now (a database that declares them with the table: nothing).
    func addForeignKeys(of schemas: [ModelSchema], referencing table: String) throws

    /// The count of unresolved foreign keys a trial of staged edits asks after each edit, as the
    /// open transaction stands now.
    func unresolvedForeignKeys() throws -> any UnresolvedForeignKeys

    /// Brings the key sequences of `schemas`' tables past the keys given by hand in the
    /// transaction about to commit (a database whose keys come from sequences: PostgreSQL).
    func catchUpKeySequences(_ schemas: [ModelSchema]) throws

    /// How this database's trial of staged edits runs each step, made once per trial: PostgreSQL's
    /// gives an insert that leaves out a generated key the key the sequence would give next,
    /// without drawing it; nil where steps run as written (SQLite's trial sees the next rowid).
    func keyingTrialSteps() -> ((EditTrial.Step) -> EditTrial.Step)?

    /// Runs one edit of a found table's row (an insert, update or delete) and returns the rowid
    /// or key an insert made (SQLite's rowid; where there is none, the value of `column` handed
    /// back with `RETURNING`, when given) and how many rows it changed.
    func writeRow(_ statement: SQL, returningKey column: String?) throws -> (insertedKey: Int64?, changed: Int)

    /// After inserts into `table` that gave its generated integer key `column` by hand: the key's
    /// sequence moves past the largest key, never back, as SQLite's rowid goes past the largest
    /// (nothing where keys come from no sequence).
    func catchUpKeySequence(ofTable table: String, column: String) throws

    /// Runs one statement as written (``Database/runStatement(_:columns:row:)``): its columns
    /// named before the first row, each row handed over as the database hands it (texts and blobs
    /// over `limit` bytes in place, where the database can; with `inPieces`, long blobs of a plain
    /// projection of one table as ``StatementRunRow/pieces``, where the database can), and what it did.
    func runStatement(
        _ sql: SQL, borrowingValuesOver limit: Int?, readingBlobsInPieces inPieces: Bool, columns: ([StatementColumn]) throws -> Void,
        row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport

    /// After raw SQL `insert` inserted rows in `database`: where keys come from sequences, those of
    /// model tables given keys by hand are moved past the largest key.
    func noteKeysGivenByHand(in insert: String, database: Database) throws

    /// Runs `sql` (rendered, bound) and hands `body` each row as ``RowCells``
    /// (``Database/forEachRowCells(_:_:body:)``): in place where the driver's statement reads its
    /// rows where they are (its ``InPlaceCells``, chosen once a statement), else from the values
    /// the database sent (the default).
    func forEachRowCells(_ sql: SQL, _ body: (RowCells) throws -> Void) throws
}

extension RecordDriverConnection {
    package func forEachRowCells(_ sql: SQL, _ body: (RowCells) throws -> Void) throws {
        try forEachValueRow(sql) { try body(RowCells(.values($0))) }
    }

    package var abortsTransactionOnError: Bool { false }

    package var hasSessionTables: Bool { false }

    package var attachesFiles: Bool { false }

    package var keepsStatementStateOnItsConnection: Bool { false }

    package func prepareModel<T: Model>(_ type: T.Type) {}

    package func addForeignKeys(of schemas: [ModelSchema], referencing table: String) throws {}

    package func catchUpKeySequences(_ schemas: [ModelSchema]) throws {}

    package func keyingTrialSteps() -> ((EditTrial.Step) -> EditTrial.Step)? { nil }

    package func catchUpKeySequence(ofTable table: String, column: String) throws {}

    package func noteKeysGivenByHand(in insert: String, database: Database) throws {}
}
