/// Plays a session across the apps it goes through: when the user browses another schema (`gs`,
/// ``App/reopening``), the app ends and ``reopen`` makes the next one, on that schema, which plays
/// the steps of the script left over. Both runners go through it, each with its own way of
/// playing an app.
///
/// ```swift
/// let last = try Reopening { switched in try makeApp(on: switched.schema) }.run(app, steps: steps) { app, steps in
///     HeadlessRunner(app: app, columns: 120, rows: 40).play(steps).remaining
/// }
/// ```
struct Reopening {
    /// Makes the app on the schema named (the database opened again with it), showing the table
    /// named if one is.
    let reopen: (_ switched: SchemaSwitch) throws -> App

    /// Plays `steps` on `app` with `play` (which returns the steps it left), then on each app a
    /// schema switch makes; returns the last app.
    ///
    /// - Throws: what ``reopen`` throws (the server unreachable meanwhile, say).
    func run(_ app: App, steps: [ScriptStep], _ play: (App, [ScriptStep]) -> [ScriptStep]) throws -> App {
        var app = app
        var steps = steps
        while true {
            let left = play(app, steps)
            guard let switched = app.reopening else {
                return app
            }
            app = try reopen(switched)
            steps = left
        }
    }

    /// The app on `database` (a file, URL or connection string) opened again on the schema
    /// switched to, showing the table named (the list's first when it has gone meanwhile), its
    /// status line saying which schema is browsed.
    static func app(on database: String, readOnly: Bool, theme: Theme, _ switched: SchemaSwitch) throws -> App {
        let opened = try DatabaseOpener.open(database, readOnly: readOnly, schema: switched.schema)
        let app = try (try? App(database: opened, theme: theme, initialTable: switched.table)) ?? App(database: opened, theme: theme)
        app.state.message = .info("browsing schema \(Sanitizer.sanitize(switched.schema))")
        return app
    }
}
