/// Plays a session across the apps it goes through: when the user browses another schema (`gs`,
/// ``Effect/reopen(_:)``), the app ends and ``reopen`` makes the next one, on that schema, which plays
/// the steps of the script left over. Both runners go through it, each with its own way of
/// playing an app.
///
/// ```swift
/// let last = try Reopening { switched in try makeApp(on: switched.schema) }.run(app, steps: steps) { app, steps in
///     HeadlessRunner(app: app, columns: 120, rows: 40).play(steps).ended
/// }
/// ```
struct Reopening {
    /// How an app's part of the session ended: for good, or to browse another schema with the
    /// steps it left.
    struct Ended: Equatable {
        /// The schema the next app browses; nil when the session ended (a quit, the input's end).
        var switched: SchemaSwitch?
        /// The steps left for the next app.
        var remaining: [ScriptStep] = []

        /// An app's part ended by switching to `switched`: the next app plays the keys that waited
        /// for background work in this one (``SchemaSwitch/keysLeft``), then `rest`.
        init(switching switched: SchemaSwitch, rest: some Sequence<ScriptStep>) {
            self.switched = switched
            remaining = switched.keysLeft.map(ScriptStep.key) + Array(rest)
        }

        /// The session's end.
        init() {}
    }

    /// Makes the app on the schema named (the database opened again with it), showing the table
    /// named if one is.
    let reopen: (_ switched: SchemaSwitch) throws -> App

    /// Plays `steps` on `app` with `play` (which says how the app ended and the steps it left),
    /// then on each app a schema switch makes; returns the last app.
    ///
    /// - Throws: what ``reopen`` throws (the server unreachable meanwhile, say).
    func run(_ app: App, steps: [ScriptStep], _ play: (App, [ScriptStep]) -> Ended) throws -> App {
        var app = app
        var steps = steps
        while true {
            let ended = play(app, steps)
            guard let switched = ended.switched else {
                return app
            }
            app = try reopen(switched)
            steps = ended.remaining
        }
    }

    /// The app on `database` (a file, URL or connection string) opened again on the schema
    /// switched to, showing the table named (the list's first when it has gone meanwhile), its
    /// status line saying which schema is browsed; `password` is the one the user typed for the
    /// first opening, if any.
    static func app(on database: String, readOnly: Bool, preferStandby: Bool = false, password: String? = nil,
                    theme: Theme, _ switched: SchemaSwitch) throws -> App {
        let opened = try DatabaseOpener.open(
            database, readOnly: readOnly, schema: switched.schema, preferStandby: preferStandby, password: password)
        let app = try (try? App(database: opened, theme: theme, initialTable: switched.table)) ?? App(database: opened, theme: theme)
        app.say(.info("browsing schema \(Sanitizer.sanitize(switched.schema))"))
        return app
    }
}
