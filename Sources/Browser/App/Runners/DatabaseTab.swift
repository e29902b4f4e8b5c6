/// Where an app's database stands among the databases open in one session of reef
/// (``OpenDatabases``), when there are several: the row above its screens says it
/// (`[2/3] shop.db`), and its questions before quitting name it.
struct DatabaseTab: Equatable, Sendable {
    /// Its place among the open databases, from 1.
    var position: Int
    /// How many databases are open.
    var count: Int
    /// Its name as the command line gave it (a file, or the server's user, host and database).
    var name: String

    /// The text of the row above the screens: `[2/3] shop.db`.
    var title: String {
        "[\(position)/\(count)] \(name)"
    }
}
