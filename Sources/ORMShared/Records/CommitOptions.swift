/// How ``Model/commit(in:options:)`` treats related objects and errors (SharkORM's `commitOptions`).
public struct CommitOptions: Sendable {
    /// What a failed commit does.
    public enum ErrorPolicy: Sendable {
        /// Throw the error (the default).
        case raise
        /// Return false instead of throwing (the commit wrote nothing, as a commit with nothing to
        /// write does).
        case swallow
    }

    /// Whether related objects that are new or changed are committed first (default true). When
    /// false, a reference to a new object (which has no row) makes the commit throw
    /// ``ORMError/referenceToUnsavedObject(entity:column:target:)``, writing nothing.
    public var commitsRelatedObjects = true
    /// Model types whose related objects are never committed along (a reference to a new one throws,
    /// as above).
    public var ignoredRelatedTypes: [any Model.Type] = []
    /// What a failure does.
    public var errorPolicy = ErrorPolicy.raise
    /// What inserting a new object that clashes with a stored row on a unique column or key does, for
    /// every object this commit inserts; nil (the default) leaves it to each model's
    /// ``Model/onConflict``.
    public var onConflict: InsertConflictPolicy?

    /// Commits related objects and throws on failure.
    public init() {}

    /// Options with the given settings.
    public init(
        commitsRelatedObjects: Bool = true, ignoredRelatedTypes: [any Model.Type] = [], errorPolicy: ErrorPolicy = .raise,
        onConflict: InsertConflictPolicy? = nil
    ) {
        self.commitsRelatedObjects = commitsRelatedObjects
        self.ignoredRelatedTypes = ignoredRelatedTypes
        self.errorPolicy = errorPolicy
        self.onConflict = onConflict
    }

    package func ignores(_ object: any Model) -> Bool {
        ignoredRelatedTypes.contains { ObjectIdentifier($0) == ObjectIdentifier(type(of: object)) }
    }
}
