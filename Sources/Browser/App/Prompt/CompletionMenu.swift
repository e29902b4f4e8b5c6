/// The list of completions open above the prompt after `Tab`: the choices and the one chosen.
struct CompletionMenu: Sendable {
    /// The completion listed: its candidates and the text they replace.
    var completion: SQLCompletion
    /// The chosen candidate (an index of the candidates).
    var selected = 0
    /// The widest label and note of the candidates (sanitised), measured once.
    let widths: (text: Int, detail: Int)

    /// The list of `completion`'s candidates, the first chosen.
    init(completion: SQLCompletion) {
        self.completion = completion
        widths = (completion.candidates.map { TextWidth.of(Sanitizer.sanitize($0.label)) }.max() ?? 0,
                  completion.candidates.map { TextWidth.of($0.detail) }.max() ?? 0)
    }

    /// The rows the list shows at most; more scroll.
    static let height = 8

    /// Moves the choice by `step` candidates, round from the last to the first and back.
    mutating func move(by step: Int) {
        let count = completion.candidates.count
        guard count > 0 else {
            return
        }
        selected = ((selected + step) % count + count) % count
    }

    /// The chosen candidate.
    var chosen: CompletionCandidate? {
        completion.candidates.indices.contains(selected) ? completion.candidates[selected] : nil
    }

    /// The first row shown, so the chosen one is in sight.
    var firstVisible: Int {
        max(0, selected - Self.height + 1)
    }
}
