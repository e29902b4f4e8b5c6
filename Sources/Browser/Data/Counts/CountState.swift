/// Where a background count stands.
enum CountState: Sendable, Equatable {
    /// Still running.
    case counting
    /// Finished with this many rows.
    case done(Int)
    /// Failed with this message.
    case failed(String)
    /// Given up on (a time limit, out of sight, Esc), saying so: it may be taken again.
    case stopped(String)
}
