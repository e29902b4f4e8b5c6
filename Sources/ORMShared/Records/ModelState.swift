/// The name ORMCore uses for `_ModelState`.
@_spi(ModelSupport) public typealias ModelState = _ModelState

/// The lock of one model object, stored inline in the object by `@Model` (`_$state`), with the
/// helpers generated accessors call. The object's persistence bookkeeping sits beside it, in
/// `_$stateFields` (``ModelState/Fields``), and is only touched while this lock is held, or while no
/// other thread can reach the object: before the identity map publishes it, and in its `deinit`
/// (``willDeinit(_:object:)``).
///
/// Generated accessors take the lock around every read and write of a persisted property, so an
/// object shared by the identity map is safe to use from several threads. The lock, the bookkeeping
/// and the properties live in the object's one allocation; the generated `deinit` takes the object
/// out of the identity map (see `IdentityMap`) before its memory is freed.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module stores one in every object and calls it from every accessor, hence the underscore. ORMCore calls it
/// `ModelState`, a name tools built on ORMCore reach with `@_spi(ModelSupport) import ORMCore`.
public struct _ModelState: ~Copyable, Sendable {
    /// Where an object stands with respect to its row.
    public enum Status: Sendable, Hashable {
        /// Never inserted.
        case new
        /// Loaded from or written to its row.
        case persisted
        /// Only its key is loaded; the rest loads on first access.
        case fault
        /// Its row was deleted.
        case deleted

        /// The two bits ``Meta/bits`` holds for the status.
        @inlinable
        package var bits: UInt64 {
            switch self {
            case .new: 0
            case .persisted: 1
            case .fault: 2
            case .deleted: 3
            }
        }
    }

    /// The object's lock.
    @usableFromInline package let lock: AtomicLock

    /// A new object's lock. `@Model` stores one in every object.
    @inlinable
    public init() {
        lock = AtomicLock()
    }
}
