import Synchronization

/// Whether an interrupt was asked of a connection, read by its progress handler on the
/// connection's thread and set from any other (``Connection/interrupt()``).
final class InterruptRequest: Sendable {
    private let requested = Atomic<Bool>(false)

    /// Whether an interrupt was asked since the last ``clear()``.
    var isSet: Bool { requested.load(ordering: .acquiring) }

    /// Asks for an interrupt.
    func set() { requested.store(true, ordering: .releasing) }

    /// Forgets the request.
    func clear() { requested.store(false, ordering: .releasing) }
}
