// What the record layer does with the writer's state for it (its transaction frames, the last
// prepared model); the state itself is stored on the writer, which the database layer owns.

extension WriterAccess {
    /// The innermost open transaction frame (nil outside a transaction), borrowed: `frames` holds it
    /// while a write uses it, so a write inside a batch costs no reference counting for it.
    var innermostFrame: BorrowedFrame? {
        guard let index = frames.indices.last else { return nil }
        return BorrowedFrame(frames[index])
    }

    /// Makes `type` the last prepared model, keeping its schema.
    func setLastPrepared<T: Model>(_ type: T.Type) {
        let model = ObjectIdentifier(type)
        let schema = schemas[model] ?? T.modelSchema
        schemas[model] = schema
        lastPrepared = (model, .passUnretained(schema))
    }
}
