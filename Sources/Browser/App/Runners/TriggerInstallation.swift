import ORMCore
import PostgresClient

/// What `reef --install-triggers` and `--remove-triggers` do: install or remove the notification
/// triggers on every table of the opened PostgreSQL database's schema, and say in one line what
/// was done. reef then exits: installing objects in a database is an act of its own, never a side
/// effect of browsing it.
///
/// ```
/// $ reef postgres://ann@db/sales --install-triggers
/// reef: installed notification triggers on 2 tables (customers, orders) and their function reef_notify_change(); …
/// ```
enum TriggerInstallation {
    /// Install or remove.
    enum Action {
        /// `--install-triggers`.
        case install
        /// `--remove-triggers`.
        case remove
    }

    /// How many table names a report spells out before it counts the rest.
    static let namesShown = 6

    /// Performs `action` on every table of `database`'s schema; returns the one-line report.
    ///
    /// - Throws: ``TriggerInstallationError`` with the one line to show: on a SQLite file (which
    ///   needs no triggers), or the server's refusal (a missing privilege, nothing changed).
    static func run(_ action: Action, on database: Database) throws -> String {
        guard database.dialect.kind == .postgres else {
            throw TriggerInstallationError(
                message: "a SQLite file needs no notification triggers: reef sees other processes' commits in the file itself")
        }
        do {
            let schema = Sanitizer.sanitize(try database.schemaName())
            let function = Sanitizer.sanitize(PGQualifiedName(schema: try database.schemaName(), name: PGNotifyTriggers.name).quoted)
            switch action {
            case .install:
                let tables = try database.installChangeNotifications()
                guard !tables.isEmpty else {
                    return "reef: schema \(schema) has no table: no notification trigger was installed"
                }
                return "reef: installed notification triggers on \(describe(tables)) of schema \(schema) and their function "
                    + "\(function)(); other sessions' commits to them now show at once. Remove them with --remove-triggers."
            case .remove:
                let before = try database.tablesWithChangeNotifications()
                guard !before.isEmpty else {
                    return "reef: no table of schema \(schema) carries reef's notification triggers: nothing was removed"
                }
                let left = try database.removeChangeNotifications()
                let removed = before.filter { !left.contains($0) }
                return "reef: removed the notification triggers from \(describe(removed)) of schema \(schema)"
                    + (left.isEmpty ? " and their function \(function)()" : "; \(describe(left)) still carry them")
            }
        } catch {
            throw TriggerInstallationError(message: UserMessage.describe(error))
        }
    }

    /// `2 tables (customers, orders)`, the names sanitised, the list cut after ``namesShown``.
    static func describe(_ tables: [String]) -> String {
        let names = tables.prefix(namesShown).map { Sanitizer.sanitize($0) }
        let more = tables.count > namesShown ? ", and \(tables.count - namesShown) more" : ""
        return "\(tables.count) table\(tables.count == 1 ? "" : "s") (\(names.joined(separator: ", "))\(more))"
    }
}

/// Why `--install-triggers` or `--remove-triggers` did nothing: one line for the user.
struct TriggerInstallationError: Error, CustomStringConvertible {
    /// The reason.
    let message: String

    var description: String { message }
}
