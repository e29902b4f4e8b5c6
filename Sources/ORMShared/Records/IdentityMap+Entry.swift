#if !ORMCORE_PORTABLE
import CSwiftRuntime
#endif

extension IdentityMap {
    /// One entry of the map: an object, held weakly.
    ///
    /// By default the object is unretained, and a lookup takes it with the runtime's
    /// `swift_tryRetain` (what loading a `weak` reference does, without the side table a `weak`
    /// reference allocates per object). Built with `ORMCORE_PORTABLE` (the default off Linux;
    /// `REEF_PORTABLE=1` when the package is built on Linux), the entry holds a plain Swift `weak`
    /// reference instead, and the map keeps integer keys in its dictionary, never reading an object
    /// back from a bare address: the
    /// tests run once that way, so the unsafe path is checked against the safe one. The invariants
    /// the default rests on are written down in `Documentation/UnsafeCode.md`.
    package struct Entry {
        /// The object's address: what entries are compared by.
        package let object: UnsafeMutableRawPointer

        #if ORMCORE_PORTABLE
            private let reference: WeakReference

            /// An entry for the object at `object`, which the caller holds (alive): never made from
            /// an address found in the map.
            package init(_ object: UnsafeMutableRawPointer) {
                self.object = object
                reference = WeakReference(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
            }

            /// The object, unless it is already being destroyed.
            package var live: AnyObject? { reference.object }
        #else
            /// An entry for the object at `object`, unretained.
            package init(_ object: UnsafeMutableRawPointer) {
                self.object = object
            }

            /// The object, retained, unless it is already being destroyed.
            package var live: AnyObject? {
                guard tryRetainObject(object) else { return nil }
                return Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue()
            }
        #endif
    }

    /// Whether integer keys go to the open-addressing `IntegerKeyTable`, which stores bare
    /// addresses: not with plain `weak` entries, which cannot be remade from an address.
    @inline(__always)
    static var keepsIntegerKeysApart: Bool {
        #if ORMCORE_PORTABLE
            false
        #else
            true
        #endif
    }

    /// Whether the map holds plain Swift `weak` references (`ORMCORE_PORTABLE`) rather than
    /// unretained pointers taken with `swift_tryRetain`.
    static var holdsPlainWeakReferences: Bool { !keepsIntegerKeysApart }
}

#if ORMCORE_PORTABLE
    /// A plain Swift `weak` reference, in a box: entries are copied in and out of the map's tables,
    /// and a box is retained where a `weak` field would be copied.
    final class WeakReference: @unchecked Sendable {
        // Written once, in `init`; a `weak` load is atomic.
        weak var object: AnyObject?

        init(_ object: AnyObject) {
            self.object = object
        }
    }
#else
    /// Retains the object at `object` unless it is already being destroyed (the Swift runtime's
    /// `swift_tryRetain`, what loading a `weak` reference does). This is how the identity map holds
    /// objects weakly without the side table a `weak` reference allocates. Safe only under the
    /// invariants in `Documentation/UnsafeCode.md`: the
    /// object's memory is not freed while its address is in the map.
    @inline(__always)
    func tryRetainObject(_ object: UnsafeMutableRawPointer) -> Bool {
        swift_tryRetain(object) != nil
    }
#endif
