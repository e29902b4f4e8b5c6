/// A description of the columns a statement reads, by name, with the kind of Swift value each
/// holds: what a driver whose column types are finer than the value classes (PostgreSQL's
/// `timestamptz` for a `Date`) reads a model's row by. ``ModelSchema`` is one.
package protocol StoredColumnTypes {
    /// The stored type of the column `name`, or nil when the description has no such column.
    func storedType(ofColumn name: String) -> StoredType?
}
