/// Settings of a ``Configuration`` that only one driver reads, each kept under the type of its
/// value: a driver's folder declares the public property (SQLite's `Configuration.functions`) over
/// this storage, so the shared ``Configuration`` names no driver's type.
package struct DriverOptions: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// No options set.
    init() {}

    /// The option whose value is of type `Value`, nil when none was set.
    package subscript<Value: Sendable>(_ type: Value.Type) -> Value? {
        get { values[ObjectIdentifier(type)] as? Value }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
