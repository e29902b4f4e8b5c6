/// The innermost transaction frame, borrowed for one write: the writer's frame stack holds the frame
/// for the whole write, so reaching it costs no reference counting. (An optional `TransactionFrame`
/// made from a borrowed one is retained and released around every write of a batch.)
package struct BorrowedFrame {
    private let reference: Unmanaged<TransactionFrame>

    /// Borrows `frame`; the caller keeps it alive while the value is used.
    init(_ frame: TransactionFrame) {
        reference = .passUnretained(frame)
    }

    /// The frame's serial (see ``TransactionFrame/serial``).
    package var serial: UInt64 { reference._withUnsafeGuaranteedRef { $0.serial } }

    /// Records `object`'s state before the frame's first write to it (see ``TransactionFrame/record(_:restore:)``).
    package func record<T: Model>(_ object: T, restore: WriteLog.Restore) {
        reference._withUnsafeGuaranteedRef { $0.record(object, restore: restore) }
    }

    /// Queues `object`'s `did…` hook for once the outermost transaction commits.
    func queueHook<T: Model>(_ operation: RecordOperation, for object: T) {
        reference._withUnsafeGuaranteedRef { $0.queueHook(operation, for: object) }
    }
}
