// `DatabaseValueConvertible` is declared with the statement it binds to (this layer), so what `SQL`
// (in Core, below) does with such values is declared here.

extension SQL.Interpolation {
    /// An optional value: NULL when nil.
    public mutating func appendInterpolation<T: DatabaseValueConvertible>(_ value: T?) {
        text += "?"
        arguments.append(value?.databaseValue ?? .null)
    }
}

extension SQLExpressible where Self: DatabaseValueConvertible {
    /// The one value to bind.
    public var sqlValues: [SQLValue] { [databaseValue] }
    /// Not a list.
    public var isList: Bool { false }
}
