/// The objects a fetch decodes, entered in the identity map a window of ``materializeWindow`` rows
/// at a time under one acquisition of its lock (``IdentityMap/registerDecoded(_:keys:as:)``): the
/// bookkeeping of a driver's fetch loop, which keeps for itself reading its rows (SQLite's loop,
/// the hot path, keeps the same bookkeeping by hand).
///
/// An object decoded from a row with an integer key (nearly every row) waits in the window with its
/// key; an object another path has already entered (``Database/materialize(_:row:keyIndex:)``, any
/// other key) enters the waiting ones first, so the objects keep the rows' order.
@usableFromInline
package struct FetchWindow: ~Copyable {
    @usableFromInline var objects = FetchedObjects()
    /// The integer keys of the last `pending` objects, not yet entered.
    @usableFromInline let keys: UnsafeMutableBufferPointer<Int64>
    @usableFromInline var pending = 0
    private let map: IdentityMap

    /// An empty window on `map`.
    package init(_ map: IdentityMap) {
        self.map = map
        keys = .allocate(capacity: materializeWindow)
    }

    deinit {
        keys.deallocate()
    }

    /// Adds `object`, just decoded from the row whose integer key is `key` and marked as that row's
    /// by its initialiser; enters the window once it is full. Inlinable: a driver's fetch loop
    /// calls it once a row from another module.
    @inlinable @inline(__always)
    package mutating func append<T: Model>(decoded object: T, integerKey key: Int64) {
        objects.append(object)
        keys[pending] = key
        pending += 1
        if pending == materializeWindow { enterPending(T.self) }
    }

    /// Adds `object`, which is entered in the map already, after entering the waiting ones.
    @inlinable @inline(__always)
    package mutating func append<T: Model>(entered object: T) {
        enterPending(T.self)
        objects.append(object)
    }

    /// Enters the waiting objects: each that a live object already holds the row of is replaced by it.
    @usableFromInline
    mutating func enterPending<T: Model>(_ type: T.Type) {
        guard pending > 0 else { return }
        map.registerDecoded(objects.last(pending), keys: UnsafeBufferPointer(rebasing: keys[..<pending]), as: type)
        pending = 0
    }

    /// Every object, in the rows' order, once the waiting ones are entered.
    package mutating func array<T: Model>(of type: T.Type) -> [T] {
        enterPending(type)
        // Every element is a `T`, and an array of class references is the same array whatever its
        // element class (as `[T] as [AnyObject]` is free).
        return unsafeBitCast(objects.takeArray(), to: [T].self)
    }
}
