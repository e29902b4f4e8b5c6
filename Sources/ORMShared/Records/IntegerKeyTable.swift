import FoundationEssentials

/// A hash table from 64-bit integer keys to values: open addressing, linear probing kept in Robin
/// Hood order (along a run, entries sit in the order of their home slots), deletion by backward shift.
///
/// The identity map's table for integer keys, where `Dictionary` cost a SipHash per lookup and a
/// cache miss per neighbour. Keys are placed by their low bits, so the keys of a table (autoincrement
/// runs, random 64-bit keys) sit side by side and a fetch in key order walks memory in order. Should
/// the low bits cluster (keys that are all multiples of 1,024, say) and a probe run long, the table
/// switches to Fibonacci hashing, which spreads any key pattern. The Robin Hood order lets lookups
/// and removals stop at the first entry closer to its home than the probe is: a removal never walks
/// a whole run of keys that all sit at home.
///
/// Values are non-null pointers (the map's unretained objects), so an empty slot is all zero bytes
/// and the slots come zeroed (``ZeroedMemory``: `calloc`, or huge pages for a large table): a
/// table that grows to hold a large insert or fetch is not cleared by hand, and the kernel maps in
/// only the pages that keys land on (keys placed by their low bits fill a table from one end). A generic table had to write an empty `Optional` into every
/// slot of each new array, and fault all of it in.
struct IntegerKeyTable: ~Copyable {
    /// A key and its value; all zero bytes when empty (`value` nil).
    private struct Slot {
        var key: Int64
        var value: UnsafeMutableRawPointer?
    }

    /// `capacity` slots (a power of two), or nil before the first key.
    private var slots: UnsafeMutablePointer<Slot>?
    private var capacity = 0
    /// The most keys the table holds before it grows: 70% of `capacity`.
    private var limit = 0
    /// The number of keys held.
    package private(set) var count = 0
    private var mask = 0
    private var shift: UInt64 = 64
    private var scrambles = false

    /// A probe longer than this makes the table spread keys by hashing.
    private static var longProbe: Int { 48 }

    /// An empty table; it allocates nothing until a key is stored.
    init() {}

    deinit {
        Self.deallocate(slots, capacity: capacity)
    }

    /// The value for `key`, if any.
    subscript(key: Int64) -> UnsafeMutableRawPointer? {
        guard let slots, let index = index(of: key, in: slots) else { return nil }
        return slots[index].value
    }

    /// Stores `value` for `key`, replacing any value it had.
    package mutating func set(_ value: UnsafeMutableRawPointer, for key: Int64) {
        place(value, for: key, replacing: true)
    }

    /// Stores `value` for `key` unless the key holds a value: that value is returned, unchanged.
    @inline(__always)
    package mutating func insert(_ value: UnsafeMutableRawPointer, for key: Int64) -> UnsafeMutableRawPointer? {
        place(value, for: key, replacing: false)
    }

    /// One probe that finds `key` or the slot where it goes.
    @discardableResult @inline(__always)
    private mutating func place(_ value: UnsafeMutableRawPointer, for key: Int64, replacing: Bool) -> UnsafeMutableRawPointer? {
        if count >= limit {
            // Growing eightfold while the table is under a million slots: a fetch or insert of many
            // rows into an empty table moves each entry fewer times (the slots a key never lands on
            // are never touched, so the kernel maps no page for them).
            resize(to: max(64, capacity * (capacity < 1 << 20 ? 8 : 2)))
        }
        let slots = slots.unsafelyUnwrapped
        var index = home(key)
        if slots[index].value == nil {
            // The common case of keys that ascend (a fetch in key order, inserts): the home slot is free.
            slots[index] = Slot(key: key, value: value)
            count += 1
            return nil
        }
        var distance = 0
        while let resident = slots[index].value {
            if slots[index].key == key {
                if !replacing { return resident }
                slots[index].value = value
                return nil
            }
            // Robin Hood order: past an entry nearer its home than the key would be, the key cannot be.
            if self.distance(at: index, in: slots) < distance { break }
            index = (index + 1) & mask
            distance += 1
        }
        let longest = placeAbsent(Slot(key: key, value: value), at: index, distance: distance, in: slots)
        count += 1
        if longest > Self.longProbe && !scrambles {
            scrambles = true
            resize(to: capacity)
        }
        return nil
    }

