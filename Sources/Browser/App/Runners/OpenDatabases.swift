/// The databases open in one session of reef (`reef shop.db postgres://…`): one ``App`` each,
/// which keeps its own screens, cursor, filters, staged edits, history and live refresh. The
/// runners drive this: keys and drawing go to the app shown (``current``), and every app ticks,
/// so a database in the background keeps reading what changed and shows it when it is shown
/// again. The effects that concern the databases (``Effect/showDatabase(offset:keysLeft:)``,
/// ``Effect/close(keysLeft:)``, ``Effect/reopen(_:)``, and a quit while another database has
/// changes pending) are carried out here, for the ``EffectHandler``.
///
/// ```swift
/// let databases = OpenDatabases([.init(app: shop, name: "shop.db"), .init(app: notes, name: "notes.db")])
/// _ = databases.handle(.character("g")); _ = databases.handle(.character("t"))  // an outcome showing notes.db
/// ```
final class OpenDatabases {
    /// One open database: its app, the name the row above its screens shows, and how to open it
    /// again on another schema.
    struct Entry {
        /// The app on the database.
        var app: App
        /// Its name as the row above the screens shows it (the file, or the server without a password).
        var name: String
        /// Makes its app on another schema (`gs`); nil when it cannot be opened again.
        var reopen: ((SchemaSwitch) throws -> App)?
    }

    /// The open databases, in the command line's order (at least one).
    private(set) var entries: [Entry]
    /// The place of the one shown in ``entries``.
    private(set) var shown = 0
    /// What the apps closed so far left to tell the user as reef ends (an export stopped).
    private var notes: [String] = []
    /// The screen size, given to an app as it is shown.
    private var size = (columns: 80, rows: 24)

    /// The databases of `entries`, the first shown; `entries` must not be empty (the command line
    /// starts no session without a database opened).
    init(_ first: Entry, _ others: [Entry] = []) {
        entries = [first] + others
        updateTabs()
    }

    /// One database: `app`, named by its database's path, opened again on another schema with
    /// `reopen`.
    convenience init(app: App, reopen: ((SchemaSwitch) throws -> App)? = nil) {
        self.init(Entry(app: app, name: app.database.path, reopen: reopen))
    }

    /// The app shown: keys go to it and it is drawn.
    var current: App {
        entries[shown].app
    }

    /// Whether any app has background work running.
    var hasBackgroundWork: Bool {
        entries.contains { $0.app.hasBackgroundWork }
    }

    /// Whether any app has background work that finished and waits for a tick.
    var hasWorkToCollect: Bool {
        entries.contains { $0.app.hasWorkToCollect }
    }

    /// Whether an export or a copy to the clipboard is under way in any app (a headless script
    /// waits for it).
    var isWritingOutput: Bool {
        entries.contains { $0.app.exports.isWritingOutput }
    }

    /// Tells the app shown the screen's size (the others are told as they are shown).
    func resize(columns: Int, rows: Int) {
        size = (columns, rows)
        current.resize(columns: columns, rows: rows)
    }

    /// Hands `key` to the app shown.
    func handle(_ key: Key) -> Outcome {
        current.handle(key)
    }

    /// Draws the app shown.
    func render(_ frame: inout Frame) {
        current.render(&frame)
    }

    /// Ticks every app: the one shown says what to do; one in the background is only drawn when
    /// shown again, and plays no keys (keys wait only in the app shown), so only a copy to the
    /// clipboard that ended there is kept from its outcome.
    func tick() -> Outcome {
        var outcome = Outcome.handled
        for (index, entry) in entries.enumerated() {
            let ticked = entry.app.tick()
            if index == shown {
                outcome.merge(ticked)
            } else {
                for case .copy(let text) in ticked.effects {
                    outcome.add(.copy(text))
                }
            }
        }
        return outcome
    }

