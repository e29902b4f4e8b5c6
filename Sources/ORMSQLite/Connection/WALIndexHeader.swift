import ORMShared

/// The header of a WAL database's wal-index (the `-shm` file): how many frames of the `-wal` file
/// are committed, which generation of the WAL they belong to, and how many transactions have
/// committed. Every connection to the file, in any process, updates it at the end of each commit.
///
/// SQLite keeps two copies of the header, in the machine's byte order: the writer writes the second
/// copy first, readers read the first copy first, and a read is trusted only when both copies agree
/// and the checksum over them holds (otherwise a writer was in the middle of updating it). It is
/// read through a connection's own mapping (``Connection/walIndexHeader()``).
struct WALIndexHeader: Sendable, Equatable {
    /// Transactions committed since the wal-index was last built, by any connection: one per
    /// commit, kept across WAL restarts and checkpoints (it wraps at 2³²; a rebuilt wal-index starts
    /// it again from 0).
    let commitCounter: UInt32
    /// Frames at the start of the WAL file that hold committed pages (SQLite's `mxFrame`).
    let frameCount: UInt32
    /// The database page size in bytes (0 in the header of a wal-index built over an empty WAL).
    package let pageSize: Int
    /// The WAL generation's two salts, as the 8 bytes the WAL header and every frame of that
    /// generation carry. A checkpoint that restarts the WAL changes them.
    let salts: UInt64

    /// The size of the header region read: two 48-byte copies.
    package static let byteCount = 96
    private static let copySize = byteCount / 2
    private static let version: UInt32 = 3_007_000

    /// Decodes the two copies; nil when they differ, the header is not initialised, or its checksum
    /// is wrong.
    package static func parse(_ bytes: [UInt8]) -> WALIndexHeader? {
        guard bytes.count >= byteCount else { return nil }
        return bytes.withUnsafeBytes { raw -> WALIndexHeader? in
            guard (0..<copySize).allSatisfy({ raw[$0] == raw[$0 + copySize] }) else { return nil }
            func word(_ offset: Int) -> UInt32 { raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
            guard word(0) == version, raw[12] != 0 else { return nil }
            // SQLite's checksum over the first 40 bytes, taken as native 32-bit words in pairs.
            var first: UInt32 = 0
            var second: UInt32 = 0
            for offset in stride(from: 0, to: 40, by: 8) {
                first = first &+ word(offset) &+ second
                second = second &+ word(offset + 4) &+ first
            }
            guard first == word(40), second == word(44) else { return nil }
            let encodedPageSize = Int(raw.loadUnaligned(fromByteOffset: 14, as: UInt16.self))
            let pageSize = (encodedPageSize & 0xfe00) + ((encodedPageSize & 0x0001) << 16)
            return WALIndexHeader(
                commitCounter: word(8), frameCount: word(16), pageSize: pageSize,
                salts: raw.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
        }
    }
}
