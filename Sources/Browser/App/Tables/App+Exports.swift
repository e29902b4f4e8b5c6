/// What ``Exports`` asks of the app: its services. What stays here is the app's own end: the
/// work that must not outlive reef, stopped as it quits.
extension App: ExportsHost {
    /// Stops work that must not outlive reef, as it quits: an export still running is stopped
    /// and its file discarded (the file it would replace stays as it was), and the statements'
    /// result files are removed. The SQL editor's buffers are written as they are. Returns what
    /// to tell the user, if anything.
    func finish() -> String? {
        defer { prompts.statements.removeResultFiles() }  // once an export reading them has stopped
        let notes = [exports.stopAsReefQuits(), prompt.saveBuffers()].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "\n")
    }
}
