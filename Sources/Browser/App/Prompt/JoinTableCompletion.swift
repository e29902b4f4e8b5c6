import FoundationEssentials

/// `Tab` at the `J` prompt's table step: the database's tables and views whose names start with the
/// text (any case), another schema's as `schema.table`, and the CSV/JSON files and folders whose
/// paths do.
enum JoinTableCompletion {
    /// The candidates for the whole of `text`, from `tables`, the tables of the schema it names
    /// before a dot (`sales.` offers `sales.region`; `schemaTables` lists a schema's, nil for
    /// none) and the files under the folder it names.
    static func complete(_ text: String, tables: [(name: String, isView: Bool)],
                         schemaTables: (String) -> [(name: String, isView: Bool)]? = { _ in nil }) -> SQLCompletion {
        let typed = text.lowercased()
        var candidates = tables.filter { $0.name.lowercased().hasPrefix(typed) }
            .map { CompletionCandidate(name: $0.name, insertion: $0.name, kind: $0.isView ? .view : .table) }
        if let dot = text.firstIndex(of: "."), dot != text.startIndex, !text.contains("/") {
            let schema = String(text[..<dot])
            candidates += (schemaTables(schema) ?? []).map { (name: "\(schema).\($0.name)", isView: $0.isView) }
                .filter { $0.name.lowercased().hasPrefix(typed) }
                .map { CompletionCandidate(name: $0.name, insertion: $0.name, kind: $0.isView ? .view : .table) }
        }
        candidates += files(startingWith: text)
        return SQLCompletion(range: 0..<text.count, prefix: text, candidates: candidates)
    }

    /// The folders and CSV/TSV/JSON files whose paths start with `text` (a folder's with a `/`
    /// after it), read from the folder `text` names up to its last `/` (the current one without).
    private static func files(startingWith text: String) -> [CompletionCandidate] {
        let slash = text.lastIndex(of: "/")
        let folder = slash.map { String(text[...$0]) } ?? ""
        let start = slash.map { String(text[text.index(after: $0)...]) } ?? text
        let listed = folder.isEmpty ? "." : expandingTilde(in: folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else {
            return []
        }
        return names.sorted().compactMap { name in
            guard name.hasPrefix(start), !name.hasPrefix(".") || start.hasPrefix(".") else {
                return nil
            }
            var isFolder = false
            let exists = FileManager.default.fileExists(atPath: listed + "/" + name, isDirectory: &isFolder)
            guard exists, isFolder || ImportFormat.of(path: name) != nil else {
                return nil
            }
            let path = folder + name + (isFolder ? "/" : "")
            return CompletionCandidate(name: path, insertion: path, kind: .table, source: isFolder ? "folder" : "file")
        }
    }
}
