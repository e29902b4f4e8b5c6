// Names in a query's text are matched to an entity's as SQLite matches them: ASCII letters
// without regard to case, every other character as it is.

extension EntityDescription {
    /// The column `name` means, spelled as the entity spells it: the exact name first, else the
    /// one equal to it but for the case of ASCII letters; nil when the entity has none.
    package func column(named name: some StringProtocol) -> String? {
        if let exact = columns.first(where: { $0 == name }) ?? keyColumns.first(where: { $0 == name }) {
            return exact
        }
        return columns.first { $0.equalsIgnoringASCIICase(name) } ?? keyColumns.first { $0.equalsIgnoringASCIICase(name) }
    }

    /// The relationship `name` means (exact name first, else one equal but for ASCII case).
    package func relationship(named name: String) -> Relationship? {
        if let exact = relationships[name] { return exact }
        return relationships.first { $0.key.equalsIgnoringASCIICase(name) }?.value
    }
}

extension StringProtocol {
    /// Whether the text equals `other` but for the case of ASCII letters, as SQLite compares names.
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        utf8.elementsEqual(other.utf8) { Self.asciiLowercase($0) == Self.asciiLowercase($1) }
    }

    /// The text with ASCII capitals made small, as PostgreSQL folds a name written without quotes.
    var asciiLowercased: String {
        String(decoding: utf8.map(Self.asciiLowercase), as: UTF8.self)
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

extension EntityDescription {
    /// What `column` (as the entity spells it) stores, nil when unknown.
    package func storedType(of column: String) -> StoredType? {
        guard let index = columns.firstIndex(of: column), index < storedTypes.count else { return nil }
        return storedTypes[index]
    }
}
