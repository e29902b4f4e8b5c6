/// The screens and what the main screen shows (apart from the data itself, the prompt line and
/// the other feature state the ``App`` keeps beside it).
struct AppState {
    /// The screen stack; ``Screen/main`` at the bottom, the visible screen last.
    var screens: [Screen] = [.main]
    /// Which pane of the main screen has the keys.
    var focus: Focus = .tables
    /// The selected entry of the table list.
    var selectedTable = 0
    /// The first entry shown in the table list (a position in the list as narrowed).
    var firstVisibleTable = 0
    /// The text the table list is narrowed to (`/` in the list), empty for every table.
    var tableNarrowing = ""
    /// The status-bar message until the next key.
    var message: StatusMessage?
    /// The spinner frame for counts still running.
    var spinnerFrame = 0
    /// Where each foreign-key jump started, oldest first: the back key returns to the last.
    var jumps: [JumpOrigin] = []

    /// The visible screen.
    var top: Screen {
        screens.last ?? .main
    }

    /// Replaces the visible screen.
    mutating func replaceTop(_ screen: Screen) {
        if screens.count > 1 {
            screens[screens.count - 1] = screen
        }
    }
}
