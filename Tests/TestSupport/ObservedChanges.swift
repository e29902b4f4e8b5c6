import Observation
import Synchronization

/// How many times the `onChange` of Swift's `withObservationTracking` ran for what ``track(_:)``
/// read (it runs on whichever thread made the change).
public final class ObservedChanges: Sendable {
    private let count = Atomic<Int>(0)

    /// Nothing tracked yet.
    public init() {}

    /// The changes seen so far.
    public var value: Int { count.load(ordering: .acquiring) }

    /// Tracks what `read` reads, counting the change that ends the tracking.
    public func track(_ read: () -> Void) {
        withObservationTracking(read) { [self] in
            count.add(1, ordering: .releasing)
        }
    }
}