    /// Removes `key` and its value, if present (and if `condition` accepts the value).
    @inline(__always)
    package mutating func remove(_ key: Int64, if condition: (UnsafeMutableRawPointer) -> Bool = { _ in true }) {
        guard let slots, var hole = index(of: key, in: slots), let value = slots[hole].value, condition(value) else { return }
        var next = (hole + 1) & mask
        while slots[next].value != nil && distance(at: next, in: slots) > 0 {
            slots[hole] = slots[next]
            hole = next
            next = (next + 1) & mask
        }
        slots[hole] = Slot(key: 0, value: nil)
        count -= 1
    }

    @inline(__always)
    private func index(of key: Int64, in slots: UnsafeMutablePointer<Slot>) -> Int? {
        guard count > 0 else { return nil }
        var index = home(key)
        var distance = 0
        while slots[index].value != nil {
            if slots[index].key == key { return index }
            if self.distance(at: index, in: slots) < distance { return nil }
            index = (index + 1) & mask
            distance += 1
        }
        return nil
    }

    /// How far the entry at `index` sits from its home slot.
    @inline(__always)
    private func distance(at index: Int, in slots: UnsafeMutablePointer<Slot>) -> Int {
        (index - home(slots[index].key)) & mask
    }

    /// Every value, in slot order.
    package var values: [UnsafeMutableRawPointer] {
        guard let slots else { return [] }
        return UnsafeBufferPointer(start: slots, count: capacity).compactMap(\.value)
    }

    @inline(__always)
    private func home(_ key: Int64) -> Int {
        if scrambles {
            return Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        }
        return Int(truncatingIfNeeded: key) & mask
    }

    /// Places an entry whose key is not in the table, walking from `index`, `distance` slots from its
    /// home: each entry found nearer its own home than the carried one is takes its place and moves on
    /// (Robin Hood). Returns the longest distance walked.
    private func placeAbsent(_ entry: Slot, at index: Int, distance: Int, in slots: UnsafeMutablePointer<Slot>) -> Int {
        var (carried, index, distance, longest) = (entry, index, distance, distance)
        while slots[index].value != nil {
            let residentDistance = self.distance(at: index, in: slots)
            if residentDistance < distance {
                swap(&carried, &slots[index])
                distance = residentDistance
            }
            index = (index + 1) & mask
            distance += 1
            longest = max(longest, distance)
        }
        slots[index] = carried
        return longest
    }

    /// `capacity` zeroed slots (in huge pages where the table is large enough: see ``ZeroedMemory``).
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Slot> {
        guard let raw = ZeroedMemory.allocate(byteCount: capacity * MemoryLayout<Slot>.stride) else {
            fatalError("IntegerKeyTable: out of memory for \(capacity) slots")
        }
        return raw.bindMemory(to: Slot.self, capacity: capacity)
    }

    /// Returns slots from ``allocate(_:)``.
    private static func deallocate(_ slots: UnsafeMutablePointer<Slot>?, capacity: Int) {
        ZeroedMemory.deallocate(slots.map(UnsafeMutableRawPointer.init), byteCount: capacity * MemoryLayout<Slot>.stride)
    }

    /// Moves every entry into `capacity` new slots; the keys are known distinct, so each is placed by
    /// the Robin Hood walk alone (no load check, no key comparison).
    private mutating func resize(to newCapacity: Int) {
        let fresh = Self.allocate(newCapacity)
        let (old, oldCapacity) = (slots, capacity)
        slots = fresh
        capacity = newCapacity
        limit = newCapacity * 7 / 10
        mask = newCapacity - 1
        shift = UInt64(64 - newCapacity.trailingZeroBitCount)
        var longest = 0
        if let old {
            for index in 0..<oldCapacity where old[index].value != nil {
                let home = home(old[index].key)
                // Keys that ascend land each in its own home slot: no walk.
                if fresh[home].value == nil {
                    fresh[home] = old[index]
                    continue
                }
                longest = max(longest, placeAbsent(old[index], at: home, distance: 0, in: fresh))
            }
            Self.deallocate(old, capacity: oldCapacity)
        }
        if longest > Self.longProbe && !scrambles {
            scrambles = true
            resize(to: newCapacity)
        }
    }
}
