import CSQLite
import FoundationEssentials
import ORMShared

/// The name ORMCore uses for `_Statement`.
@_spi(ModelSupport) public typealias Statement = _Statement

/// A prepared statement on one connection. Bind arguments, step, read columns.
///
/// Statements are owned by their ``Connection`` and used only while its lock is held.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module binds columns to it, hence the underscore. ORMCore calls it
/// `Statement`, a name tools built on ORMCore reach with `@_spi(ModelSupport) import ORMCore`.
public final class _Statement {
    @usableFromInline package let handle: OpaquePointer
    /// The statement's SQL text.
    public let sql: String
    // Unretained: a statement lives in its connection's cache or inside a call on that connection,
    // never longer. Reached through `onConnection`, which borrows it (even an `unowned(unsafe)`
    // reference is retained and released around each call made through it, twice a step). See
    // Documentation/UnsafeCode.md.
    private let connectionRef: Unmanaged<Connection>
    /// Tables the statement writes, reported by the authorizer while it was prepared.
    let writtenTables: Set<String>
    /// Whether the statement only reads (`sqlite3_stmt_readonly`).
    public let isReadOnly: Bool
    // Used only by the thread holding the statement's connection.
    var isCached = false
    @exclusivity(unchecked) var inUse = false
    /// The model last asked of the statement for its `_SQLiteRowModel` conformance and found to
    /// have it (see `rowModel(_:)`).
    @exclusivity(unchecked) var rowModelType: (any _SQLiteRowModel.Type)?
    @exclusivity(unchecked) private var started = false
    /// Where bound text and blobs are copied for SQLite to read in place.
    private let parameterBuffers: ParameterBuffers

    package init(handle: OpaquePointer, sql: String, connection: Connection, writtenTables: Set<String>) {
        self.handle = handle
        self.sql = sql
        self.connectionRef = Unmanaged.passUnretained(connection)
        self.writtenTables = writtenTables
        self.isReadOnly = sqlite3_stmt_readonly(handle) != 0
        self.parameterBuffers = ParameterBuffers(parameterCount: Int(sqlite3_bind_parameter_count(handle)))
    }

    // The parameter buffers are freed after this, once nothing can read them.
    deinit { sqlite3_finalize(handle) }

    /// Runs `body` with the statement's connection, borrowed: no reference counting on the step path.
    @inline(__always)
    func onConnection<R>(_ body: (Connection) throws -> R) rethrows -> R {
        try connectionRef._withUnsafeGuaranteedRef(body)
    }

    // MARK: - Binding

