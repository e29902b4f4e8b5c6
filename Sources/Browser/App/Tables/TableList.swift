import ORMCore

/// The table list as the main screen (``MainController``) drives it: the tables it lists and its
/// title, the selection's moves, its narrowing, Enter on an entry, and the main screen's `q` and
/// Esc.
///
/// ``TableBrowser`` is the one the app hands out (``MainHost/tableList``); the main screen's tests
/// answer it with a double.
protocol TableList: AnyObject {
    /// The catalog's entries the list shows (narrowed by ``MainController/tableNarrowing``).
    var listedTables: [Int] { get }

    /// The list's title for `listed` entries shown.
    func tableListTitle(listed: Int) -> String

    /// Moves the table selection by `command` (up, down, page, ends); the grid follows it.
    func moveTableSelection(_ command: Command)

    /// `q` on the main screen: clears the shown table's filter, sort and hidden columns, else quits.
    func backOnMain() -> Outcome

    /// Esc on the main screen: stops the counts it waits for, else says what Esc and `q` do.
    func cancelOnMain() -> Outcome

    /// Esc in the narrowed table list: every table is listed again. Returns whether it was narrowed.
    @discardableResult
    func clearTableNarrowing() -> Bool

    /// `/` in the table list: opens the line that narrows it.
    func openTableNarrowing()

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

extension TableBrowser: TableList {}
