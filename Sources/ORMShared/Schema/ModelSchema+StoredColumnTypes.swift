// A model's columns as a driver reads them by type (PostgreSQL's statement reads a `Date` from `timestamptz`).

extension ModelSchema: StoredColumnTypes {
    /// The stored type of the key or of the column `name`.
    package func storedType(ofColumn name: String) -> StoredType? {
        if name == primaryKey.name {
            return primaryKey.storedType
        }
        return columnIndex[name].map { columns[$0].storedType }
    }
}
