import CSQLite
import FoundationEssentials
import ORMShared

// One row inserted with long values read in place, the blobs that end it written after the insert.

extension Database {
    /// Inserts one row into `table` (whose columns are `columns`, in the order of `sql`'s
    /// parameters) as ``execute(_:arguments:borrowed:)`` does, but on SQLite a borrowed blob that
    /// ends the row (only NULLs and such blobs after it) is inserted as a zeroblob of its size and
    /// then written through incremental I/O a piece at a time
    /// (`Connection.writeBlob(table:column:rowID:bytes:)`): SQLite builds a row's record whole in
    /// memory (`OP_MakeRecord`) except for the zeros of a zeroblob that ends it, so such a blob is
    /// never copied whole. A borrowed text is bound in place, and SQLite's record copies it.
    /// A value given as `pieces` (read by rowid from the statement that handed the row over) is
    /// never whole in memory: a blob that ends the row goes as a borrowed one does; a text, or a
    /// blob before other values, is bound as zeros read from pages the kernel shares
    /// (`ZeroedMemory.readOnlyZeros(byteCount:)`, no memory of their own), so the record SQLite
    /// builds is its one copy (no API makes a text of a zeroblob), and its bytes are written over
    /// the zeros, a piece at a time, after the insert. Elsewhere than SQLite, and a text for a file
    /// that keeps texts in UTF-16, it is read whole.
    ///
    /// ```swift
    /// try copy.insert("INSERT INTO t VALUES (?, ?)", arguments: row.values, borrowed: row.borrowed,
    ///                 table: "t", columns: ["id", "data"])
    /// ```
    ///
    /// - Throws: the database's error (nothing stays).
    public func insert(_ sql: String, arguments: [SQLValue], borrowed: [Int: BorrowedValue], pieces: [Int: ValuePieces] = [:],
                       table: String, columns: [String]) throws {
        var arguments = arguments
        var pieces = pieces.filter { arguments.indices.contains($0.key) }
        // Incremental I/O writes a text's stored bytes, which are its UTF-8 only in a UTF-8 file.
        let holdsTexts = pieces.values.contains { $0.kind == .text }
        let writesTexts = try dialect.kind == .sqlite && (!holdsTexts || storesUTF8())
        for (index, value) in pieces where dialect.kind != .sqlite || (value.kind == .text && !writesTexts) {
            arguments[index] = try Self.whole(value)
            pieces[index] = nil
        }
        let written = Self.trailingBlobs(arguments: arguments, borrowed: borrowed, pieces: pieces, columns: columns.count)
        guard dialect.kind == .sqlite else {
            return try execute(sql, arguments: arguments, borrowed: borrowed)
        }
        // Bound as zeros in place, then written over.
        let placed = pieces.filter { !written.contains($0.key) }
        guard !written.isEmpty || !placed.isEmpty else {
            return try execute(sql, arguments: arguments, borrowed: borrowed)
        }
        let zeroBytes = placed.isEmpty ? 0 : max(1, placed.values.map(\.count).max() ?? 0)
        let zeros = zeroBytes > 0 ? ZeroedMemory.readOnlyZeros(byteCount: zeroBytes) : nil
        defer { ZeroedMemory.deallocateReadOnlyZeros(zeros, byteCount: zeroBytes) }
        if zeroBytes > 0, zeros == nil {
            throw SQLiteError(code: ResultCode(rawValue: SQLITE_NOMEM), message: "out of memory", sql: sql)
        }
        try transaction { _ in
            try write { connection in
                guard let sqlite = connection.driverConnection as? Connection else {
                    return try execute(sql, arguments: arguments, borrowed: borrowed)  // not reached: SQLite's alone
                }
                try sqlite.cachedStatement(sql).use { statement in
                    defer { statement.clearBindings() }
                    try statement.bind(arguments)
                    for (index, value) in pieces {
                        if written.contains(index) {
                            try statement.bindZeroBlob(count: value.count, at: Int32(index + 1))
                        } else if let zeros {
                            try statement.bindZeros(value.kind, count: value.count, from: zeros, at: Int32(index + 1))
                        }
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
                for index in written.union(placed.keys).sorted() {
                    if let value = borrowed[index] {
                        try sqlite.writeBlob(table: table, column: columns[index], rowID: rowID, bytes: value.bytes)
                    } else if let value = pieces[index], value.count > 0 {
                        try sqlite.writeBlob(table: table, column: columns[index], rowID: rowID, pieces: value)
                    }
                }
                writer.recordedChanges?.recordStatements(of: sql)
            }
        }
    }

    /// The bytes a value in pieces is read in at a time when it is read whole.
    static let piecesReadBytes = 1 << 20

    /// A value in pieces read whole: a text decoded (its invalid sequences repaired), a blob as it is.
    private static func whole(_ value: ValuePieces) throws -> SQLValue {
        var bytes = Data()
        bytes.reserveCapacity(value.count)
        try value.forEachPiece(bytes: piecesReadBytes) { bytes.append(contentsOf: $0) }
        return value.kind == .text ? .text(String(decoding: bytes, as: UTF8.self)) : .blob(bytes)
    }

    /// The positions of the borrowed blobs and blobs in pieces that end a row of `columns` values:
    /// from the last column back, each such a blob or a NULL, up to the first other value (a text
    /// in pieces, which the record holds, is one).
    static func trailingBlobs(arguments: [SQLValue], borrowed: [Int: BorrowedValue], pieces: [Int: ValuePieces] = [:],
                              columns: Int) -> Set<Int> {
        var found: Set<Int> = []
        for index in stride(from: min(columns, arguments.count) - 1, through: 0, by: -1) {
            if let value = pieces[index] {
                guard value.kind == .blob else { break }
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
