import ORMCore

/// ORMCore's many-object calls (`Database.commit(_:)`, `Database.remove(_:)`), which send their
/// statements without waiting for each answer on PostgreSQL.
extension PostgresBench {
    /// The insert of every value in one `commit(_:)`: the objects built as the call reads them,
    /// or before the timing.
    static func batchInsert(
        _ values: [Dataset.Value], builtInLoop: Bool, setup: @escaping () throws -> ORMCore.Database,
        measure: @escaping (Any) throws -> Double
    ) -> [Harness.Contender] {
        if builtInLoop {
            return [.init("orm", "ORMCore, db.commit(objects)", setup: setup, { db in
                try db.commit(values.lazy.map(Item.init))
            }, measure: measure)]
        }
        return [.init("orm", "ORMCore, db.commit(objects)", setup: { (try setup(), values.map(Item.init)) }, { db, items in
            try db.commit(items)
        }, measure: measure)]
    }

    /// Every object's count changed and committed in one `commit(_:)`, or every object removed in
    /// one `remove(_:)`.
    static func batchWrites(
        deleting: Bool, setup: @escaping () throws -> (ORMCore.Database, [Item]), measure: @escaping (Any) throws -> Double
    ) -> [Harness.Contender] {
        [.init("orm", deleting ? "ORMCore, db.remove(objects)" : "ORMCore, db.commit(objects)", setup: setup, { db, items in
            if deleting {
                try db.remove(items)
            } else {
                for item in items { item.count = Int(item.id + 1) }
                try db.commit(items)
            }
        }, measure: measure)]
    }
}
