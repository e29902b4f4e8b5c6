import ORMCore

/// What the prompt line (``PromptController``) asks of the ``App`` it sits in, beyond what its
/// statements ask (``StatementHost``): what completion reads, the grid and the screen a
/// submitted line acts on, the table list's narrowing, the export and the staged changes the
/// one-key questions answer for.
protocol PromptHost: StatementHost {
    /// The columns and functions completion has read.
    var completionCache: CompletionCache { get }
    /// The grid of the visible screen, if it shows one.
    var currentGrid: GridModel? { get }
    /// Where the visible screen's parts are drawn.
    var screenLayout: Layout { get }
    /// Where this database stands among those open, when there are several (nil with one).
    var databaseTab: DatabaseTab? { get }
    /// Whether the screen on top is a text page (the help, the named queries) that `/` searches.
    var isTextScreenOnTop: Bool { get }
    /// The exports the export prompt starts and the overwrite question answers for.
    var exports: Exports { get }
    /// Shows `error` in the status bar, prefixed with what was being done.
    func report(_ error: any Error, doing action: String?)

    /// Does what `controller`'s reply asks (draws, says, closes the screen…).
    func carryOut(_ reply: ScreenReply, of controller: any ScreenController) -> Outcome

    /// The work waited for: Ctrl-C stops it, as Esc does.
    var waits: WaitedWork { get }

    /// The commands of `grid`, which a submitted filter, search or jump runs.
    func gridCommands(on grid: GridModel) -> GridCommands

    /// Searches the text screen on top for `text` (nil: the text searched for last).
    func searchTextScreen(for text: String?, forward: Bool, again: Bool)
}
