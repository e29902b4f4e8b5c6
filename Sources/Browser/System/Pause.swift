#if canImport(Glibc)
    import Glibc
#endif

/// Sleeps the calling thread for `seconds` (nothing for zero or less).
func pause(seconds: Double) {
    guard seconds > 0 else {
        return
    }
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
        request = remaining
    }
}
