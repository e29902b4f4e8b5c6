/// What the record layer keeps beside the writer: its open transaction frames and the last
/// prepared model. Read and written only by the thread holding the writer's lock (so without
/// run-time exclusivity checks on the per-object paths).
package final class WriterRecordState: @unchecked Sendable {
    /// The open transaction frames, outermost first.
    @exclusivity(unchecked) var frames: [TransactionFrame] = []
    private var frameSerial: UInt64 = 0
    /// The model type whose table the last object write found ready, and its schema, borrowed from
    /// `schemas`: a run of writes of one model checks the schema registry once and retains no schema
    /// per write. Cleared when a rollback forgets prepared tables.
    @exclusivity(unchecked) var lastPrepared: (model: ObjectIdentifier, schema: Unmanaged<ModelSchema>)?
    /// The schema of every model type this writer has written, the first instance each type gave:
    /// never replaced, so a schema borrowed through `lastPrepared` outlives every write using it.
    var schemas: [ObjectIdentifier: ModelSchema] = [:]
    /// PostgreSQL: the models whose identity key was given by hand inside the open transaction,
    /// by table: their key sequences are moved past the largest key once each before it commits
    /// (``ModelSchema/keySequenceCatchUpSQL(in:)``).
    package var keySequencesBehind: [String: ModelSchema] = [:]

    /// A serial for a new transaction frame (never 0, the serial of no frame).
    func nextFrameSerial() -> UInt64 {
        frameSerial = Self.serial(after: frameSerial)
        return frameSerial
    }

    /// The serial after `serial`: the next number, from 1 up to below ``ModelState/Meta/serialLimit``
    /// (an object keeps the last serial that recorded it in 58 bits), then 1 again.
    package static func serial(after serial: UInt64) -> UInt64 {
        serial + 1 < ModelState.Meta.serialLimit ? serial + 1 : 1
    }

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
