/// A long text or blob of a statement's row, read in place where the database holds it, not
/// copied out: a 50 MB value handed on from one statement to another (reef copies a statement's
/// rows into a file of its own) costs the database's own copy and nothing more.
///
/// Valid only during the call that hands it over (``Database/runStatement(_:borrowingValuesOver:readingBlobsInPieces:columns:row:)``'s
/// `row`): the bytes belong to the statement, which frees or reuses them at its next step. Bind it
/// there (``Database/execute(_:arguments:borrowed:)``), never keep it.
public struct BorrowedValue: @unchecked Sendable {
    /// What the value is.
    public enum Kind: Sendable, Equatable {
        /// A text: its bytes are its UTF-8 exactly as stored, valid or not.
        case text
        /// A blob.
        case blob
    }

    /// Whether the value is a text or a blob.
    public let kind: Kind
    /// The value's bytes, owned by the statement that read them (see above).
    public let bytes: UnsafeRawBufferPointer

    /// A value of `kind` whose bytes are `bytes`, owned by whoever hands it over.
    public init(kind: Kind, bytes: UnsafeRawBufferPointer) {
        self.kind = kind
        self.bytes = bytes
    }

    /// The value's size in bytes.
    public var count: Int {
        bytes.count
    }
}
