/// The copies of a view or a column to the terminal's clipboard (`gY`, `gy`): their limit and
/// formats, their progress in the status bar, their end, and Esc stopping them.
extension Exports {
    /// The most text a yank sends to the terminal's clipboard (OSC 52 carries it base64-encoded).
    static let clipboardLimit = 8 * 1_048_576

    /// The formats `gy` and `gY` copy in, by the name typed at their prompt.
    static let copyFormats: [String: ExportFormat] = ["csv": .csv, "tsv": .tsv, "json": .json, "jsonl": .jsonLines]

    /// Esc while a copy runs: stops it (nothing is copied); returns whether one ran.
    func stopClipboardCopy() -> Bool {
        guard let clipboardCopy, clipboardCopy.isRunning else {
            return false
        }
        clipboardCopy.stop()
        self.clipboardCopy = nil
        host.say(.info("copy stopped: nothing copied"))
        return true
    }

    /// The status-bar text while a copy runs: rows read and, when known, the total.
    var clipboardCopyProgress: StatusMessage? {
        guard let clipboardCopy, clipboardCopy.isRunning else {
            return nil
        }
        return progress("copying \(clipboardCopy.what)", rows: clipboardCopy.rows, of: clipboardCopy.expectedRows, then: " · Esc stops")
    }

    /// Shows `clipboardCopy`, a copy that has ended as `outcome` (``BackgroundEvent/clipboardCopyEnded(_:_:)``):
    /// the status bar says what was copied, and the outcome returned puts its text on the
    /// clipboard (``Effect/copy(_:)``).
    func showEnded(_ clipboardCopy: ClipboardCopyTask, ending outcome: ClipboardCopyTask.Outcome) -> Outcome {
        let what = clipboardCopy.what
        var copied = Outcome.handled
        switch outcome {
        case .done(.text(let text, let count)):
            copied = Outcome([.copy(text)])
            host.say(.info("copied \(what): \(Self.rowsText(count)) as \(clipboardCopy.formatName) "
                + "(\(CellFormatter.formatByteCount(text.utf8.count)))"))
        case .done(.tooLong(let bytes, let count)):
            host.say(.error("\(what) is \(CellFormatter.formatByteCount(bytes)) (\(Self.rowsText(count))); "
                + "OSC 52 copies at most \(CellFormatter.formatByteCount(Self.clipboardLimit)): nothing copied, X exports it"))
        case .stopped:
            host.say(.info("copy stopped: nothing copied"))
        case .failed(let message):
            host.say(.error("copy: \(message)"))
        }
        return copied
    }

    /// `1 row`, `3,503 rows`.
    private static func rowsText(_ count: Int) -> String {
        count == 1 ? "1 row" : "\(ListWidget.formatCount(count)) rows"
    }
}
