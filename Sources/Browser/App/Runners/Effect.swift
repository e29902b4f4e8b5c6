/// One thing a key asks of the runner beyond the change of state it made itself: the ``App``
/// decides, the ``EffectHandler`` does it (on a terminal or in memory).
enum Effect: Equatable, Sendable {
    /// Draw the screen again (only the cells that changed are written).
    case redraw
    /// Forget what the terminal shows and repaint every cell (Ctrl-L).
    case repaint
    /// Put `text` on the terminal's clipboard (OSC 52).
    case copy(String)
    /// Run the user's editor (`$VISUAL`, `$EDITOR`) on a value, with the screen suspended around it.
    case editExternally(ExternalEditRequest)
    /// Work the screen waits for now runs in the background (`label` says what, as the status bar
    /// does): keys typed meanwhile wait for it, and the runner ticks until it is done.
    case runInBackground(label: String)
    /// End the program.
    case quit
    /// End this app and open its database again on another schema (`gs`, Enter on another
    /// schema's table): the next app (``Reopening``) takes its place among the databases open
    /// (``OpenDatabases/reopenShown(_:)``) and plays the keys left; the others stay as they are.
    case reopen(SchemaSwitch)
    /// Show the database `offset` places after this one among those open (`gt`, `gT`; wrapping
    /// around); the keys left (typed meanwhile, while this app waited for background work) are
    /// played there.
    case showDatabase(offset: Int, keysLeft: [Key] = [])
    /// Close this database, the others staying open (`q` when several are; the last one closed
    /// quits); the keys left are played on the database shown next.
    case close(keysLeft: [Key] = [])

    /// Whether the screen is drawn after it: after all but a copy (the screen already says what was
    /// copied) and a quit.
    var redraws: Bool {
        switch self {
        case .redraw, .repaint, .editExternally, .runInBackground, .showDatabase, .close: true
        case .copy, .quit, .reopen: false
        }
    }
}
