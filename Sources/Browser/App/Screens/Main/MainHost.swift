import ORMCore

/// What the main screen (``MainController``) asks of the ``App`` it sits in: the catalog of
/// tables and their grids, which the app shares with every screen, and the main screen's own
/// commands that reach past the list (quitting, opening a table, another schema).
protocol MainHost: GridScreenHost {
    /// The tables and views with their counts.
    var catalog: Catalog { get }
    /// The table list: its entries and title, its selection, its narrowing, `q` and Esc.
    var tableList: any TableList { get }
    /// The width the table list would like.
    var sidebarWidth: Int { get }
    /// The spinner frame for counts still running.
    var spinnerFrame: Int { get }
    /// The grid of the selected table, opened on first use.
    var selectedTableGrid: GridModel? { get }
    /// The grid of the selected table when it is open (looking it up opens nothing).
    var visibleTableGrid: GridModel? { get }

    /// Enter on the selected table: a table that could not be opened, or whose count stopped or
    /// failed, is tried again.
    func retrySelectedTable()

    /// Enter on another schema's table or view: the database opens again on that schema.
    func browseElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome

    /// Says how to browse another schema's table or view (it has no grid here).
    func saySchemaElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome

    /// A grid key with no grid to take it: says why (another schema's table, a table that could
    /// not be opened, no table).
    func sayWhyNoGrid() -> Outcome
}
