extension App {
    /// Whether the screen on top searches its own text (the schema, the pending changes, the help)
    /// with `/`, `n` and `N`, instead of a grid.
    var isTextScreenOnTop: Bool {
        state.top.searchesText
    }

    /// Searches the text screen on top for `text` (nil: the text searched for last), as `less` does
    /// (``ScreenController/search(for:forward:again:in:)``).
    func searchTextScreen(for text: String?, forward: Bool, again: Bool) {
        let controller = state.top
        guard controller.searchesText else {
            return
        }
        _ = carryOut(controller.search(for: text, forward: forward, again: again, in: screenLayout.content),
                     of: controller)
    }

    /// Does what `controller`'s reply asks: draws, says, closes the screen (when it is still on
    /// top), opens a prompt, copies, or says the key means nothing here.
    func carryOut(_ reply: ScreenReply, of controller: any ScreenController) -> Outcome {
        switch reply {
        case .redraw:
            break
        case .say(let message):
            say(message)
        case .close:
            if state.top === controller {
                state.screens.removeLast()
            }
        case .notAKey:
            return notAKeyHere()
        case .openPrompt(let kind):
            openPrompt(kind)
        case .copy(let text, let message):
            say(message)
            return Outcome([.redraw, .copy(text)])
        case .carriedOut(let outcome):
            return outcome
        }
        return .redraw
    }
}
