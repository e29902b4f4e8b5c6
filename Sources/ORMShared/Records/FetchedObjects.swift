/// The objects a fetch has made so far, as references stored by hand in a buffer that doubles as it
/// fills, and moved into the array returned at the end: an array append checked the array's
/// uniqueness and capacity out of line for every row. Collected as `AnyObject`: appending to an
/// array of the generic `Self` looked up its metadata for every row.
@usableFromInline
package struct FetchedObjects: ~Copyable {
    /// `count` initialised references, then room for `capacity - count` more.
    @usableFromInline var base: UnsafeMutablePointer<AnyObject>
    @usableFromInline var count = 0
    @usableFromInline var capacity = 64

    package init() {
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inlinable
    package mutating func append(_ object: consuming AnyObject) {
        if count == capacity { grow() }
        (base + count).initialize(to: object)
        count += 1
    }

    /// The last `n` references, to replace in place.
    package func last(_ n: Int) -> UnsafeMutableBufferPointer<AnyObject> {
        UnsafeMutableBufferPointer(start: base + (count - n), count: n)
    }

    @usableFromInline
    mutating func grow() {
        let larger = UnsafeMutablePointer<AnyObject>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The references, moved into an array.
    package consuming func array() -> [AnyObject] {
        takeArray()
    }

    /// The references, moved into an array, leaving none here (for an owner that cannot give up
    /// this value, ``FetchWindow``).
    mutating func takeArray() -> [AnyObject] {
        let result = [AnyObject](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let start = buffer.baseAddress { start.moveInitialize(from: base, count: count) }
            initialized = count
        }
        // Moved out: nothing left to release.
        count = 0
        return result
    }
}
