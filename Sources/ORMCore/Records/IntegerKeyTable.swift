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
        var index = home(key)
        var distance = 0
        while let resident = slots[index].value {
            if slots[index].key == key {
                if !replacing { return resident }
                slots[index].value = value
                return nil
            }
            // Robin Hood order: past an entry nearer its home than the key would be, the key cannot be.
            if self.distance(at: index) < distance { break }
            index = (index + 1) & mask
            distance += 1
        }
        let longest = placeAbsent(Slot(key: key, value: value), at: index, distance: distance)
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

    /// Places an entry whose key is not in the table, walking from `index`, `distance` slots from its
    /// home: each entry found nearer its own home than the carried one is takes its place and moves on
    /// (Robin Hood). Returns the longest distance walked.
    private mutating func placeAbsent(_ entry: Slot, at index: Int, distance: Int) -> Int {
        var (carried, index, distance, longest) = (entry, index, distance, distance)
        while slots[index].value != nil {
            let residentDistance = self.distance(at: index)
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

    /// Moves every entry into `capacity` new slots; the keys are known distinct, so each is placed by
    /// the Robin Hood walk alone (no load check, no key comparison).
    private mutating func resize(to capacity: Int) {
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: nil), count: capacity)
        mask = capacity - 1
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        var longest = 0
        for slot in old where slot.value != nil {
            longest = max(longest, placeAbsent(slot, at: home(slot.key), distance: 0))
        }
        if longest > Self.longProbe && !scrambles {
            scrambles = true
            resize(to: capacity)
        }
    }
}
