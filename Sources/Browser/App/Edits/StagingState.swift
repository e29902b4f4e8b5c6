import FoundationEssentials
import ORMCore

/// The changes staged on each table until committed or reverted, and those not checked yet
/// because another connection held the write lock when they were staged.
struct StagingState {
    /// The changes staged on each table, by table name.
    var edits: [String: StagedEdits] = [:]
    /// Changes staged while another connection held the write lock, checked once it is free.
    var unchecked: [UncheckedChange] = []
    /// When to try those checks again (nil: on the next tick).
    var nextUncheckedCheck: Date?
    /// The clock every table's changes are stamped on as they are staged.
    private var clock = 0

    /// The statements a commit would run: one per row changed, inserted or deleted, every table's.
    var pendingCount: Int {
        edits.values.reduce(0) { $0 + $1.count }
    }

    /// The changes staged on table `name` (none when nothing is).
    func edits(of name: String) -> StagedEdits {
        edits[name] ?? StagedEdits()
    }

    /// Stages `change` on table `name`, stamped after every change staged before it on any table.
    mutating func stage(_ change: StagedEdit, in name: String) {
        clock += 1
        edits[name, default: StagedEdits()].stage(change, stamp: clock)
    }

    /// The edits a commit applies, every table's, in the order their rows were first changed,
    /// cut into runs of one table: the order in which each edit was checked after the ones staged
    /// before it. A server that checks a foreign key at each statement (PostgreSQL's `NOT
    /// DEFERRABLE`, its default) then takes a parent's deletion staged after its children's.
    ///
    /// - Parameters:
    ///   - edits: the staged changes by table (these, or a copy changed for a check).
    ///   - tables: the tables to take (all when nil).
    ///   - withoutNewRowsOf: a table whose new rows are left out.
    static func commitRuns(
        of edits: [String: StagedEdits], tables: Set<String>? = nil, withoutNewRowsOf: String? = nil
    ) -> [(table: String, edits: [RowEdit])] {
        var stamped: [(stamp: Int, table: String, edit: RowEdit)] = []
        for (name, staged) in edits where tables?.contains(name) ?? true {
            for (stamp, edit) in staged.stampedRowEdits(includingNewRows: name != withoutNewRowsOf) {
                stamped.append((stamp, name, edit))
            }
        }
        // Stable within a table (its rows' order), by name between tables at an equal stamp.
        stamped.sort { ($0.stamp, $0.table) < ($1.stamp, $1.table) }
        var runs: [(table: String, edits: [RowEdit])] = []
        for entry in stamped {
            if runs.last?.table == entry.table {
                runs[runs.count - 1].edits.append(entry.edit)
            } else {
                runs.append((entry.table, [entry.edit]))
            }
        }
        return runs
    }
}
