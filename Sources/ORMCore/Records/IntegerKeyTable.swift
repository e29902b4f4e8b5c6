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
struct IntegerKeyTable<Value> {
    private struct Slot {
        var key: Int64
        var value: Value?
    }

    private var slots: [Slot] = []
    /// The number of keys held.
    private(set) var count = 0
    private var mask = 0
    private var shift: UInt64 = 64
    private var scrambles = false

    /// A probe longer than this makes the table spread keys by hashing.
    private static var longProbe: Int { 48 }

    /// The value for `key`, if any.
    subscript(key: Int64) -> Value? {
        guard let index = index(of: key) else { return nil }
        return slots[index].value
    }

    /// Stores `value` for `key`, replacing any value it had.
    mutating func set(_ value: Value, for key: Int64) {
        place(value, for: key, replacing: true)
    }

    /// Stores `value` for `key` unless the key holds a value: that value is returned, unchanged.
    mutating func insert(_ value: Value, for key: Int64) -> Value? {
        place(value, for: key, replacing: false)
    }

    /// One probe that finds `key` or the slot where it goes.
    @discardableResult
    private mutating func place(_ value: Value, for key: Int64, replacing: Bool) -> Value? {
        if (count + 1) * 10 > slots.count * 7 {
            // Quadrupling while the table is under a million slots: a fetch or insert of many rows
            // into an empty table moves each entry fewer times and clears less memory.
            resize(to: max(64, slots.count * (slots.count < 1 << 20 ? 4 : 2)))
        }
        var carried = Slot(key: key, value: value)
        var index = home(key)
        var distance = 0
        var longest = 0
        while let resident = slots[index].value {
            if slots[index].key == carried.key {
                // Only the key being placed can match: displaced entries are unique.
                if !replacing { return resident }
                slots[index].value = carried.value
                return nil
            }
            let residentDistance = self.distance(at: index)
            if residentDistance < distance {
                // Robin Hood: the entry nearer its home moves on. From here on the key cannot be
                // found further along (it would have displaced this entry), so only the carried
                // entry is placed.
                swap(&carried, &slots[index])
                distance = residentDistance
            }
            index = (index + 1) & mask
            distance += 1
            longest = max(longest, distance)
        }
        slots[index] = carried
        count += 1
        if longest > Self.longProbe && !scrambles {
            scrambles = true
            resize(to: slots.count)
        }
        return nil
    }

    /// Removes `key` and its value, if present (and if `condition` accepts the value).
    mutating func remove(_ key: Int64, if condition: (Value) -> Bool = { _ in true }) {
        guard var hole = index(of: key), let value = slots[hole].value, condition(value) else { return }
        var next = (hole + 1) & mask
        while slots[next].value != nil && distance(at: next) > 0 {
            slots[hole] = slots[next]
            hole = next
            next = (next + 1) & mask
        }
        slots[hole].value = nil
        count -= 1
    }

    private func index(of key: Int64) -> Int? {
        guard count > 0 else { return nil }
        var index = home(key)
        var distance = 0
        while slots[index].value != nil {
            if slots[index].key == key { return index }
            if self.distance(at: index) < distance { return nil }
            index = (index + 1) & mask
            distance += 1
        }
        return nil
    }

    /// How far the entry at `index` sits from its home slot.
    private func distance(at index: Int) -> Int {
        (index - home(slots[index].key)) & mask
    }

    /// Every value, in slot order.
    var values: [Value] {
        slots.compactMap(\.value)
    }

    private func home(_ key: Int64) -> Int {
        if scrambles {
            return Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        }
        return Int(truncatingIfNeeded: key) & mask
    }

    /// Moves every entry into `capacity` new slots. The keys are known distinct, so each is placed by
    /// the Robin Hood walk alone: no load check, no key comparison, no bounds checks.
    private mutating func resize(to capacity: Int) {
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: nil), count: capacity)
        mask = capacity - 1
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        let (mask, shift, scrambles) = (mask, shift, scrambles)
        func home(_ key: Int64) -> Int {
            scrambles
                ? Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
                : Int(truncatingIfNeeded: key) & mask
        }
        var longest = 0
        slots.withUnsafeMutableBufferPointer { slots in
            for slot in old where slot.value != nil {
                var carried = slot
                var index = home(carried.key)
                var distance = 0
                while slots[index].value != nil {
                    let residentDistance = (index - home(slots[index].key)) & mask
                    if residentDistance < distance {
                        swap(&carried, &slots[index])
                        distance = residentDistance
                    }
                    index = (index + 1) & mask
                    distance += 1
                    longest = max(longest, distance)
                }
                slots[index] = carried
            }
        }
        if longest > Self.longProbe && !self.scrambles {
            self.scrambles = true
            resize(to: capacity)
        }
    }
}
