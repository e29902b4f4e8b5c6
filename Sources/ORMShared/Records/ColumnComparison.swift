import FoundationEssentials

/// Whether a value assigned to a persisted property is the one it holds: only a different value
/// marks the column changed. `@Model`'s setters pass `isSame` for the property's type, chosen by
/// overload at compile time. "The same" means stored the same: text compares byte for byte (Swift's
/// `==` calls canonically equivalent strings equal, but SQLite stores their bytes), floating-point
/// values bit for bit, related objects by identity, other `Codable` values by their JSON text.
extension _ColumnCoding {
    /// `Equatable` values: `==`.
    @inlinable
    public static func isSame<T: Equatable>(_ stored: T, _ assigned: T) -> Bool {
        stored == assigned
    }

    /// Text, byte for byte.
    @inlinable
    public static func isSame(_ stored: String, _ assigned: String) -> Bool {
        // `==` settles the common case (different text) on its fast paths; only text it calls equal
        // is compared byte for byte (canonically equivalent text may differ in bytes).
        stored == assigned && stored.utf8.elementsEqual(assigned.utf8)
    }

    /// Optional text, byte for byte; nil is nil.
    @inlinable
    public static func isSame(_ stored: String?, _ assigned: String?) -> Bool {
        switch (stored, assigned) {
        case (nil, nil): true
        case (let stored?, let assigned?): isSame(stored, assigned)
        default: false
        }
    }

    /// Doubles, bit for bit (NaN is the same as NaN, -0.0 differs from 0.0).
    @inlinable
    public static func isSame(_ stored: Double, _ assigned: Double) -> Bool {
        stored.bitPattern == assigned.bitPattern
    }

    /// Optional doubles, bit for bit; nil is nil.
    @inlinable
    public static func isSame(_ stored: Double?, _ assigned: Double?) -> Bool {
        stored?.bitPattern == assigned?.bitPattern
    }

    /// Floats, bit for bit.
    @inlinable
    public static func isSame(_ stored: Float, _ assigned: Float) -> Bool {
        stored.bitPattern == assigned.bitPattern
    }

    /// Optional floats, bit for bit; nil is nil.
    @inlinable
    public static func isSame(_ stored: Float?, _ assigned: Float?) -> Bool {
        stored?.bitPattern == assigned?.bitPattern
    }

    /// Related objects: the same object (or both nil).
    @inlinable
    public static func isSame<T: Model>(_ stored: T?, _ assigned: T?) -> Bool {
        stored === assigned
    }

    /// Related objects of a model that is also `Equatable`: still the same object (the reference
    /// stores which row, whatever `==` says).
    @inlinable
    public static func isSame<T: Model & Equatable>(_ stored: T?, _ assigned: T?) -> Bool {
        stored === assigned
    }

    /// A value type stored in one column that is not `Equatable`: the values it stores.
    @_disfavoredOverload
    public static func isSame<T: DatabaseValueConvertible>(_ stored: T, _ assigned: T) -> Bool {
        isIdentical(stored.databaseValue, assigned.databaseValue)
    }

    /// A `Codable` value that is not `Equatable`: its JSON text, as stored.
    @_disfavoredOverload
    public static func isSame<T: Encodable>(_ stored: T, _ assigned: T) -> Bool {
        guard let stored = try? json(stored), let assigned = try? json(assigned) else { return false }
        return isIdentical(stored, assigned)
    }

    /// A type both stored in one column and `Codable`, not `Equatable`: the values it stores.
    @_disfavoredOverload
    public static func isSame<T: DatabaseValueConvertible & Encodable>(_ stored: T, _ assigned: T) -> Bool {
        isIdentical(stored.databaseValue, assigned.databaseValue)
    }

    /// Whether two values would be stored as the same bytes.
    static func isIdentical(_ first: SQLValue, _ second: SQLValue) -> Bool {
        switch (first, second) {
        case (.text(let first), .text(let second)): isSame(first, second)
        case (.real(let first), .real(let second)): isSame(first, second)
        default: first == second
        }
    }
}
