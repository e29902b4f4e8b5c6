/// Where the changes a commit made come from, as a driver reports it in ``DriverCapabilities``:
/// what events, the refresh of result sets and of live objects are made from.
///
/// Both sources fill the same ``ChangeSet``; events, their coalescing, result-set refreshes and the
/// identity map read it the same way whichever filled it.
package enum ChangeSource: Sendable, Equatable {
    /// The connection reports every row written, as it is written: SQLite's update hook (each row
    /// with its rowid, objects' rows tagged with their key and changed columns, rows written by
    /// triggers and cascades too) and rollback hook (what a rollback undid is forgotten), with its
    /// authorizer naming the tables whose rows the hook does not report (`WITHOUT ROWID`).
    case connectionHooks
    /// The database reports nothing, so ORMCore records what it wrote itself, once the statement
    /// succeeded: an object's insert, update or delete as a row with its key (and the columns an
    /// update wrote); a dynamic table's edit as a row when its key is one integer, else as its
    /// table; raw SQL (`execute`, scripts) as table-level changes to the tables its statements
    /// name as written (`INSERT INTO`, `UPDATE`, `DELETE FROM`, `REPLACE INTO`, `TRUNCATE`,
    /// `MERGE INTO`, read by ``SQLToken``). What a trigger or a cascade wrote beside is not seen.
    /// A raw `ROLLBACK` forgets what the transaction recorded; a raw `ROLLBACK TO` a savepoint
    /// forgets nothing (the tables are told as changed, which costs a refresh, never an event
    /// missed).
    case recordedWrites
}