    /// Runs the user's editor's result through the app shown, which asked for it.
    func runExternalEdit(_ request: ExternalEditRequest, attachedToTerminal: Bool) -> Outcome {
        current.runExternalEdit(request, attachedToTerminal: attachedToTerminal)
    }

    /// Stops what must not outlive reef in every app still open (``App/finish()``); returns what
    /// they, and the apps closed before, leave to tell the user.
    func finish() -> [String] {
        notes + entries.compactMap { $0.app.finish() }
    }

    // MARK: - The databases' effects

    /// Shows the database `offset` places from the one shown (wrapping around) and plays `keys` there.
    func show(offset: Int, keysLeft keys: [Key]) -> Outcome {
        shown = ((shown + offset) % entries.count + entries.count) % entries.count
        prepareShown()
        return play(keys).with(.redraw)
    }

    /// Closes the database shown, shows the next (the last when it was the last) and plays `keys`
    /// there; nil when it is the only one open: reef quits.
    func closeShown(keysLeft keys: [Key]) -> Outcome? {
        guard entries.count > 1 else {
            return nil
        }
        let closed = entries.remove(at: shown)
        if let note = closed.app.finish() {
            notes.append(note)
        }
        shown = min(shown, entries.count - 1)
        updateTabs()
        prepareShown()
        current.say(.info("closed \(Sanitizer.sanitize(closed.name))"))
        return play(keys).with(.redraw)
    }

    /// Before reef quits: shows the first other database with changes pending (staged edits, a
    /// transaction typed at its SQL prompt) and asks there what to do with them (its answer quits
    /// again, which asks about the next one); nil when none has any: reef quits.
    func askBeforeQuitting() -> Outcome? {
        guard let index = entries.indices.first(where: { $0 != shown && Self.hasChangesPending(entries[$0].app) }) else {
            return nil
        }
        shown = index
        prepareShown()
        return current.prompts.quitOrAsk().with(.redraw)
    }

    /// Replaces the app shown by one on the schema `switched` names (``Effect/reopen(_:)``), and
    /// plays the keys left there; when that cannot be opened, the app stays and says why.
    func reopenShown(_ switched: SchemaSwitch) -> Outcome {
        let old = entries[shown]
        guard let reopen = old.reopen else {
            old.app.say(.error("this database cannot be opened on another schema"))
            return .redraw
        }
        let app: App
        do {
            app = try reopen(SchemaSwitch(schema: switched.schema, table: switched.table))
        } catch {
            old.app.say(.error("cannot browse schema \(Sanitizer.sanitize(switched.schema)): \(UserMessage.describe(error))"))
            return .redraw
        }
        if let note = old.app.finish() {
            notes.append(note)
        }
        entries[shown].app = app
        updateTabs()
        prepareShown()
        return play(switched.keysLeft).with(.redraw)
    }

    // MARK: - Private

    /// Whether quitting asks `app` first: its staged edits, or a transaction open at its prompt.
    private static func hasChangesPending(_ app: App) -> Bool {
        app.editing.pendingEditCount > 0 || app.sessionTransactionOpen
    }

    /// Plays `keys` on the app shown until one leaves it (shows another database, closes it,
    /// quits), whose outcome takes the rest on.
    private func play(_ keys: [Key]) -> Outcome {
        var outcome = Outcome.handled
        var left = keys[...]
        while let key = left.popFirst() {
            outcome.merge(current.handle(key))
            if outcome.leavesApp {
                outcome.leaveForNextApp(Array(left))
                break
            }
        }
        return outcome
    }

    /// Tells each app where it stands (none when it is the only one open).
    private func updateTabs() {
        for (index, entry) in entries.enumerated() {
            entry.app.databaseTab = entries.count == 1
                ? nil : DatabaseTab(position: index + 1, count: entries.count, name: entry.name)
        }
    }

    /// Gives the app shown the screen's size and prepares its frame (its tab may have changed).
    private func prepareShown() {
        current.resize(columns: size.columns, rows: size.rows)
        current.prepareFrame()
    }
}
