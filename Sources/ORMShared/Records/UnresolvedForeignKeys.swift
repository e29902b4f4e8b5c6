/// A database's count of the foreign keys its open transaction leaves unresolved, as a trial of
/// staged edits asks it after each edit (``EditTrial``). Made by
/// ``RecordDriverConnection/unresolvedForeignKeys()`` when the trial begins.
package protocol UnresolvedForeignKeys {
    /// How many are unresolved now (1 where the database says only whether any is), and the
    /// database's error naming one where it gives one; 0 where foreign keys are not enforced.
    func count() throws -> (count: Int, error: (any Error)?)

    /// The error an edit that leaves a key unresolved is refused with, where the count named none
    /// (`sql`: the edit's statement).
    func error(refusing sql: String) -> any Error
}
