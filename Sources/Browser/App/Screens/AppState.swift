/// The screens (the main screen, with the table list's selection and the focus, at the bottom),
/// the message and the spinner: what the ``App`` shows, apart from the data itself, the prompt line
/// and the other feature state it keeps beside it.
struct AppState {
    /// The main screen: the table list and the selected table's grid.
    let main: MainController
    /// The screen stack; ``main`` at the bottom, the visible screen last.
    var screens: [Screen]
    /// The status-bar message until the next key.
    var message: StatusMessage?
    /// The spinner frame for counts still running.
    var spinnerFrame = 0
    /// Where each foreign-key jump started, oldest first: the back key returns to the last.
    var jumps: [JumpOrigin] = []

    /// The state of an app showing `main` alone.
    init(main: MainController = MainController()) {
        self.main = main
        screens = [main]
    }

    /// The visible screen.
    var top: Screen {
        screens.last ?? main
    }

    /// Whether the main screen is the visible one.
    var isMainOnTop: Bool {
        top === main
    }
}
