/// The prompts' history of one database kept across runs, one ``HistoryFile`` per prompt kind in
/// the state folder (``StateFolder``). A folder that cannot be written never stops reef: the
/// entries stay for the run, and the first problem is said once.
struct HistoryStore: Sendable {
    /// The state folder (`…/reef`).
    let folder: String
    /// The database whose history it is.
    let databasePath: String
    /// Whether a problem was said already.
    private var reported = false

    /// The store of the database at `databasePath` in the state `folder`.
    init(folder: String, databasePath: String) {
        self.folder = folder
        self.databasePath = databasePath
    }

    /// The file of `kind` (`sql`, `filter`).
    func file(_ kind: String) -> HistoryFile {
        HistoryFile(folder: folder, databasePath: databasePath, kind: kind)
    }

    /// The entries of `kind`, oldest first, and the problem to say if reading failed (once).
    mutating func load(_ kind: String) -> (entries: [String], problem: String?) {
        do {
            return (try file(kind).load(), nil)
        } catch {
            return ([], problem(error))
        }
    }

    /// Adds `entry` to the file of `kind`; returns the problem to say if writing failed (once).
    mutating func append(_ entry: String, kind: String) -> String? {
        do {
            try file(kind).append(entry)
            return nil
        } catch {
            return problem(error)
        }
    }

    /// The message for `failure`, the first time only.
    private mutating func problem(_ failure: HistoryFile.Failure) -> String? {
        guard !reported else {
            return nil
        }
        reported = true
        return "history not saved: \(failure)"
    }
}
