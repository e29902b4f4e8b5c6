/// A long text or blob of a statement's row that the row does not hold: its kind, its size in
/// bytes, and a way to read it a piece at a time where the database keeps it (on SQLite by rowid
/// through incremental I/O, in the statement's own read transaction), so a 50 MB value handed on
/// costs one piece of memory. A text's pieces are its UTF-8 bytes exactly as stored, valid or not,
/// cut anywhere (a piece may end inside a character).
///
/// Valid only during the call that hands it over (``Database/runStatement(_:borrowingValuesOver:readingBlobsInPieces:columns:row:)``'s
/// `row`): the statement's transaction, which makes the pieces those of the value as the statement
/// saw it, ends at its next step. Read it there, never keep it.
public struct ValuePieces: @unchecked Sendable {
    /// Whether the value is a text or a blob.
    public let kind: BorrowedValue.Kind
    /// The value's size in bytes.
    public let count: Int
    /// Hands the value's bytes to its second argument in order, at most its first argument at a time.
    private let read: (Int, (UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// A value of `kind` (a blob unless told) of `count` bytes that `read` hands over in order, at
    /// most its first argument at a time.
    public init(kind: BorrowedValue.Kind = .blob, count: Int,
                read: @escaping (Int, (UnsafeRawBufferPointer) throws -> Void) throws -> Void) {
        self.kind = kind
        self.count = count
        self.read = read
    }

    /// Hands the value's bytes to `body` in order, at most `pieceBytes` at a time.
    ///
    /// ```swift
    /// try pieces.forEachPiece(bytes: 1 << 20) { piece in file.write(piece) }
    /// ```
    ///
    /// - Throws: the database's error when a read fails (the row is gone, the statement was
    ///   interrupted); what `body` throws.
    public func forEachPiece(bytes pieceBytes: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try read(max(1, pieceBytes), body)
    }
}
