import ORMCore

/// A lost PostgreSQL session, noticed by the ``ServerWatch``: said at once with the servers tried,
/// and, once a server takes writes again, the view read again where it was (cursor, sort, filter;
/// staged changes are kept, they were never sent).
extension App {
    /// Shows `change`, what the server watch found since the last tick
    /// (``BackgroundEvent/serverChanged(_:)``).
    func follow(_ change: ServerWatch.Change) {
        switch change {
        case .lost(let reason, let trying):
            let servers = trying.isEmpty ? "trying again" : "trying " + trying.map(Sanitizer.sanitize).joined(separator: ", ")
            let firstLine = reason.split(whereSeparator: \.isNewline).first.map(String.init) ?? reason
            say(.error("lost the server: \(servers); staged changes are kept (\(Sanitizer.sanitize(firstLine)))"))
        case .back(let node):
            say(.info(resumed(on: node)))
        }
    }

    /// What the status bar says while the session is lost, under the messages of keys.
    var serverLostStatus: StatusMessage? {
        guard serverWatch?.isLost ?? false else {
            return nil
        }
        let servers = database.listedServers
        let trying = servers.isEmpty ? "trying again" : "trying " + servers.map(Sanitizer.sanitize).joined(separator: ", ")
        return .error("lost the server: \(trying); staged changes are kept")
    }

    /// Reads the view again after the session came back on `node` and says so: the grid shown
    /// (in place: cursor, sort and filter kept), the table list; the other open tables when next
    /// shown. A transaction typed at the SQL prompt went with the lost session.
    private func resumed(on node: ServerNode?) -> String {
        let place = node.map { ($0.isStandby ? "standby " : "primary ") + Sanitizer.sanitize($0.description) } ?? "the server"
        var notes: [String] = []
        if sessionTransactionOpen {
            sessionTransactionOpen = false
            notes.append("the transaction begun at the SQL prompt was rolled back with the lost session")
        }
        let shown = visibleGrid
        for (name, grid) in tables.grids where grid !== shown {
            tables.stale.insert(name)
        }
        do {
            try shown?.reload()
            try tableBrowser.refreshCatalog()
        } catch {
            notes.append("reading again failed: " + UserMessage.describe(error))
        }
        return (["reconnected to \(place)"] + notes).joined(separator: "; ")
    }
}
