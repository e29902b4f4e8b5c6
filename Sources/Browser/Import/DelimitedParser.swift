/// One record of a delimited file: its fields and where it starts.
struct DelimitedRecord {
    /// The fields' bytes (UTF-8), quotes removed and `""` made `"`.
    var fields: [[UInt8]] = []
    /// Whether each field was quoted: an empty quoted field is empty text, an empty bare one NULL.
    var quoted: [Bool] = []
    /// The line the record starts on (1-based).
    var line = 1
}

/// Splits UTF-8 text into the records of a CSV or TSV file as RFC 4180 and Python's `csv` module
/// read them: fields separated by one byte, a field in double quotes may hold separators, line
/// breaks and `""` for a quote; records end at `\n`, `\r\n` or `\r`.
///
/// It is lenient where files are sloppy, and says so: a quote inside a bare field is kept as a
/// character, text after a closing quote is kept, and a quote never closed runs to the end of the
/// file (reported by ``problems`` with the line it opened on).
struct DelimitedParser {
    /// The separator (`,`, `;`, tab, `|`).
    let separator: UInt8
    /// What the parser worked around, with the line.
    private(set) var problems: [ImportProblem] = []
    /// How many problems were found in all (``problems`` keeps the first 100).
    private(set) var problemCount = 0

    private enum State {
        case fieldStart, bare, quoted, quoteInQuoted, afterCarriageReturn
    }

    private var state = State.fieldStart
    private var record = DelimitedRecord()
    private var field: [UInt8] = []
    private var fieldQuoted = false
    private var line = 1
    private var quoteOpenedOn = 1
    /// Whether the current record has any content yet (a blank line is no record).
    private var recordStarted = false

    init(separator: UInt8) {
        self.separator = separator
        field.reserveCapacity(256)
    }

    /// Parses `bytes`, calling `emit` with each complete record.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, emit: (DelimitedRecord) throws -> Void) rethrows {
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        for byte in bytes {
            if state == .afterCarriageReturn {
                state = .fieldStart
                if byte == newline {
                    continue
                }
            }
            switch state {
            case .fieldStart:
                if byte == quote {
                    state = .quoted
                    fieldQuoted = true
                    quoteOpenedOn = line
                    recordStarted = true
                } else if byte == separator {
                    recordStarted = true
                    endField()
                } else if byte == newline || byte == carriageReturn {
                    try endRecord(emit)
                    line += 1
                    state = byte == carriageReturn ? .afterCarriageReturn : .fieldStart
                } else {
                    field.append(byte)
                    recordStarted = true
                    state = .bare
                }
            case .bare:
                if byte == separator {
                    endField()
                    state = .fieldStart
                } else if byte == newline || byte == carriageReturn {
                    try endRecord(emit)
                    line += 1
                    state = byte == carriageReturn ? .afterCarriageReturn : .fieldStart
                } else {
                    if byte == quote {
                        note("a quote inside an unquoted field was kept as a character")
                    }
                    field.append(byte)
                }
            case .quoted:
                if byte == quote {
                    state = .quoteInQuoted
                } else {
                    if byte == newline {
                        line += 1
                    }
                    field.append(byte)
                }
            case .quoteInQuoted:
                if byte == quote {
                    field.append(quote)
                    state = .quoted
                } else if byte == separator {
                    endField()
                    state = .fieldStart
                } else if byte == newline || byte == carriageReturn {
                    try endRecord(emit)
                    line += 1
                    state = byte == carriageReturn ? .afterCarriageReturn : .fieldStart
                } else {
                    note("text after a closing quote was kept")
                    field.append(byte)
                    state = .bare
                }
            case .afterCarriageReturn:
                break
            }
        }
    }

    /// Ends the input: the last record (with no line break after it) is emitted.
    mutating func finish(emit: (DelimitedRecord) throws -> Void) rethrows {
        if state == .quoted {
            note("a quote opened on line \(quoteOpenedOn) is never closed: the rest of the file is in that field",
                 line: quoteOpenedOn)
        }
        try endRecord(emit)
        state = .fieldStart
    }

    private mutating func endField() {
        record.fields.append(field)
        record.quoted.append(fieldQuoted)
        field.removeAll(keepingCapacity: true)
        fieldQuoted = false
    }

    private mutating func endRecord(_ emit: (DelimitedRecord) throws -> Void) rethrows {
        guard recordStarted else {
            record.line = line + 1
            return
        }
        endField()
        try emit(record)
        record.fields.removeAll(keepingCapacity: true)
        record.quoted.removeAll(keepingCapacity: true)
        record.line = line + 1
        recordStarted = false
    }

    private mutating func note(_ message: String, line: Int? = nil) {
        problemCount += 1
        if problems.count < 100 {
            problems.append(ImportProblem(line: line ?? self.line, message: message))
        }
    }
}
