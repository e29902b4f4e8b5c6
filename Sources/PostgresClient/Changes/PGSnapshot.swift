/// The server's current snapshot as `pg_current_snapshot()` writes it (`xmin:xmax:xip,…`): which
/// transactions had ended when it was taken. Transaction ids are the 64-bit ones (`xid8`), which
/// never wrap.
///
/// ```swift
/// let before = PGSnapshot("100:104:100,102")
/// let after = PGSnapshot("102:106:102")
/// after?.ended(since: before!)      // [100, 103, 104, 105]: ended (committed or aborted) in between
/// ```
public struct PGSnapshot: Sendable, Hashable {
    /// The oldest transaction still running (every one before it has ended).
    public let xmin: UInt64
    /// One past the last transaction that had ended: none from here on had.
    public let xmax: UInt64
    /// The transactions between `xmin` and `xmax` still running.
    public let running: Set<UInt64>

    /// How many ended transactions ``ended(since:limit:)`` tells apart by default.
    public static let endedLimit = 256

    /// Reads the text form; nil when `text` is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let xmin = UInt64(parts[0]), let xmax = UInt64(parts[1]), xmin <= xmax else {
            return nil
        }
        var running: Set<UInt64> = []
        for item in parts[2].split(separator: ",") {
            guard let id = UInt64(item) else {
                return nil
            }
            running.insert(id)
        }
        self.xmin = xmin
        self.xmax = xmax
        self.running = running
    }

    /// The transactions that ended (committed or aborted) between `earlier` and this snapshot, in
    /// order; nil when there are more than `limit` (a busy server: tell them apart no further).
    ///
    /// Every id below `xmax` not running has ended, so those are the ones running at `earlier` or
    /// at or past its `xmax`, that are below this `xmax` and not running now. Ids of
    /// subtransactions are among them (a snapshot lists top-level transactions only): the status
    /// of one still inside its running parent is "in progress".
    public func ended(since earlier: PGSnapshot, limit: Int = PGSnapshot.endedLimit) -> [UInt64]? {
        guard xmax > earlier.xmax else {
            return earlier.running.filter { $0 < xmax && !running.contains($0) }.sorted()
        }
        guard xmax - earlier.xmax <= UInt64(limit) else {
            return nil
        }
        var ended = earlier.running.filter { !running.contains($0) }
        for id in earlier.xmax..<xmax where !running.contains(id) {
            ended.insert(id)
        }
        guard ended.count <= limit else {
            return nil
        }
        return ended.sorted()
    }
}
