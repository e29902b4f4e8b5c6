/// Carries out the effects of an ``Outcome`` in one place for both runners: the copy, the external
/// editor (whose result is another outcome, carried out in turn), the repaint and the quit. What
/// differs between a terminal and memory is the ``EffectHost``'s.
struct EffectHandler {
    /// What the runner is left to do once the effects are carried out.
    struct Reaction: Equatable, Sendable {
        /// Whether the screen must be drawn again.
        var redraw = false
        /// Whether this app ends (the program, or this app only when ``reopen`` is set).
        var quit = false
        /// The schema the next app browses (``Effect/reopen(_:)``): this app ends, the session goes on.
        var reopen: SchemaSwitch?
    }

    /// The application whose outcomes are carried out (the editor's result goes back to it).
    let app: App

    /// Carries out `outcome`'s effects on `host`, in order, and says whether to draw and whether
    /// to quit (or reopen). After a quit or a reopen nothing more is done.
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
                    edited = app.runExternalEdit(request, attachedToTerminal: attached)
                }
                queue.append(contentsOf: edited.effects)
            case .quit:
                reaction.quit = true
                return reaction
            case .reopen(let switched):
                reaction.quit = true
                reaction.reopen = switched
                return reaction
            }
        }
        return reaction
    }
}
