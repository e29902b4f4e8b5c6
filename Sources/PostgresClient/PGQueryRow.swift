import CLibPQ

/// The row ``PGQuery/advance()`` moved to, read in place: libpq's one-row result, which the query
/// owns and frees at its next move (or when it is released). Valid only until then; holds no
/// reference, so reading a value costs no reference counting.
///
/// ```swift
/// while let row = try query.advance() {
///     if let (bytes, length) = row.value(at: 0) { print(length) }
/// }
/// ```
public struct PGQueryRow {
    /// The one-row result.
    let result: OpaquePointer
    /// How many columns it has.
    let columnCount: Int32

    /// The row of `result`, a one-row result.
    init(_ result: OpaquePointer) {
        self.result = result
        columnCount = PQnfields(result)
    }

    /// Column `column` as the server sent it: a pointer to its bytes (text NUL-terminated as
    /// libpq keeps it, or the binary form of a query with ``PGQuery/binaryResults``) and their
    /// length; nil for NULL or a column past the last (asked of the result first: libpq would
    /// print a warning on standard error, over reef's screen).
    @inline(__always)
    public func value(at column: Int32) -> (pointer: UnsafePointer<CChar>, length: Int)? {
        guard column >= 0, column < columnCount, PQgetisnull(result, 0, column) == 0, let value = PQgetvalue(result, 0, column) else {
            return nil
        }
        return (UnsafePointer(value), Int(PQgetlength(result, 0, column)))
    }
}
