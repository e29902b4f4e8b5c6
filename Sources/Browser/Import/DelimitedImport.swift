import FoundationEssentials
import ORMCore

/// Reads a CSV or TSV file in two passes: the first finds the separator, the header, the columns
/// and their types; the second hands over the rows as SQL values.
struct DelimitedImport: TableFileReader {
    /// The file.
    let file: TextFile
    /// The field separator.
    let separator: UInt8

    /// Prepares to read `file`; the separator is tab for TSV, else sniffed from the first lines.
    init(file: TextFile, format: ImportFormat) throws {
        self.file = file
        if format == .tsv {
            separator = UInt8(ascii: "\t")
        } else {
            var sample: [UInt8] = []
            try? file.forEachChunk { chunk in
                sample.append(contentsOf: chunk.prefix(64 * 1024 - sample.count))
                if sample.count >= 64 * 1024 {
                    throw SampleFull()
                }
            }
            separator = Self.sniffSeparator(sample)
        }
    }

    /// The separator that splits the sample's lines into the same number of fields most often
    /// (more than one), trying `,` `;` tab `|` in that order; `,` when none does.
    static func sniffSeparator(_ sample: [UInt8]) -> UInt8 {
        var best: (separator: UInt8, score: Int) = (UInt8(ascii: ","), 0)
        for candidate in [",", ";", "\t", "|"].map({ UInt8(ascii: Unicode.Scalar($0)!) }) {
            var parser = DelimitedParser(separator: candidate)
            var counts: [Int] = []
            sample.withUnsafeBufferPointer { bytes in
                parser.feed(bytes) { record in
                    if counts.count < 50 {
                        counts.append(record.fields.count)
                    }
                }
            }
            // The last line of the sample may be cut: leave it out when there are others.
            if counts.count > 1 && sample.last != UInt8(ascii: "\n") {
                counts.removeLast()
            }
            var frequency: [Int: Int] = [:]
            for count in counts where count > 1 {
                frequency[count, default: 0] += 1
            }
            let score = frequency.values.max() ?? 0
            if score > best.score {
                best = (candidate, score)
            }
        }
        return best.separator
    }

    /// The first pass.
    func plan(progress: (Int) -> Void) throws -> ImportPlan {
        var parser = DelimitedParser(separator: separator)
        var first: (fields: [[UInt8]], quoted: [Bool], line: Int)?
        var profiles: [ColumnProfile] = []
        var fieldCounts: [(line: Int, count: Int)] = []
        var problems = ProblemList()
        var records = 0
        let checksUTF8 = file.encoding == .utf8(bomLength: 0) || file.encoding == .utf8(bomLength: 3)
        func take(_ record: DelimitedRecord) {
            records += 1
            if first == nil {
                first = (record.fields, record.quoted, record.line)
                return
            }
            if profiles.count < record.fields.count {
                profiles += Array(repeating: ColumnProfile(), count: record.fields.count - profiles.count)
            }
            for index in record.fields.indices {
                profiles[index].add(Self.shape(record.fields[index], quoted: record.quoted[index]))
            }
            if record.fields.count != first?.fields.count, fieldCounts.count < 1000 {
                fieldCounts.append((record.line, record.fields.count))
            }
            if checksUTF8, record.fields.contains(where: { field in
                field.contains { $0 >= 0x80 } && String(validating: field, as: UTF8.self) == nil
            }) {
                problems.note(line: record.line, "bytes that are not UTF-8 were replaced by U+FFFD")
            }
        }
        try file.forEachChunk(progress: progress) { chunk in
            parser.feed(chunk, emit: take)
        }
        parser.finish(emit: take)
        problems.merge(parser.problems, count: parser.problemCount)
        guard let first else {
            throw ImportError(path: file.path, reason: "the file is empty: nothing to import")
        }
        let firstShapes = zip(first.fields, first.quoted).map { Self.shape($0, quoted: $1) }
        let hasHeader = Self.isHeader(firstShapes, rest: profiles, restCount: records - 1)
        if !hasHeader {
            if profiles.count < firstShapes.count {
                profiles += Array(repeating: ColumnProfile(), count: firstShapes.count - profiles.count)
            }
            for (index, shape) in firstShapes.enumerated() {
                profiles[index].add(shape)
            }
        }
        let width = max(profiles.count, first.fields.count)
        profiles += Array(repeating: ColumnProfile(), count: width - profiles.count)
        var names = (0..<width).map { index in
            hasHeader && index < first.fields.count ? String(decoding: first.fields[index], as: UTF8.self) : ""
        }
        names = ImportPlan.uniqueNames(names)
        for ragged in fieldCounts {
            let reference = hasHeader ? "the header has" : "the first line has"
            problems.note(line: ragged.line, "\(ragged.count) fields where \(reference) \(first.fields.count)"
                + (ragged.count < first.fields.count ? ": the missing ones are NULL" : ": extra columns were added"))
        }
        return ImportPlan(columns: names, kinds: profiles.map(\.kind), hasHeader: hasHeader,
                          rows: records - (hasHeader ? 1 : 0), problems: problems.problems, problemCount: problems.count)
    }

