/// What a model's cached statement does: the key under which a connection keeps the statement
/// (``DriverConnection/withModelStatement(_:schema:sql:_:)``).
struct ModelStatementKey: Hashable {
    /// The model's type.
    let model: ObjectIdentifier
    /// What the statement does.
    let kind: Kind
    /// The columns it writes (an update of some columns), or none.
    let columns: ColumnSet

    /// What a model's statement does.
    enum Kind: Hashable { case insert, insertGeneratedKey, update, delete, select }
}
