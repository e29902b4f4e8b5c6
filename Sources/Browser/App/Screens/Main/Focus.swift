/// Which pane of the main screen receives the keys.
enum Focus: Hashable, Sendable {
    /// The table list.
    case tables
    /// The grid.
    case grid
}
