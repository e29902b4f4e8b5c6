/// The table list as the main screen (``MainController``) drives it: the tables it lists and its
/// title, the selection's moves, its narrowing, and the main screen's `q` and Esc.
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
}

extension TableBrowser: TableList {}
