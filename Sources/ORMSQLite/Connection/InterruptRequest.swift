import Synchronization
import ORMShared

/// Whether an interrupt was asked of a connection, read by its progress handler on the
/// connection's thread and set from any other (``Connection/interrupt()``).
final class InterruptRequest: Sendable {
    private let requested = Atomic<Bool>(false)

    /// Whether an interrupt was asked since the last ``clear()``.
    package var isSet: Bool { requested.load(ordering: .acquiring) }

    /// Asks for an interrupt.
    package func set() { requested.store(true, ordering: .releasing) }

    /// Forgets the request.
    package func clear() { requested.store(false, ordering: .releasing) }
}