    /// The second pass: each row's values for the plan's columns.
    func rows(_ plan: ImportPlan, progress: (Int) -> Void, _ body: (ImportRow) throws -> Void) throws {
        var parser = DelimitedParser(separator: separator)
        var skipFirst = plan.hasHeader
        var row = ImportRow(width: plan.columns.count)
        func take(_ record: DelimitedRecord) throws {
            if skipFirst {
                skipFirst = false
                return
            }
            row.clearMarks()
            for index in row.values.indices {
                row.set(index, index < record.fields.count
                    ? Self.value(record.fields[index], quoted: record.quoted[index], kind: plan.kinds[index]) : .value(.null))
            }
            try body(row)
        }
        try file.forEachChunk(progress: progress) { chunk in
            try parser.feed(chunk, emit: take)
        }
        try parser.finish(emit: take)
    }

    // MARK: - Values

    /// The shape of a field: an empty bare field is NULL, an empty quoted one empty text, `\x` and
    /// hex digits bytes (a column of nothing else is a BLOB column: how reef and PostgreSQL write
    /// blobs), and one starting with more backslashes and an `x` text (see ``escapedText(_:)``).
    static func shape(_ field: [UInt8], quoted: Bool) -> ValueShape {
        if field.isEmpty {
            return quoted ? .text : .null
        }
        if field.first == UInt8(ascii: "\\") {
            return hexBytes(field) != nil ? .blob : .text
        }
        return ValueShape.of(field: field)
    }

    /// A field as the value its column's type takes.
    static func value(_ field: [UInt8], quoted: Bool, kind: ColumnProfile.Kind) -> ImportValue {
        if field.isEmpty && !quoted {
            return .value(.null)
        }
        switch kind {
        case .integer:
            if let integer = NumberText.integer(field) {
                return .value(.integer(integer))
            }
        case .real:
            if let real = NumberText.real(field) {
                return .value(.real(real))
            }
        case .blob:
            if let bytes = hexBytes(field) {
                return .value(.blob(Data(bytes)))
            }
        case .text:
            break
        }
        if field.first == UInt8(ascii: "\\"), let escaped = escapedText(field) {
            return escaped
        }
        return .value(.text(String(decoding: field, as: UTF8.self)))
    }

    /// The text reef's CSV and TSV exports write escaped: `\x` and hex digits is text of those bytes
    /// (text holding a NUL, or bytes that are not UTF-8), and backslashes before an `x` lose one
    /// (`\\x41` is the text `\x41`). Nil for any other field, which is text as written.
    static func escapedText(_ field: [UInt8]) -> ImportValue? {
        let backslashes = field.prefix { $0 == UInt8(ascii: "\\") }.count
        guard backslashes < field.count, field[backslashes] == UInt8(ascii: "x") else {
            return nil
        }
        if backslashes > 1 {
            return .value(.text(String(decoding: field.dropFirst(), as: UTF8.self)))
        }
        guard let bytes = hexBytes(field) else {
            return nil
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return .value(.text(text))
        }
        return .textBytes(Data(bytes))
    }

    /// The bytes a field of `\x` and hex digits spells (`\x0aff`), nil for any other field.
    static func hexBytes(_ field: [UInt8]) -> [UInt8]? {
        guard field.count >= 2, field[0] == UInt8(ascii: "\\"), field[1] == UInt8(ascii: "x") else {
            return nil
        }
        return Hex.decode(String(decoding: field.dropFirst(2), as: UTF8.self))
    }

    /// Whether the first record is a header: text over columns whose other values are numbers or
    /// bytes, or,
    /// where every column is text, no number in it (most files have a header, and an empty name,
    /// as pandas writes over its index, is still a header).
    static func isHeader(_ first: [ValueShape], rest: [ColumnProfile], restCount: Int) -> Bool {
        var score = 0
        for (index, shape) in first.enumerated() where index < rest.count && rest[index].values > 0 {
            switch rest[index].kind {
            case .integer, .real:
                score += shape == .text ? 1 : (shape == .null ? 0 : -1)
            case .blob:
                score += shape == .text ? 1 : (shape == .blob ? -1 : 0)
            case .text:
                break
            }
        }
        if score != 0 {
            return score > 0
        }
        return !first.contains(.integer) && !first.contains(.real)
    }
}

/// Stops reading once the sniffing sample is full.
private struct SampleFull: Error {}
