/// A value made on a background queue and handed to the main loop once, for types that are not
/// `Sendable` because the main loop goes on to mutate them (a query's row source and its caches).
///
/// The maker gives it up as it returns the box and never touches it again; the main loop takes it
/// from ``BackgroundResult`` after the work has finished. No two threads ever use the value at once,
/// which is what `@unchecked` vouches for here.
struct Handover<Value>: @unchecked Sendable {
    /// The value handed over.
    let value: Value
}
