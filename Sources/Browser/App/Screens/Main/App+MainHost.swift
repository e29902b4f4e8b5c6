/// What the main screen (``MainController``) asks of the app: the catalog and the tables'
/// grids, and the table list (``TableBrowser``).
extension App: MainHost {
    var tableList: any TableList {
        tableBrowser
    }

    var spinnerFrame: Int {
        state.spinnerFrame
    }
}
