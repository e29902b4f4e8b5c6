import CLibPQ

/// A libpq connection pointer handed to a function that runs while the connection's lock is held
/// (so that the row callback it also takes is not tied to the locked state).
struct LockedHandle: @unchecked Sendable {
    // Used only by code running under the connection's lock, never stored.
    let pointer: OpaquePointer
}

/// The libpq connection pointer, owned by a ``PGConnection`` and reached under its lock.
struct ConnectionHandle: ~Copyable {
    /// The connection, nil once closed.
    private(set) var handle: OpaquePointer?
    /// How many statements were prepared on it: the next one's name is `reef_<count + 1>`.
    var preparedCount = 0
    /// Whether a query started with ``PGConnection/startQuery(_:_:)`` may still have results
    /// coming: the connection must read them before it sends anything else.
    var queryInFlight = false
    /// That query, while its owner keeps it: it is handed the rows still to come.
    private(set) weak var activeQuery: PGQuery?
    /// Its identity, compared a row rather than loading the weak reference.
    private(set) var activeQueryID: ObjectIdentifier?
    /// The statements sent into the pipeline whose answers are not read yet, in order
    /// (``PGConnection/sendPipelined(_:_:binaryResults:)``): nothing else runs until they are.
    var pipelined: [String] = []

    /// Makes `query` the one whose rows are coming (nil: none).
    mutating func setActiveQuery(_ query: PGQuery?) {
        activeQuery = query
        activeQueryID = query.map(ObjectIdentifier.init)
    }

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// The open connection, ready for a new command: the rows a streaming query has not read yet
    /// are first read into that query (or dropped, when nobody holds it any more).
    ///
    /// - Throws: ``PGError`` of kind `.misuse` once the connection is closed.
    mutating func open(sql: String?) throws -> OpaquePointer {
        guard let handle else {
            throw PGError(kind: .misuse, message: "the connection is closed", sql: sql)
        }
        guard pipelined.isEmpty else {
            throw PGError(
                kind: .misuse, message: "statements sent without waiting await their answers (readPipelinedAnswers)", sql: sql)
        }
        if queryInFlight {
            queryInFlight = false
            if let activeQuery {
                activeQuery.readAhead(handle)
            } else {
                while let result = PQgetResult(handle) {
                    PQclear(result)
                }
            }
            setActiveQuery(nil)
        }
        return handle
    }

    /// Closes the connection once.
    mutating func close() {
        if let handle {
            PQfinish(handle)
        }
        handle = nil
        queryInFlight = false
        pipelined = []
        setActiveQuery(nil)
    }
}
