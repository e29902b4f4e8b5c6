import FoundationEssentials
import ORMCore

/// The editing of tables' rows, whichever screen shows them: the changes staged on each table
/// (checked by the database as they are staged, or once its lock is free), their undo, their
/// commit in one transaction with its conflicts, their revert, the pending list (`p`), and the
/// user's editor for a long value.
///
/// It reaches the app's services (the database, the open grids, the status bar, the prompt line,
/// the screen stack, the work waited for) through ``EditingHost``; the app keeps one and routes
/// `w`, `U` and `p` to it (``performOnStagedChanges(_:)``), a grid's editing keys call it directly.
///
/// ```swift
/// app.editing.stageCell(.null, target: target, in: table)
/// ```
final class Editing {
    /// The app: the services editing shares with every screen.
    unowned let host: any EditingHost
    /// The changes staged on each table until committed or reverted; each table's grid draws its
    /// own over its rows.
    var staging = StagingState() {
        didSet {
            for (name, grid) in host.tables.grids {
                grid.overlay.edits = staging.edits(of: name)
            }
        }
    }
    /// The user's text editor (`$VISUAL`, `$EDITOR`) for long values (the SQL prompt's text too).
    var externalEditor = ExternalEditor(environment: ProcessInfo.processInfo.environment)

    /// The editing of `host`'s tables, nothing staged.
    init(host: any EditingHost) {
        self.host = host
    }
}
