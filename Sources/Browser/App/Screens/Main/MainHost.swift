import ORMCore

/// What the main screen (``MainController``) asks of the ``App`` it sits in: the catalog of
/// tables and their grids, which the app shares with every screen, and the table list with the
/// main screen's commands that reach past it (quitting, opening a table, another schema).
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
}
