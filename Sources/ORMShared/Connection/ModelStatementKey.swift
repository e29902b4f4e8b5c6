/// What a model's cached statement does: the key under which a connection keeps the statement
/// (``DriverConnection/withModelStatement(_:schema:sql:_:)``).
package struct ModelStatementKey: Hashable {
    /// The model's type.
    package let model: ObjectIdentifier
    /// What the statement does.
    package let kind: Kind
    /// The columns it writes (an update of some columns), or none.
    package let columns: ColumnSet

    /// What a model's statement does.
    package enum Kind: Hashable { case insert, insertGeneratedKey, update, delete, select }
}
