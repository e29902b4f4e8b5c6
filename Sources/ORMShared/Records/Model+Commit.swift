extension Model {
    /// Inserts the object, or updates the columns changed since it was loaded; related objects that are
    /// new or changed are committed first, in the same transaction. Objects that refer to each other
    /// in a cycle (`a.b = b; b.a = a`, of any length) are all inserted, and each reference written
    /// with the other's real key once it has one.
    ///
    /// ```swift
    /// person.age += 1
    /// try person.commit()          // UPDATE "Person" SET "age" = ? WHERE "id" = ?
    /// ```
    /// - Parameters:
    ///   - database: where to write; by default the object's database, else ``Database/current()``.
    ///   - options: related objects and error handling.
    /// - Returns: whether a statement wrote a row: true after an insert or an update (of this object
    ///   or of a related object committed with it), false when nothing had changed, so nothing was
    ///   written. (With `options.errorPolicy` `.swallow`, a commit that failed wrote nothing either and
    ///   also returns false.)
    /// - Throws: ``ORMError/vetoed(entity:operation:)``; ``ORMError/referenceToRemovedObject(entity:column:target:key:)``
    ///   when a relationship it writes names a removed object (set it to nil or another object first);
    ///   ``ORMError/referenceToUnsavedObject(entity:column:target:)`` when it names a new object the
    ///   options leave out; ``SQLiteError`` (constraints, busy, read-only). A commit that throws wrote
    ///   nothing.
    @discardableResult
    public func commit(in database: Database? = nil, options: CommitOptions = CommitOptions()) throws -> Bool {
        guard database != nil else {
            return try commit(in: stateDatabase ?? Database.current(), options: options)
        }
        do {
            // Borrowed from the caller: not retained for every commit of a batch (binding it with
            // `if let` or `guard let` would be).
            return try database.unsafelyUnwrapped.commitObject(self, options: options)
        } catch where options.errorPolicy == .swallow {
            return false
        }
    }

    /// Deletes the object's row and marks the object deleted.
    ///
    /// - Throws: ``ORMError/vetoed(entity:operation:)``, ``ORMError/recordNotFound(entity:key:)`` for an
    ///   object never inserted, ``SQLiteError`` (a foreign key that forbids the delete, say).
    public func remove(from database: Database? = nil) throws {
        let target = try database ?? stateDatabase ?? Database.current()
        try target.removeObject(self)
    }
}
