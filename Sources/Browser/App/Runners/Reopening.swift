/// Plays a session across the apps it goes through: when the user browses another schema (`gs`,
/// ``App/reopening``), the app ends and ``reopen`` makes the next one, on that schema, which plays
/// the steps of the script left over. Both runners go through it, each with its own way of
/// playing an app.
///
/// ```swift
/// let last = try Reopening { schema in try makeApp(on: schema) }.run(app, steps: steps) { app, steps in
///     HeadlessRunner(app: app, columns: 120, rows: 40).play(steps).remaining
/// }
/// ```
struct Reopening {
    /// Makes the app on the schema named (the database opened again with it).
    let reopen: (_ schema: String) throws -> App

    /// Plays `steps` on `app` with `play` (which returns the steps it left), then on each app a
    /// schema switch makes; returns the last app.
    ///
    /// - Throws: what ``reopen`` throws (the server unreachable meanwhile, say).
    func run(_ app: App, steps: [ScriptStep], _ play: (App, [ScriptStep]) -> [ScriptStep]) throws -> App {
        var app = app
        var steps = steps
        while true {
            let left = play(app, steps)
            guard let schema = app.reopening else {
                return app
            }
            app = try reopen(schema)
            steps = left
        }
    }
}
