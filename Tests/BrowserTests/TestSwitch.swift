import Synchronization

/// A switch a test flips from its thread while background work or a SQL function reads it on
/// another: work made ready, a function told to fail.
final class TestSwitch: Sendable {
    private let value = Mutex(false)

    /// Whether it was flipped.
    var isOn: Bool { value.withLock { $0 } }

    /// Turns it on.
    func flip() { value.withLock { $0 = true } }
}
