/// Why SQL text a user typed was refused before SQLite saw it (see ``SQL/userExpression(_:in:)``).
public struct UserSQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for the user, such as "`)` at character 5 closes a parenthesis never opened".
    public let reason: String

    /// An error with this reason.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String {
        reason
    }
}
