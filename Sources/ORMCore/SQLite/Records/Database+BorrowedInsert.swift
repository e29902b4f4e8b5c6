import FoundationEssentials

// One row inserted with long values read in place, the blobs that end it written after the insert.

extension Database {
    /// Inserts one row into `table` (whose columns are `columns`, in the order of `sql`'s
    /// parameters) as ``execute(_:arguments:borrowed:)`` does, but on SQLite a borrowed blob that
    /// ends the row (only NULLs and such blobs after it) is inserted as a zeroblob of its size and
    /// then written through incremental I/O a piece at a time
    /// (`Connection.writeBlob(table:column:rowID:bytes:)`): SQLite builds a row's record whole in
    /// memory (`OP_MakeRecord`) except for the zeros of a zeroblob that ends it, so such a blob is
    /// never copied whole. A text cannot go so (no API makes a text of a zeroblob, and incremental
    /// I/O cannot change a value's type): it is bound in place, and SQLite's record copies it.
    /// A blob given as `pieces` (read by rowid from the statement that handed the row over) goes
    /// as a borrowed blob does, written piece by piece when it ends the row, else read whole first.
    ///
    /// ```swift
    /// try copy.insert("INSERT INTO t VALUES (?, ?)", arguments: row.values, borrowed: row.borrowed,
    ///                 table: "t", columns: ["id", "data"])
    /// ```
    ///
    /// - Throws: the database's error (nothing stays).
    public func insert(_ sql: String, arguments: [SQLValue], borrowed: [Int: BorrowedValue], pieces: [Int: ValuePieces] = [:],
                       table: String, columns: [String]) throws {
        let written = Self.trailingBlobs(arguments: arguments, borrowed: borrowed, pieces: pieces, columns: columns.count)
        var arguments = arguments
        // A blob in pieces that cannot be written after the insert is read whole, as SQLite would have.
        for (index, value) in pieces where !written.contains(index) && arguments.indices.contains(index) {
            var bytes = Data()
            bytes.reserveCapacity(value.count)
            try value.forEachPiece(bytes: Self.piecesReadBytes) { bytes.append(contentsOf: $0) }
            arguments[index] = .blob(bytes)
        }
        guard !written.isEmpty, dialect.kind == .sqlite else {
            return try execute(sql, arguments: arguments, borrowed: borrowed)
        }
        try transaction { _ in
            try write { connection in
                guard let sqlite = connection.driverConnection as? Connection else {
                    return try execute(sql, arguments: arguments, borrowed: borrowed)  // not reached: SQLite's alone
                }
                try sqlite.cachedStatement(sql).use { statement in
                    defer { statement.clearBindings() }
                    try statement.bind(arguments)
                    for (index, value) in pieces where written.contains(index) {
                        try statement.bindZeroBlob(count: value.count, at: Int32(index + 1))
                    }
                    for (index, value) in borrowed {
                        if written.contains(index) {
                            try statement.bindZeroBlob(count: value.count, at: Int32(index + 1))
                        } else {
                            try statement.bindBorrowed(value, at: Int32(index + 1))
                        }
                    }
                    try statement.run()
                }
                let rowID = sqlite.lastInsertedRowID
                for index in written.sorted() {
                    if let value = borrowed[index] {
                        try sqlite.writeBlob(table: table, column: columns[index], rowID: rowID, bytes: value.bytes)
                    } else if let value = pieces[index] {
                        try sqlite.writeBlob(table: table, column: columns[index], rowID: rowID, pieces: value)
                    }
                }
                writer.recordedChanges?.recordStatements(of: sql)
            }
        }
    }

    /// The bytes a blob in pieces is read in at a time when it is read whole.
    static let piecesReadBytes = 1 << 20

    /// The positions of the borrowed blobs and blobs in pieces that end a row of `columns` values:
    /// from the last column back, each such a blob or a NULL, up to the first other value.
    static func trailingBlobs(arguments: [SQLValue], borrowed: [Int: BorrowedValue], pieces: [Int: ValuePieces] = [:],
                              columns: Int) -> Set<Int> {
        var found: Set<Int> = []
        for index in stride(from: min(columns, arguments.count) - 1, through: 0, by: -1) {
            if pieces[index] != nil {
                found.insert(index)
            } else if let value = borrowed[index] {
                guard value.kind == .blob else { break }
                found.insert(index)
            } else if arguments[index] != .null {
                break
            }
        }
        return found
    }
}
