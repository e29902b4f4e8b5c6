/// Opening a database again on another schema: when the user browses another schema (`gs`,
/// ``Effect/reopen(_:)``), the app on that database is replaced by one on the schema chosen
/// (``OpenDatabases/reopenShown(_:)``), the other databases open staying as they are.
///
/// ```swift
/// let databases = OpenDatabases(app: app) { switched in
///     try Reopening.app(on: url, readOnly: false, theme: theme, switched)
/// }
/// ```
enum Reopening {
    /// The app on `database` (a file, URL or connection string) opened again on the schema
    /// switched to, showing the table named (the list's first when it has gone meanwhile), its
    /// status line saying which schema is browsed; `password` is the one the user typed for the
    /// first opening, if any; `wakeup` is the loop's.
    static func app(on database: String, readOnly: Bool, preferStandby: Bool = false, password: String? = nil,
                    theme: Theme, wakeup: Wakeup = Wakeup(), _ switched: SchemaSwitch) throws -> App {
        let opened = try DatabaseOpener.open(
            database, readOnly: readOnly, schema: switched.schema, preferStandby: preferStandby, password: password)
        let app = try (try? App(database: opened, theme: theme, initialTable: switched.table, wakeup: wakeup))
            ?? App(database: opened, theme: theme, wakeup: wakeup)
        app.say(.info("browsing schema \(Sanitizer.sanitize(switched.schema))"))
        return app
    }
}