    /// The number of parameters (`?`, `?NNN`, `:name`): the largest parameter index.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Binds all arguments in order, after clearing earlier bindings.
    ///
    /// - Throws: ``ORMError/argumentCountMismatch(sql:placeholders:arguments:)`` when there are more
    ///   or fewer arguments than parameters (a missing value would otherwise bind NULL silently),
    ///   binding nothing.
    public func bind(_ arguments: [SQLValue]) throws {
        let placeholders = Int(parameterCount)
        guard arguments.count == placeholders else {
            throw ORMError.argumentCountMismatch(sql: sql, placeholders: placeholders, arguments: arguments.count)
        }
        sqlite3_clear_bindings(handle)
        for (offset, value) in arguments.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    public func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .null: try check(sqlite3_bind_null(handle, index))
        case .integer(let int): try check(sqlite3_bind_int64(handle, index, int))
        case .real(let double): try check(sqlite3_bind_double(handle, index, double))
        case .text(let text): try bindText(text, at: index)
        case .blob(let data): try bindBlob(data, at: index)
        }
    }

    /// Binds an integer.
    @inline(__always) public func bindInt64(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a double.
    @inline(__always) public func bindDouble(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds NULL.
    @inline(__always) public func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds text. A short value is copied into the parameter's own buffer and read there by
    /// SQLite (see ``ParameterBuffers``); a long one is copied by SQLite.
    public func bindText(_ value: String, at index: Int32) throws {
        // Read in place (a native or small string's UTF-8 is contiguous): no copy of the string
        // value. The buffer's pointer is never null, so '' binds as '' and not NULL. The closures
        // capture the handle, not `self`: capturing `self` retained and released the statement on
        // every bind.
        let handle = self.handle
        let copied = value.utf8.withContiguousStorageIfAvailable { utf8 in
            parameterBuffers.withCopy(of: UnsafeRawBufferPointer(utf8), forParameter: index) { copy in
                sqlite3_bind_text(handle, index, copy.assumingMemoryBound(to: CChar.self), Int32(utf8.count), nil)
            }
        }
        // withCString gives a non-null pointer even for empty text.
        let code = copied.flatMap { $0 } ?? value.withCString { csqlite_bind_text(handle, index, $0, Int32(value.utf8.count)) }
        try check(code)
    }

    /// Binds bytes: a short value in the parameter's own buffer, a long one copied by SQLite.
    public func bindBlob(_ value: Data, at index: Int32) throws {
        let handle = self.handle
        let code = value.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return parameterBuffers.withCopy(of: buffer, forParameter: index) { copy in
                sqlite3_bind_blob(handle, index, copy, Int32(buffer.count), nil)
            } ?? csqlite_bind_blob(handle, index, base, Int32(buffer.count))
        }
        try check(code)
    }

    // MARK: - Stepping

    /// Runs the statement one step. Returns true while a row is available.
    @discardableResult
    public func step() throws -> Bool {
        if !started {
            started = true
            onConnection { $0.willRun(self) }
        }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            onConnection { $0.didRun(self, succeeded: true) }
            return false
        default:
            onConnection { $0.didRun(self, succeeded: false) }
            sqlite3_reset(handle)
            started = false
            throw onConnection { $0.error(code: code, sql: sql) }
        }
    }

    /// Resets the statement so it can run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle)
        started = false
    }

    /// Runs `body` with the statement marked in use (so a nested use of the same SQL prepares its own
    /// statement), then resets it, whatever `body` does.
    package func use<T>(_ body: (Statement) throws -> T) rethrows -> T {
        inUse = true
        defer {
            inUse = false
            reset()
        }
        return try body(self)
    }

    /// Runs the statement to completion, discarding rows.
    public func run() throws {
        while try step() {}
    }

    // MARK: - Reading columns

    /// The number of result columns.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of result column `index` (0-based).
    public func columnName(at index: Int32) -> String {
        guard let name = sqlite3_column_name(handle, index) else { return "" }
        return String(cString: name)
    }

    /// The declared type of result column `index`, when it comes straight from a table column.
    public func declaredType(at index: Int32) -> String? {
        sqlite3_column_decltype(handle, index).map { String(cString: $0) }
    }

    /// Whether result column `index` is NULL in the current row.
    @inline(__always) public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Whether result column `index` holds an integer in the current row.
    @inline(__always) public func isInteger(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_INTEGER
    }

    /// The storage class of result column `index` in the current row.
    public func storageClass(at index: Int32) -> String {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: "integer"
        case SQLITE_FLOAT: "real"
        case SQLITE_TEXT: "text"
        case SQLITE_BLOB: "blob"
        default: "null"
        }
    }

    /// Result column `index` as an integer (SQLite converts other classes).
    @inline(__always) public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Result column `index` as a double (SQLite converts other classes).
    @inline(__always) public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Result column `index` as text (SQLite converts other classes).
    public func text(at index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Result column `index` as bytes.
    public func blob(at index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Result column `index` as its stored value.
    public func value(at index: Int32) -> SQLValue {
        column(at: index).value
    }

    /// All result columns of the current row.
    public func row() -> [SQLValue] {
        (0..<columnCount).map { value(at: $0) }
    }

    @inline(__always) private func check(_ code: Int32) throws {
        if code != SQLITE_OK { throw onConnection { $0.error(code: code, sql: sql) } }
    }
}
