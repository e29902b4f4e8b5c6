/// Carries out the effects of an ``Outcome`` in one place for both runners: the copy, the external
/// editor (whose result is another outcome, carried out in turn), the repaint, the databases'
/// effects (``OpenDatabases``: another shown, one closed, one opened again on another schema)
/// and the quit. What differs between a terminal and memory is the ``EffectHost``'s.
struct EffectHandler {
    /// What the runner is left to do once the effects are carried out.
    struct Reaction: Equatable, Sendable {
        /// Whether the screen must be drawn again.
        var redraw = false
        /// Whether reef ends.
        var quit = false
    }

    /// The open databases whose outcomes are carried out (the editor's result goes back to the
    /// app shown).
    let databases: OpenDatabases

    /// A handler for the session of `databases`.
    init(databases: OpenDatabases) {
        self.databases = databases
    }

    /// A handler for a session of one database, `app`'s.
    init(app: App) {
        self.init(databases: OpenDatabases(app: app))
    }

    /// Carries out `outcome`'s effects on `host`, in order, and says whether to draw and whether
    /// to quit. After a quit nothing more is done; a quit while another database has changes
    /// pending shows it and asks there first.
    func apply(_ outcome: Outcome, on host: some EffectHost) -> Reaction {
        var reaction = Reaction()
        var queue = outcome.effects[...]
        while let effect = queue.popFirst() {
            reaction.redraw = reaction.redraw || effect.redraws
            switch effect {
            case .redraw, .runInBackground:
                break
            case .repaint:
                host.repaintAll()
            case .copy(let text):
                host.copyToClipboard(text)
            case .editExternally(let request):
                var edited = Outcome()
                host.runEditor { attached in
                    edited = databases.runExternalEdit(request, attachedToTerminal: attached)
                }
                queue.append(contentsOf: edited.effects)
            case .showDatabase(let offset, let keysLeft):
                queue.append(contentsOf: databases.show(offset: offset, keysLeft: keysLeft).effects)
            case .close(let keysLeft):
                guard let next = databases.closeShown(keysLeft: keysLeft) else {
                    reaction.quit = true
                    return reaction
                }
                queue.append(contentsOf: next.effects)
            case .reopen(let switched):
                reaction.redraw = true
                queue.append(contentsOf: databases.reopenShown(switched).effects)
            case .quit:
                guard let asked = databases.askBeforeQuitting() else {
                    reaction.quit = true
                    return reaction
                }
                queue.append(contentsOf: asked.effects)
            }
        }
        return reaction
    }
}
