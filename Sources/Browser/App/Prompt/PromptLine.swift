/// The status bar's input line: the prompt open on it, the entries given at each kind of prompt,
/// and the cell the cell editor changes while it is open.
struct PromptLine {
    /// The open prompt, if any.
    var current: PromptState?
    /// Entries given at each prompt, oldest first.
    private(set) var history: [PromptKind: [String]] = [:]
    /// The cell the open cell editor changes.
    var editing: EditTarget?

    /// Opens the prompt `kind` with `text` already typed and its kind's history to go through.
    mutating func open(_ kind: PromptKind, text: String = "") {
        current = PromptState(kind: kind, text: text, history: history[kind] ?? [])
    }

    /// Closes the prompt, and the cell editor with it.
    mutating func close() {
        current = nil
        editing = nil
    }

    /// Remembers a prompt entry, skipping a repeat of the last one.
    mutating func remember(_ text: String, for kind: PromptKind) {
        guard !text.isEmpty, history[kind, default: []].last != text else {
            return
        }
        history[kind, default: []].append(text)
    }
}
