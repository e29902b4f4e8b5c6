import ORMCore

/// What the main screen (``MainController``) asks of the ``App`` it sits in: the catalog of
/// tables and their grids, which the app shares with every screen, and the main screen's own
/// commands that reach past the list (quitting, opening a table, another schema).
protocol MainHost: GridScreenHost {
    /// The tables and views with their counts.
    var catalog: Catalog { get }
    /// The catalog's entries the table list shows (narrowed by ``MainController/tableNarrowing``).
    var listedTables: [Int] { get }
    /// The width the table list would like.
    var sidebarWidth: Int { get }
    /// The spinner frame for counts still running.
    var spinnerFrame: Int { get }
    /// The grid of the selected table, opened on first use.
    var selectedTableGrid: GridModel? { get }
    /// The grid of the selected table when it is open (looking it up opens nothing).
    var visibleTableGrid: GridModel? { get }

    /// The table list's title for `listed` entries shown.
    func tableListTitle(listed: Int) -> String

    /// Moves the table selection by `command` (up, down, page, ends); the grid follows it.
    func moveTableSelection(_ command: Command)

    /// Enter on the selected table: a table that could not be opened, or whose count stopped or
    /// failed, is tried again.
    func retrySelectedTable()

    /// Enter on another schema's table or view: the database opens again on that schema.
    func browseElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome

    /// Says how to browse another schema's table or view (it has no grid here).
    func saySchemaElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome

    /// `q` on the main screen: clears the shown table's filter, sort and hidden columns, else quits.
    func backOnMain() -> Outcome

    /// Esc on the main screen: stops the counts it waits for, else says what Esc and `q` do.
    func cancelOnMain() -> Outcome

    /// Esc in the narrowed table list: every table is listed again. Returns whether it was narrowed.
    func clearTableNarrowing() -> Bool

    /// `/` in the table list: opens the line that narrows it.
    func openTableNarrowing()

    /// A grid key with no grid to take it: says why (another schema's table, a table that could
    /// not be opened, no table).
    func sayWhyNoGrid() -> Outcome
}
