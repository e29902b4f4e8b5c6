/// The schema to browse next, and the table to show there first (nil: the list's first).
struct SchemaSwitch: Equatable, Sendable {
    /// The schema.
    var schema: String
    /// The table or view to show.
    var table: String?
    /// The keys typed after the one that switched, while this app waited for background work:
    /// the next app plays them first (``WaitedWork/play(_:)`` hands them on).
    var keysLeft: [Key] = []
}
