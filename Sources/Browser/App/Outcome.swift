/// What handling a key did, for the event loop (htop's `Htop_Reaction`).
enum Outcome: Equatable, Sendable {
    /// The key was taken but nothing on screen changed.
    case handled
    /// The screen must be drawn again.
    case redraw
    /// The program should end.
    case quit
}
