import CSQLite
import ORMShared

/// How the SQLite library reef runs on reads a decimal number, asked of SQLite itself.
///
/// SQLite's conversion of decimal text to a double is not always correctly rounded (3.40 reads
/// about one in 5,000 seventeen-digit decimals one unit off, and some short ones such as
/// `8.229164544094`), so ``SQLLiteral`` checks each decimal it writes against it. One private
/// in-memory connection answers, behind a lock, for the life of the process.
final class SQLiteDecimalReader: Sendable {
    /// The reader every literal uses.
    package static let shared = SQLiteDecimalReader()

    /// The connection and its prepared `SELECT CAST(?1 AS REAL)`, nil when SQLite could not open
    /// one (every decimal is then taken as misread, so literals fall back to exact quotients).
    private let handles: Lock<Handles?>

    private init() {
        handles = Lock(Handles())
    }

    /// The double SQLite reads `decimal` as, nil when it cannot be asked.
    package func read(_ decimal: String) -> Double? {
        handles.withLock { handles in
            guard let handles else {
                return nil
            }
            let statement = handles.statement
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            let bound = decimal.withCString { csqlite_bind_text(statement, 1, $0, -1) }
            guard bound == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW else {
                return nil
            }
            return sqlite3_column_double(statement, 0)
        }
    }

    /// An open connection and its statement, finalised and closed together.
    private final class Handles {
        let database: OpaquePointer
        let statement: OpaquePointer

        init?() {
            var database: OpaquePointer?
            guard sqlite3_open_v2(":memory:", &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                let database
            else {
                sqlite3_close_v2(database)
                return nil
            }
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(database, "SELECT CAST(?1 AS REAL)", -1, &statement, nil) == SQLITE_OK,
                let statement
            else {
                sqlite3_close_v2(database)
                return nil
            }
            self.database = database
            self.statement = statement
        }

        deinit {
            sqlite3_finalize(statement)
            sqlite3_close_v2(database)
        }
    }
}
