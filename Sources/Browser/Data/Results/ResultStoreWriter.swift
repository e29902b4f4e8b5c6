import FoundationEssentials
import ORMCore

/// Fills a ``ResultStore`` with rows as a statement hands them over, in batches of
/// ``batchSize`` rows, or fewer once their texts and blobs pass ``batchBytes``, each batch one
/// transaction: memory holds one batch, never the result (a thousand rows of 1 MB values would
/// hold 1 GB).
///
/// A row holding a text or blob over ``borrowedBytes`` is not copied at all: the statement is
/// run handing such values over in place (``ORMCore/StatementRunRow/borrowed``), and the row is
/// stored at once, its long values bound where SQLite read them, so the only copies of a 50 MB
/// value are SQLite's own: the source statement's read of it and the record the store's insert
/// writes. A statement that is a plain projection of one SQLite rowid table hands a long blob,
/// and a long text of a table holding values too long for their page, over as its size
/// (``ORMCore/StatementRunRow/pieces``), copied a MiB at a time, by rowid: a blob that ends the
/// row into a zeroblob of its size, never in memory whole; a text (or a blob before other values)
/// over zeros bound from pages the kernel shares, so its one copy is the record SQLite builds of
/// the row (no API makes a text of a zeroblob).
///
/// A batch whose write fails (the work was interrupted while writing it) is kept, so
/// ``flush()`` called again after the interruption (`Esc` keeps what arrived) stores it; a row
/// with long values whose write was interrupted is not kept (its values were the statement's).
final class ResultStoreWriter {
    /// Rows written in one transaction.
    static let batchSize = 1_000
    /// The bytes of text and blobs a batch holds at most, beyond its last row.
    static let batchBytes = 4 << 20
    /// The size over which a text or blob is read in place and stored at once, never copied.
    static let borrowedBytes = 64 << 10

    /// The store filled.
    let store: ResultStore
    /// Told the number of rows that arrived, for the status bar.
    private let progress: ProgressCounter
    /// Rows arrived and not yet stored.
    private var pending: [StatementRunRow] = []
    /// The bytes of the texts and blobs pending.
    private var pendingBytes = 0
    /// Rows arrived so far.
    private(set) var arrived = 0
    /// Told the rows stored, for the grid that shows them while more arrive.
    private let fill: ResultFill?

    /// A writer into `store`, counting rows on `progress` and, when given, telling `fill` the
    /// rows stored.
    init(store: ResultStore, progress: ProgressCounter, fill: ResultFill? = nil) {
        self.store = store
        self.progress = progress
        self.fill = fill
        pending.reserveCapacity(Self.batchSize)
        fill?.started(store)
    }

    /// Takes one row, storing the batch once it is full.
    ///
    /// - Throws: SQLite's error when the batch cannot be stored (the rows stay pending).
    func append(_ row: StatementRunRow) throws {
        guard row.borrowed.isEmpty, row.pieces.isEmpty else {
            try flush()
            try insert(borrowing: row)
            arrived += 1
            progress.set(arrived)
            fill?.didStore(arrived)
            return
        }
        pending.append(row)
        pendingBytes += row.values.reduce(0) { total, value in
            switch value {
            case .text(let text): total + text.utf8.count
            case .blob(let data): total + data.count
            default: total
            }
        }
        arrived += 1
        progress.set(arrived)
        if pending.count >= Self.batchSize || pendingBytes >= Self.batchBytes {
            try flush()
        }
    }

    /// Stores the rows pending, in one transaction.
    ///
    /// - Throws: SQLite's error; the rows then stay pending.
    func flush() throws {
        guard !pending.isEmpty else {
            return
        }
        let database = store.database
        let text = store.insertSQL
        let width = store.columnNames.count
        try database.transaction { _ in
            // Rows in the order they came (their rowids): runs of plain rows inserted by one
            // prepared statement, a row holding text that is not UTF-8 by its own insert.
            var run: [[SQLValue]] = []
            for row in pending {
                var values = Self.storedValues(row.values, width: width, fromPostgres: store.isFromPostgres)
                guard !row.invalidText.isEmpty else {
                    run.append(values)
                    continue
                }
                try database.executeBatch(text, argumentRows: run)
                run.removeAll()
                for (index, bytes) in row.invalidText where values.indices.contains(index) {
                    values[index] = .blob(Data(bytes))
                }
                try database.executeBatch(store.insertSQL(rawText: Set(row.invalidText.keys)), argumentRows: [values])
            }
            try database.executeBatch(text, argumentRows: run)
        }
        pending.removeAll(keepingCapacity: true)
        pendingBytes = 0
        fill?.didStore(arrived)
    }

    /// Stores `row`, whose long values are read in place, in a transaction of its own: its values
    /// cut or padded to the statement's columns as ``flush()`` does, a short text that is not
    /// UTF-8 bound as its bytes, the long blobs that end it written after the insert
    /// (``ORMCore/Database/insert(_:arguments:borrowed:table:columns:)``).
    private func insert(borrowing row: StatementRunRow) throws {
        var values = Self.storedValues(row.values, width: store.columnNames.count, fromPostgres: store.isFromPostgres)
        for (index, bytes) in row.invalidText where values.indices.contains(index) {
            values[index] = .blob(Data(bytes))
        }
        let borrowed = row.borrowed.filter { values.indices.contains($0.key) }
        let pieces = row.pieces.filter { values.indices.contains($0.key) }
        // A blob ending the row is written after the insert, a piece at a time: never copied whole.
        try store.database.insert(store.insertSQL(rawText: Set(row.invalidText.keys)), arguments: values, borrowed: borrowed,
                                  pieces: pieces, table: ResultStore.tableName, columns: store.columnNames)
    }

    /// A row's values as the store keeps them: always the statement's columns (padded or cut all
    /// the same, never misplaced), and `fromPostgres` a floating-point NaN (`'NaN'::float8`; SQLite
    /// gives none) as the text `NaN`, where SQLite would store NULL. As text it sorts above every
    /// number, as the server places NaN, and a filter finds it (`x = 'NaN'`).
    static func storedValues(_ values: [SQLValue], width: Int, fromPostgres: Bool) -> [SQLValue] {
        var stored = Array(values.prefix(width))
        for index in stored.indices where fromPostgres {
            if case .real(let real) = stored[index], real.isNaN {
                stored[index] = .text("NaN")
            }
        }
        return stored + Array(repeating: .null, count: max(0, width - values.count))
    }
}
