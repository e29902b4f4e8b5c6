/// The status bar's input line: the prompt open on it, the entries given at each kind of prompt,
/// and the cell the cell editor changes while it is open.
///
/// With a ``HistoryStore``, the SQL and filter prompts' entries are kept across runs: read when
/// the prompt first opens, each new one written as it is given; so are the SQL editor's buffers
/// (`PromptLine+Buffers.swift`), written whole when the editor closes and when reef quits.
struct PromptLine {
    /// The open prompt, if any.
    var current: PromptState?
    /// Entries given at each prompt, oldest first.
    private(set) var history: [PromptKind: [String]] = [:]
    /// The cell the open cell editor changes.
    var editing: EditTarget?
    /// Where the SQL and filter history is kept across runs; nil keeps it for this run only.
    var store: HistoryStore?
    /// The named queries saved in this run when no history is kept (``App/namedQueriesFile``).
    var sessionQueries: [NamedQuery] = []
    /// The kinds whose kept history was read.
    private var loaded: Set<PromptKind> = []
    /// The SQL editor's buffers; `e` opens the current one.
    var buffers = SQLBuffers()
    /// How the kept buffers stand: not read yet, read (then written as they change), or not
    /// readable (then never written over in this run).
    var keptBuffers = KeptBuffers.unread

    /// Opens the prompt `kind` with `text` already typed and its kind's history to go through.
    /// The SQL prompt opens on the current buffer (the kept ones read first), `text` put in it
    /// when given (in a new buffer when it holds other text).
    mutating func open(_ kind: PromptKind, text: String = "") {
        var problems = [loadKeptHistory(of: kind)]
        guard kind == .sql else {
            current = PromptState(kind: kind, text: text, history: history[kind.historyKey] ?? [])
            current?.note = problems[0]
            return
        }
        problems.append(loadKeptBuffers())
        if !text.isEmpty {
            buffers.restore(text, cursor: text.count, into: buffers.current.id)
        }
        current = editor(history: history[kind] ?? [])
        let said = problems.compactMap { $0 }
        current?.note = said.isEmpty ? nil : said.joined(separator: "; ")
    }

    /// Closes the prompt, and the cell editor with it.
    mutating func close() {
        current = nil
        editing = nil
    }

    /// Remembers a prompt entry, skipping a repeat of the last one; an SQL or filter entry is
    /// also written to the kept history. Returns the problem to say when that failed (once a run).
    @discardableResult
    mutating func remember(_ text: String, for kind: PromptKind) -> String? {
        let kind = kind.historyKey
        guard !text.isEmpty, history[kind, default: []].last != text else {
            return nil
        }
        history[kind, default: []].append(text)
        if history[kind, default: []].count > HistoryFile.limit {
            history[kind, default: []].removeFirst()
        }
        guard let name = kind.historyName else {
            return nil
        }
        return store?.append(text, kind: name)
    }

    /// Reads the kept history of `kind` the first time it opens, before this run's entries;
    /// returns the problem to say when it could not be read.
    private mutating func loadKeptHistory(of kind: PromptKind) -> String? {
        guard let name = kind.historyName, store != nil, loaded.insert(kind).inserted else {
            return nil
        }
        guard let (entries, problem) = store?.load(name) else {
            return nil
        }
        var merged = entries
        for entry in history[kind] ?? [] where merged.last != entry {
            merged.append(entry)
        }
        history[kind] = Array(merged.suffix(HistoryFile.limit))
        return problem
    }
}
