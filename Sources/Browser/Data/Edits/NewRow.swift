import FoundationEssentials
import ORMCore

/// A row staged for insert: the values given so far, and what SQLite made of them when it last
/// tried the insert (in a savepoint rolled back at once).
///
/// Only ``values`` are written by a commit; the other columns take what SQLite gives them then
/// (defaults, a generated rowid). ``preview`` is what it gave them in the last trial it accepted,
/// for the grid to show.
struct NewRow: Hashable, Sendable {
    /// The row's number among the table's new rows (from 1, never reused while changes are staged).
    let number: Int
    /// The columns set by the user or copied by a duplicate: what the `INSERT` names.
    var values: [String: SQLValue]
    /// The whole row as SQLite stored it in the last trial it accepted: defaults and key included.
    var preview: [String: SQLValue] = [:]
    /// SQLite's message when it refuses the row as it is (a duplicate's key, a NOT NULL column
    /// left empty); a commit waits until the row is fixed, undone or deleted.
    var refusal: String?
    /// Whether the row was last tried while another connection held the write lock, so SQLite has
    /// not judged it yet: it is tried again once the lock is free.
    var isUnchecked = false

    /// The value shown for `column`: the one given, else SQLite's from the last trial.
    func value(of column: String) -> SQLValue? {
        values[column] ?? preview[column]
    }

    /// The row tried again as it is now: ``preview`` updated when SQLite takes it, ``refusal``
    /// set to its message when it does not.
    ///
    /// A refused row still shows the defaults and the generated key when SQLite takes it with
    /// stand-ins for the NOT NULL columns left empty (the stand-ins are not shown, nor staged).
    /// The row is tried after `staged`, the other changes a commit writes with it. The trial never
    /// waits for a lock: while another connection holds the write lock the row is left unrefused
    /// and ``isUnchecked`` (it is tried again once the lock is free, and the commit tries it), and
    /// keeps its last preview.
    func checked(in table: DynamicTable, after staged: [StagedTableEdits] = []) -> NewRow {
        var row = self
        row.isUnchecked = false
        do {
            row.preview = try table.checkInsert(values, after: staged, waitingForLock: false)
            row.refusal = nil
        } catch let error as any DatabaseError where error.isBusy {
            row.refusal = nil
            row.isUnchecked = true
        } catch {
            row.refusal = UserMessage.describe(error)
            let standIns = Self.standIns(for: table, besides: values)
            if !standIns.isEmpty,
               let probe = try? table.checkInsert(values.merging(standIns) { given, _ in given }, after: staged,
                                                  waitingForLock: false) {
                row.preview = probe.filter { standIns[$0.key] == nil }
            }
        }
        return row
    }

    /// Values of the column's type (0, 0.0, '' or x'') for the NOT NULL columns without a default
    /// that `values` leaves out, so a trial can show what SQLite fills in for the others.
    private static func standIns(for table: DynamicTable, besides values: [String: SQLValue]) -> [String: SQLValue] {
        var standIns: [String: SQLValue] = [:]
        for column in table.info.columns where values[column.name] == nil && column.generated == .no {
            let required = column.isNotNull || (table.info.isWithoutRowID && column.primaryKeyPosition > 0)
            guard required, column.defaultSQL == nil, column.name != table.generatedKeyColumn else {
                continue
            }
            switch column.affinity {
            case .integer, .numeric: standIns[column.name] = .integer(0)
            case .real: standIns[column.name] = .real(0)
            case .text: standIns[column.name] = .text("")
            case .blob: standIns[column.name] = column.declaredType.isEmpty ? .text("") : .blob(Data())
            }
        }
        return standIns
    }
}
