// A long list's test as a value, written by each dialect from its values when a statement runs:
// the one way ORMCore writes a list that has no `?` for each value, on every database.

extension SQL {
    /// A long (or empty) list and the test it is the right side of (`x IN …`, `x NOT IN …`), kept
    /// as values so that each dialect writes it its own way (``SQLDialectRules/membership(negated:of:)``).
    package struct LongList: Sendable, Hashable {
        /// Where the test stands in ``SQL/text``, in UTF-8 offsets: from its `IN` (or `NOT`) to
        /// the list's closing parenthesis.
        package var range: Range<Int>
        /// The argument the list binds (an index into ``SQL/arguments``).
        package var argument: Int
        /// Whether the test is `NOT IN` (true) or `IN` (false); nil for a list that follows no
        /// `IN` (it stands alone, parenthesised).
        package var negated: Bool?
        /// The list's values.
        package var values: [SQLValue]
    }

    /// This SQL as `dialect` writes it: each long list's test written by the dialect from its
    /// values (SQLite's `IN (SELECT value FROM json_each(?))`, PostgreSQL's `= ANY (?)`), the rest
    /// of the text as it is. This SQL itself when it holds no long list.
    package func rendered(in dialect: SQLDialect) -> SQL {
        guard !lists.isEmpty else { return self }
        let bytes = Array(storedText.utf8)
        var result = SQL(stringLiteral: "")
        result.arguments = arguments
        var position = 0
        for list in lists {
            result.storedText += String(decoding: bytes[position..<list.range.lowerBound], as: UTF8.self)
            if let (test, argument) = dialect.rules.membership(negated: list.negated, of: list.values) {
                result.storedText += test
                result.arguments[list.argument] = argument
            } else {
                result.storedText += String(decoding: bytes[list.range], as: UTF8.self)
            }
            position = list.range.upperBound
        }
        result.storedText += String(decoding: bytes[position...], as: UTF8.self)
        return result
    }

    /// This SQL with `transform` applied to each stretch of its text between long lists (which
    /// stay as they are, where they land in the new text).
    func mappingText(_ transform: (String) -> String) -> SQL {
        guard !lists.isEmpty else {
            var mapped = self
            mapped.storedText = transform(storedText)
            return mapped
        }
        let bytes = Array(storedText.utf8)
        var result = self
        result.storedText = ""
        var position = 0
        for (index, list) in lists.enumerated() {
            result.storedText += transform(String(decoding: bytes[position..<list.range.lowerBound], as: UTF8.self))
            let start = result.storedText.utf8.count
            result.storedText += String(decoding: bytes[list.range], as: UTF8.self)
            result.lists[index].range = start..<result.storedText.utf8.count
            position = list.range.upperBound
        }
        result.storedText += transform(String(decoding: bytes[position...], as: UTF8.self))
        return result
    }

    /// Appends a long list's test to `text` (as SQLite reads it) and its JSON to `arguments`, and
    /// keeps it in `lists` with the `IN` or `NOT IN` that `text` ends with (the program wrote it
    /// just before the list, `"x IN \(ids)"`).
    static func appendLongList(
        _ values: [SQLValue], json: String, to text: inout String, _ arguments: inout [SQLValue],
        _ lists: inout [LongList]
    ) {
        let (start, negated) = testStart(in: text)
        text += "(SELECT value FROM json_each(?))"
        lists.append(LongList(range: start..<text.utf8.count, argument: arguments.count, negated: negated, values: values))
        arguments.append(.text(json))
    }

    /// Appends `other` (text, arguments and long lists) to the pieces of a statement being built.
    static func appendSQL(_ other: SQL, to text: inout String, _ arguments: inout [SQLValue], _ lists: inout [LongList]) {
        let (offset, argumentOffset) = (text.utf8.count, arguments.count)
        for var list in other.lists {
            list.range = list.range.lowerBound + offset..<list.range.upperBound + offset
            list.argument += argumentOffset
            lists.append(list)
        }
        text += other.storedText
        arguments += other.arguments
    }

    /// Where the `IN` or `NOT IN` that `text` ends with (blanks after it aside) starts, in UTF-8
    /// offsets, and whether it is `NOT IN`; the end of `text` and nil when it ends with neither.
    static func testStart(in text: String) -> (start: Int, negated: Bool?) {
        let bytes = Array(text.utf8)
        func skipBlanks(before end: Int) -> Int {
            var end = end
            while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            return end
        }
        /// The start of `word` (ASCII, any case) ending at `end`, when a word ends there.
        func word(_ word: String, endingAt end: Int) -> Int? {
            let count = word.utf8.count
            guard end >= count else { return nil }
            let start = end - count
            for (offset, letter) in word.utf8.enumerated() where bytes[start + offset] | 0x20 != letter {
                return nil
            }
            if start > 0, SQLToken.Scanner.isWordByte(bytes[start - 1]) { return nil }
            return start
        }
        guard let inStart = word("in", endingAt: skipBlanks(before: bytes.count)) else {
            return (bytes.count, nil)
        }
        if let notStart = word("not", endingAt: skipBlanks(before: inStart)) {
            return (notStart, true)
        }
        return (inStart, false)
    }

    /// Keeps ``lists`` where they stand after ``text`` changed from `old` to `new`: text added
    /// before or after moves them, text taken from the front moves them back (those taken with
    /// it go); text that holds `old` nowhere leaves none.
    mutating func moveLists(from old: String, to new: String) {
        let oldBytes = Array(old.utf8)
        let newBytes = Array(new.utf8)
        var shift: Int?
        if newBytes.count >= oldBytes.count {
            // Added to the end (the common case), or around.
            if newBytes.starts(with: oldBytes) {
                shift = 0
            } else if !oldBytes.isEmpty {
                shift = (0...(newBytes.count - oldBytes.count)).first { newBytes[$0..<$0 + oldBytes.count].elementsEqual(oldBytes) }
            }
        } else if oldBytes.reversed().starts(with: newBytes.reversed()) {
            shift = newBytes.count - oldBytes.count
        }
        guard let shift else {
            lists = []
            return
        }
        lists = lists.compactMap { list in
            guard list.range.lowerBound + shift >= 0 else { return nil }
            var moved = list
            moved.range = list.range.lowerBound + shift..<list.range.upperBound + shift
            return moved
        }
    }
}
