/// What a model's cached statement does: the key under which a connection keeps the statement
/// (``DriverConnection/withModelStatement(_:schema:sql:_:)``).
@usableFromInline
package struct ModelStatementKey: Hashable {
    /// The model's type.
    @usableFromInline package let model: ObjectIdentifier
    /// What the statement does.
    @usableFromInline package let kind: Kind
    /// The columns it writes (an update of some columns), or none.
    @usableFromInline package let columns: _ColumnSet

    /// What a model's statement does.
    @usableFromInline
    package enum Kind: Hashable { case insert, insertGeneratedKey, update, delete, select }

    /// Makes the key of a `kind` statement of `model` writing `columns`.
    @inlinable
    package init(model: ObjectIdentifier, kind: Kind, columns: _ColumnSet) {
        self.model = model
        self.kind = kind
        self.columns = columns
    }

    // Inlined where a driver's statement cache compares keys, once a statement used (the
    // synthesised equality is a witness call from another module).
    @inlinable
    package static func == (lhs: ModelStatementKey, rhs: ModelStatementKey) -> Bool {
        lhs.model == rhs.model && lhs.kind == rhs.kind && lhs.columns == rhs.columns
    }
}
