import Dispatch
import FoundationEssentials

/// Runs blocking database work on a global queue and resumes the caller when it is done, so the
/// caller's thread (the main actor, say) never waits.
func runDetached<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}

extension Query {
    /// ``first()`` without blocking the caller's thread.
    public func first() async throws -> Record? {
        let query = self
        return try await runDetached { try query.first() }
    }

    /// ``count()`` without blocking the caller's thread.
    public func count() async throws -> Int {
        let query = self
        return try await runDetached { try query.count() }
    }

    /// ``sum(_:)`` without blocking the caller's thread.
    public func sum(_ expression: String) async throws -> SQLValue {
        let query = self
        return try await runDetached { try query.sum(expression) }
    }

    /// ``distinct(_:)`` without blocking the caller's thread.
    public func distinct(_ column: String) async throws -> [SQLValue] {
        let query = self
        return try await runDetached { try query.distinct(column) }
    }

    /// ``groupBy(_:)`` without blocking the caller's thread.
    public func groupBy(_ column: String) async throws -> [SQLValue: [Record]] {
        let query = self
        return try await runDetached { try query.groupBy(column) }
    }

    /// ``ids()`` without blocking the caller's thread.
    public func ids() async throws -> [SQLValue] {
        let query = self
        return try await runDetached { try query.ids() }
    }

    /// ``fetchLightweight()`` without blocking the caller's thread.
    public func fetchLightweight() async throws -> [Record] {
        let query = self
        return try await runDetached { try query.fetchLightweight() }
    }

    /// ``removeAll()`` without blocking the caller's thread.
    @discardableResult
    public func removeAll() async throws -> Int {
        let query = self
        return try await runDetached { try query.removeAll() }
    }
}
