import ORMCore

/// The screens made from a grid's rows and opened over it: its frequency tables (`F`, `gF`, with
/// the aggregates set with `+`), its pivot table (`W`), its column summary (`I`), its plot and its
/// histogram. Each is computed by the database in the background, over the rows the grid's filter
/// keeps. Made for each command (``GridCommands/analysis``); it reaches the app's services through
/// ``app``.
///
/// ```swift
/// GridAnalysis(app: app, grid: grid).openFrequency()
/// ```
struct GridAnalysis {
    /// The app: its services, which the grid's commands share with every screen.
    unowned let app: App
    /// The grid whose rows are analysed.
    let grid: GridModel

    /// The database the grid's rows are read from: a statement's results are read from reef's own
    /// copy of them (``ResultStore``), never from the statement's database again.
    var sourceDatabase: Database {
        grid.source.ownDatabase ?? app.database
    }
}
