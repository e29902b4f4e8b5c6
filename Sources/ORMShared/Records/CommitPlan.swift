/// What one `commit()` writes: the object and the related objects it reaches that need a write,
/// in an order each row can be written in (an object after the objects it refers to), and the
/// references a cycle leaves to write last.
///
/// Related objects are found by walking the relationship columns depth first. A reference to an
/// object that is new and still being walked (a cycle: `l.department = d; d.location = l`) cannot be
/// written when its object is inserted, as the other has no key yet: the insert stores NULL there
/// (see the relationship `bind` of ``_ColumnCoding``) and the reference is written by an `UPDATE` once
/// every object of the plan is inserted, in the same transaction. Cycles of any length work so.
///
/// It also refuses what cannot be written, before anything is: a reference to a removed object, and
/// a reference to a new object the commit leaves out (by ``CommitOptions``).
package struct CommitPlan {
    /// The objects to save, each after those it refers to; the root last.
    package private(set) var objects: [any Model] = []
    /// Objects whose relationship columns name an object inserted after them, with those columns.
    package private(set) var backReferences: [(object: any Model, columns: ColumnSet)] = []

    private var visited: Set<ObjectIdentifier> = []
    private var walking: Set<ObjectIdentifier> = []
    private let options: CommitOptions

    /// The plan for committing `root` with `options`.
    ///
    /// - Throws: ``ORMError/referenceToRemovedObject(entity:column:target:key:)``,
    ///   ``ORMError/referenceToUnsavedObject(entity:column:target:)``.
    package init(root: any Model, options: CommitOptions) throws {
        self.options = options
        visited.insert(ObjectIdentifier(root))
        try visit(root)
        objects.append(root)
    }

    /// Whether the plan needs a transaction: more than one object, or references written last.
    var writesSeveralStatements: Bool { objects.count > 1 || !backReferences.isEmpty }

    private mutating func visit(_ object: any Model) throws {
        let id = ObjectIdentifier(object)
        walking.insert(id)
        defer { walking.remove(id) }
        let schema = type(of: object).modelSchema
        let (status, dirty) = object._$withStateFields { ($0.meta.status, $0.dirty) }
        var cycleColumns = ColumnSet()
        for column in schema.columns.indices where schema.columns[column].reference != nil {
            guard let related = object.relatedObject(inColumn: column) else { continue }
            let relatedStatus = related.persistenceStatus
            let written = status == .new || (status == .persisted && dirty.contains(column))
            if written && relatedStatus == .deleted {
                throw ORMError.referenceToRemovedObject(
                    entity: schema.table, column: schema.columns[column].name,
                    target: type(of: related).modelSchema.table, key: related.stateStoredKey)
            }
            let relatedID = ObjectIdentifier(related)
            if walking.contains(relatedID) {
                // Inserted after this object: the reference is written once it has a key.
                if written && relatedStatus == .new { cycleColumns.insert(column) }
                continue
            }
            if !options.commitsRelatedObjects || options.ignores(related) {
                if written && relatedStatus == .new {
                    throw ORMError.referenceToUnsavedObject(
                        entity: schema.table, column: schema.columns[column].name,
                        target: type(of: related).modelSchema.table)
                }
                continue
            }
            guard visited.insert(relatedID).inserted else { continue }
            try visit(related)
            if related.hasChanges && relatedStatus != .deleted { objects.append(related) }
        }
        if !cycleColumns.isEmpty { backReferences.append((object, cycleColumns)) }
    }
}

extension Model {
    /// The object a relationship column holds (nil for none, or for a column of another kind).
    func relatedObject(inColumn column: Int) -> (any Model)? {
        _$withStateFields { _ in _$columnValue(column, replacingWith: nil) } as? any Model
    }
}
