import Synchronization
import ORMShared

/// Where in the primary's write-ahead log this process's last commit ends, for reads on a
/// standby that must see it (``ReadPlacement/preferStandby(maximumWait:)``): the writer moves it
/// forward after each commit, readers on a standby wait until their server has replayed that far.
package final class ReplayFence: Sendable {
    /// The log position (LSN) of the last commit, 0 before any.
    private let position = Atomic<UInt64>(0)
    /// How long a read waits for its standby before it runs on the primary.
    package let maximumWait: Duration

    init(maximumWait: Duration) {
        self.maximumWait = maximumWait
    }

    /// The position a read must see.
    package var required: UInt64 {
        position.load(ordering: .acquiring)
    }

    /// Records a commit that ended at `lsn` (positions only move forward).
    package func committed(at lsn: UInt64) {
        var current = position.load(ordering: .relaxed)
        while current < lsn {
            let (exchanged, original) = position.compareExchange(
                expected: current, desired: lsn, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }

    /// Where a commit's record ends, from the primary's insert position just after it (`insert`),
    /// that position's offset in its log file (`fileOffset`) and the log's page size
    /// (`blockSize`). When the record ended exactly at a page's end, the insert position is already
    /// past the next page's header (24 bytes into a page, 40 into a file's first), which no
    /// standby reports as replayed until more log comes: the commit ends at that page's start. A
    /// position further into a page is a record's end as it is.
    static func commitEnd(insert: UInt64, fileOffset: UInt64, blockSize: UInt64) -> UInt64 {
        guard blockSize > 0 else {
            return insert
        }
        let intoPage = fileOffset % blockSize
        let header = fileOffset < blockSize ? longPageHeader : shortPageHeader
        guard intoPage == header, insert >= intoPage else {
            return insert
        }
        return insert - intoPage
    }

    /// The size of a log page's header (`SizeOfXLogShortPHD`), and of a log file's first page's
    /// (`SizeOfXLogLongPHD`).
    static let shortPageHeader: UInt64 = 24, longPageHeader: UInt64 = 40

    /// An LSN as PostgreSQL writes it (`16/B374D848`: two hexadecimal halves), nil for other text.
    package static func position(_ text: String) -> UInt64? {
        let halves = text.split(separator: "/")
        guard halves.count == 2, let high = UInt64(halves[0], radix: 16), let low = UInt64(halves[1], radix: 16),
              high <= UInt64(UInt32.max), low <= UInt64(UInt32.max)
        else {
            return nil
        }
        return high << 32 | low
    }
}
