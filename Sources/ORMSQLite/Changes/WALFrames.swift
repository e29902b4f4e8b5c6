import ORMShared

/// Reads which pages were committed to a WAL file between two looks at its wal-index header.
///
/// A WAL file is a 32-byte header followed by frames: a 24-byte frame header (big-endian page
/// number, the database size for the frame that commits a transaction or 0, the generation's two
/// salts, a checksum) and one page. Frames `0..<frameCount` of the generation named by the header's
/// salts are committed. A checkpoint that restarts the WAL begins a new generation, written from
/// the start of the file with new salts.
enum WALFrames {
    /// The most frames read in one look (at 4 KiB pages, an 80 MB stretch of WAL); beyond it the
    /// pages are not read and the caller treats everything as changed.
    static let frameLimit: UInt32 = 20_000

    /// The numbers of the pages written by the transactions committed after `earlier` up to `later`,
    /// or nil when that cannot be told for certain: the WAL was restarted and some of those commits
    /// went to a generation that has since been overwritten, the stretch is longer than
    /// ``frameLimit``, or the file does not hold what the headers say.
    ///
    /// Certainty comes from counting: `later.commitCounter - earlier.commitCounter` transactions
    /// committed in between, and that many commit frames must be found in the stretch read.
    ///
    /// - Parameters:
    ///   - connection: a connection to the database, in WAL mode, whose open WAL file is read.
    ///   - earlier: the header at the last look.
    ///   - later: the header now.
    static func pagesWritten(
        in connection: Connection, after earlier: WALIndexHeader, upTo later: WALIndexHeader
    ) -> Set<UInt32>? {
        // Same generation: read on from where the last look stopped. A new one: read it all, and
        // the count tells whether commits were lost with the old one.
        let start = later.salts == earlier.salts ? earlier.frameCount : 0
        let commits = later.commitCounter &- earlier.commitCounter
        guard later.frameCount >= start, later.frameCount - start <= frameLimit else { return nil }
        if later.frameCount == start { return commits == 0 ? [] : nil }
        guard later.pageSize >= 512 else { return nil }
        let frameSize = 24 + later.pageSize
        var pages = Set<UInt32>()
        var commitsFound: UInt32 = 0
        var header = [UInt8](repeating: 0, count: 24)
        var isCommit = false
        for frame in start..<later.frameCount {
            let offset = Int64(32 + Int(frame) * frameSize)
            guard header.withUnsafeMutableBytes({ connection.readWAL(into: $0, at: offset) }) else { return nil }
            let (page, databaseSize, salts) = header.withUnsafeBytes { raw in
                (
                    UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self)),
                    UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)),
                    raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                )
            }
            // A frame of another generation: the WAL was restarted while it was being read.
            guard salts == later.salts, page != 0 else { return nil }
            pages.insert(page)
            isCommit = databaseSize != 0
            if isCommit { commitsFound &+= 1 }
        }
        guard isCommit, commitsFound == commits else { return nil }
        return pages
    }
}
