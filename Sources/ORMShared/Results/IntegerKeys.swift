/// Integer keys in query order, stored compactly in chunks: a run of keys with a constant step (a
/// table read in key order, backwards, or every nth key) takes a few bytes per chunk, other keys four
/// bytes each when a chunk's keys lie within 2³² of each other, eight otherwise. Built without ever
/// copying the whole list. Past ``residentBudget`` bytes, four-byte chunks go to an unlinked
/// temporary file and are read back a chunk at a time, so a shuffled order of ten million keys does
/// not sit in memory.
///
/// ```swift
/// var builder = IntegerKeys.Builder()
/// for key in 1...1_000_000 { builder.append(Int64(key)) }
/// let keys = builder.finish()      // 245 run chunks: about 8 KB instead of 8 MB
/// keys.keys(999_998..<1_000_000)   // [999_999, 1_000_000]
/// ```
package struct IntegerKeys: Sendable {
    /// Keys per chunk.
    package static let chunkSize = 4096

    /// Bytes of four- and eight-byte chunks kept in memory before chunks go to a temporary file
    /// (1 MiB: a quarter of a million shuffled keys; reading a spilled chunk back costs one `pread`).
    static let residentBudget = 1 << 20

    /// One chunk of keys.
    enum Chunk: Sendable {
        /// `count` keys from `start`, each `step` from the last (1 for a table read in key order).
        case run(start: Int64, count: Int, step: Int64)
        /// Keys stored as offsets from `base`.
        case offsets(base: Int64, [UInt32])
        /// Keys stored as they are.
        case raw([Int64])
        /// Keys stored as `count` offsets from `base` in the spill file, at byte `offset`.
        case spilled(base: Int64, count: Int, offset: Int)

        package var count: Int {
            switch self {
            case .run(_, let count, _): count
            case .offsets(_, let offsets): offsets.count
            case .raw(let keys): keys.count
            case .spilled(_, let count, _): count
            }
        }

        /// The key at `index`; a spilled chunk must be loaded first (``IntegerKeys/loaded(_:)``).
        subscript(index: Int) -> Int64 {
            switch self {
            case .run(let start, _, let step): start + step * Int64(index)
            case .offsets(let base, let offsets): base + Int64(offsets[index])
            case .raw(let keys): keys[index]
            case .spilled(let base, _, _): base
            }
        }

        /// The index of `key` in the chunk, nil when it is not there.
        package func firstIndex(of key: Int64) -> Int? {
            switch self {
            case .run(let start, let count, let step):
                let (distance, overflow) = key.subtractingReportingOverflow(start)
                guard !overflow else { return nil }
                guard step != 0 else { return distance == 0 ? 0 : nil }
                guard distance % step == 0 else { return nil }
                let index = distance / step
                return index >= 0 && index < Int64(count) ? Int(index) : nil
            case .offsets(let base, let offsets):
                guard key >= base, key - base <= Int64(UInt32.max) else { return nil }
                return offsets.firstIndex(of: UInt32(key - base))
            case .raw(let keys):
                return keys.firstIndex(of: key)
            case .spilled:
                return nil
            }
        }

        /// The most compact chunk holding `keys`.
        init(_ keys: [Int64]) {
            guard let first = keys.first, let low = keys.min(), let high = keys.max() else {
                self = .raw([])
                return
            }
            if let step = IntegerKeys.step(of: keys) {
                self = .run(start: first, count: keys.count, step: step)
            } else if case let (span, overflow) = high.subtractingReportingOverflow(low), !overflow,
                span <= Int64(UInt32.max)
            {
                self = .offsets(base: low, keys.map { UInt32($0 - low) })
            } else {
                self = .raw(keys)
            }
        }
    }

    /// The constant difference between neighbouring keys, nil when there is none (or it overflows).
    fileprivate static func step(of keys: [Int64]) -> Int64? {
        guard keys.count > 1 else { return 0 }
        let (step, overflow) = keys[1].subtractingReportingOverflow(keys[0])
        guard !overflow, step != 0 else { return nil }
        for index in 1..<keys.count {
            let (difference, overflow) = keys[index].subtractingReportingOverflow(keys[index - 1])
            if overflow || difference != step { return nil }
        }
        return step
    }

    /// The chunks, each ``chunkSize`` keys but the last.
    private(set) var chunks: [Chunk] = []
    /// The number of keys.
    package private(set) var count = 0
    /// Where spilled chunks are, once one is.
    private(set) var spill: KeySpillFile?

    /// The keys at `range`, reading each spilled chunk once. A chunk that cannot be read back (an
    /// I/O error on the temporary file) ends the list early: its rows are then reported gone.
    package func keys(_ range: Range<Int>) -> [Int64] {
        var keys: [Int64] = []
        keys.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let number = position / Self.chunkSize
            guard chunks.indices.contains(number), let chunk = loaded(chunks[number]) else { break }
            let end = min(range.upperBound, (number + 1) * Self.chunkSize)
            for index in (position - number * Self.chunkSize)..<(end - number * Self.chunkSize) {
                keys.append(chunk[index])
            }
            position = end
        }
        return keys
    }

    /// The position of `key`, nil when absent.
    package func firstIndex(of key: Int64) -> Int? {
        for (number, chunk) in chunks.enumerated() {
            if let index = loaded(chunk)?.firstIndex(of: key) { return number * Self.chunkSize + index }
        }
        return nil
    }

    /// `chunk` in memory: a spilled chunk read back from the file, nil when it cannot be.
    private func loaded(_ chunk: Chunk) -> Chunk? {
        guard case .spilled(let base, let count, let offset) = chunk else { return chunk }
        return spill?.read(count: count, at: offset).map { .offsets(base: base, $0) }
    }

    /// Collects keys one at a time and packs every full chunk at once.
    struct Builder {
        private var keys = IntegerKeys()
        private var pending: [Int64] = []
        /// Bytes of chunks kept in memory so far.
        private var residentBytes = 0
        /// Bytes written to the spill file so far.
        private var spilledBytes = 0
        /// Whether making the spill file failed (then everything stays in memory).
        private var cannotSpill = false

        init() { pending.reserveCapacity(IntegerKeys.chunkSize) }

        package mutating func append(_ key: Int64) {
            pending.append(key)
            if pending.count == IntegerKeys.chunkSize { flush() }
        }

        package mutating func finish() -> IntegerKeys {
            flush()
            return keys
        }

        private mutating func flush() {
            guard !pending.isEmpty else { return }
            keys.chunks.append(place(Chunk(pending)))
            keys.count += pending.count
            pending.removeAll(keepingCapacity: true)
        }

        /// The chunk kept in memory while the budget allows, else written to the spill file.
        private mutating func place(_ chunk: Chunk) -> Chunk {
            let bytes: Int
            switch chunk {
            case .offsets(_, let offsets): bytes = offsets.count * 4
            case .raw(let keys): bytes = keys.count * 8
            case .run, .spilled: return chunk
            }
            if residentBytes + bytes <= IntegerKeys.residentBudget || cannotSpill {
                residentBytes += bytes
                return chunk
            }
            guard case .offsets(let base, let offsets) = chunk else {
                residentBytes += bytes
                return chunk
            }
            if keys.spill == nil {
                keys.spill = KeySpillFile()
                cannotSpill = keys.spill == nil
            }
            guard let spill = keys.spill, spill.write(offsets, at: spilledBytes) else {
                residentBytes += bytes
                return chunk
            }
            defer { spilledBytes += bytes }
            return .spilled(base: base, count: offsets.count, offset: spilledBytes)
        }
    }
}
