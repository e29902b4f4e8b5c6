/// What the input line is asking for.
enum PromptKind: Hashable, Sendable {
    /// A `WHERE` expression.
    case filter
    /// Text to search for.
    case search
    /// A search of the grid other than `/`'s: by a pattern (`regex`), or in one `column` only.
    case gridSearch(regex: Bool, column: String?)
    /// The format to copy the view, or only its `column`, to the clipboard in (`gY`, `gy`).
    case copyAs(column: String?)
    /// The text that narrows the table list, applied as it is typed (`/` in the list).
    case narrowTables
    /// A row number.
    case goToRow
    /// A column's name, or a pattern matching it (`gc`).
    case goToColumn
    /// The schema to browse instead (PostgreSQL), one of `choices`.
    case switchSchema(choices: [String])
    /// A SQL statement.
    case sql
    /// The path of a file to export the view to.
    case export
    /// The new value of a cell of `column`; `note` says why this editor opened when another was
    /// asked for (no `$EDITOR` set).
    case editCell(column: String, note: String? = nil)
    /// What to do with staged edits whose rows changed meanwhile (one key); `thenQuit` when the
    /// commit was asked for by "commit and quit" (or "commit and close"), so the commit the answer
    /// makes quits (or closes the database) too.
    case resolveConflicts(thenQuit: QuitQuestion? = nil)
    /// What to do with pending changes before quitting, or closing the database (one key).
    case quitWithChanges(QuitQuestion = QuitQuestion())
    /// What to do with the transaction typed at the SQL prompt, still open, before quitting, or
    /// closing the database (one key).
    case quitWithTransaction(QuitQuestion = QuitQuestion())
    /// Whether to delete `rows` of `table` (one key: `y` deletes).
    case confirmDelete(table: String, rows: [RowRef])
    /// Whether to drop all `count` staged changes (one key: `y` reverts).
    case confirmRevert(count: Int)
    /// Whether to replace the existing file at `path` with an export (one key: `y` replaces).
    case confirmOverwrite(path: String)
    /// Whether to close the SQL editor's buffer `number` (from 1), `lines` long (one key: `y` closes).
    case confirmCloseBuffer(number: Int, lines: Int)
    /// A key that opens a prompt was refused for `reason` (a read-only cell, results that cannot
    /// be filtered): the text typed after it goes here, and nowhere, until Enter or Esc.
    case refused(reason: String)
    /// A computed column's expression, `expression AS name` to name it (`=`).
    case computeColumn
    /// The table (or CSV/JSON file) to join the view with (`J`).
    case joinTable
    /// The columns to join the view with `request`'s table on.
    case joinColumns(JoinRequest)
    /// The kind of join (one of `kinds`) of the view with `request`'s table, on its columns.
    case joinKind(JoinRequest, kinds: [String])

    /// The label drawn before the input.
    var label: String {
        switch self {
        case .filter: "WHERE "
        case .search: "/"
        case .gridSearch(let regex, let column): (column.map(Sanitizer.sanitize) ?? "") + (regex ? "\\" : "/")
        case .copyAs(let column):
            "Copy " + (column.map { "column " + Sanitizer.sanitize($0) } ?? "the view") + " as (csv tsv json jsonl; Enter: tsv): "
        case .narrowTables: "Tables named like: "
        case .goToRow: "Go to row: "
        case .goToColumn: "Go to column (name or pattern): "
        case .switchSchema(let choices):
            "Schema (" + choices.map(Sanitizer.sanitize).joined(separator: ", ") + "): "
        case .sql: "SQL> "
        case .export: "Export to (.csv .tsv .json .jsonl .sql): "
        case .editCell(let column, let note): Sanitizer.sanitize(column) + (note.map { " (\($0))" } ?? "") + ": "
        case .resolveConflicts: "Rows changed meanwhile: t keep theirs, o overwrite, c cancel? "
        case .quitWithChanges(let question):
            "\(question.subject("Pending changes")): c commit and \(question.verb), r revert and \(question.verb), Esc stay? "
        case .quitWithTransaction(let question):
            "\(question.subject("A transaction is open")): c commit and \(question.verb), r roll back and \(question.verb), Esc stay? "
        case .confirmDelete(_, let rows): "Delete \(rows.count == 1 ? "1 row" : "\(rows.count) rows")? y/n "
        case .confirmRevert(let count): "Revert \(count == 1 ? "the staged change" : "all \(count) staged changes")? y/n "
        case .confirmOverwrite(let path): "\(Sanitizer.sanitize(path)) exists: replace it? y/n "
        case .confirmCloseBuffer(let number, let lines): "Close buffer \(number) (\(lines == 1 ? "1 line" : "\(lines) lines"))? y/n "
        case .refused(let reason): Sanitizer.sanitize(reason) + " · Esc: "
        case .computeColumn: "Compute (expression [AS name]): "
        case .joinTable: "Join with (table, or a CSV/JSON file; Tab completes): "
        case .joinColumns(let request):
            "Join " + Sanitizer.sanitize(request.label) + " on (column = its column, …): "
        case .joinKind(let request, let kinds):
            "Join " + Sanitizer.sanitize(request.label) + " as (" + kinds.joined(separator: ", ") + "; Enter: left): "
        }
    }

    /// The status-bar mode while the prompt is open.
    var mode: Mode {
        switch self {
        case .filter: .filter
        case .search, .gridSearch, .narrowTables: .search
        case .goToRow, .goToColumn, .switchSchema: .goToRow
        case .sql, .confirmCloseBuffer: .sql
        case .export, .copyAs: .export
        case .editCell: .edit
        case .resolveConflicts: .conflict
        case .quitWithChanges, .quitWithTransaction: .quit
        case .confirmDelete: .delete
        case .confirmRevert: .revert
        case .confirmOverwrite: .export
        case .refused: .refused
        case .computeColumn: .compute
        case .joinTable, .joinColumns, .joinKind: .join
        }
    }

    /// Whether it takes SQL (a statement or a `WHERE` expression): highlighted, completed with
    /// `Tab`, its history kept across runs.
    var isSQL: Bool {
        self == .sql || isExpression
    }

    /// Whether it takes one SQL expression over the grid's columns (a filter, a computed column):
    /// `Tab` completes the grid's own columns first.
    var isExpression: Bool {
        self == .filter || self == .computeColumn
    }

    /// The kind its history of this run is kept under: itself, without the session table a join
    /// request holds (history must not keep a file's rows on the server alive).
    var historyKey: PromptKind {
        switch self {
        case .joinColumns(var request):
            request.sessionTable = nil
            return .joinColumns(request)
        case .joinKind(var request, let kinds):
            request.sessionTable = nil
            return .joinKind(request, kinds: kinds)
        default:
            return self
        }
    }

    /// The name of its history kept across runs (`sql`, `filter`), nil for a history of this run only.
    var historyName: String? {
        switch self {
        case .sql: "sql"
        case .filter: "filter"
        case .computeColumn: "compute"
        default: nil
        }
    }

    /// Whether one key answers it (a choice), rather than a line of text and Enter.
    var isChoice: Bool {
        switch self {
        case .resolveConflicts, .quitWithChanges, .quitWithTransaction, .confirmDelete, .confirmRevert, .confirmOverwrite,
             .confirmCloseBuffer: true
        default: false
        }
    }
}
