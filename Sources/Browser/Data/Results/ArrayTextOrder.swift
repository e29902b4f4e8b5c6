import ORMCore

/// The order of PostgreSQL's arrays kept as text in reef's copy of a statement's results
/// (``ResultStore``): element by element, each pair by the element type's order, a NULL element
/// after every value, and an array that is the start of another first, as the server orders
/// them; SQLite would order the texts byte by byte (`{10}` before `{9}`).
///
/// The text is the server's (`{1,2,NULL}`, `{"a b","say \"hi\""}`); an array of several
/// dimensions is read as its elements in order (`{{1,2},{3,4}}` as 1, 2, 3, 4), which orders it
/// as the server does but for arrays whose elements are equal and whose shapes differ; bounds
/// other than 1 (`[0:1]={…}`) are skipped. A text that is not an array comes after every array,
/// byte by byte.
struct ArrayTextOrder: Sendable {
    /// How elements compare.
    enum Elements: String, Sendable {
        /// Numbers (`int[]`, `numeric[]`, `float8[]`), by value (``DecimalTextOrder``).
        case numbers
        /// Dates and timestamps, by instant (``DateTimeTextOrder``).
        case instants
        /// Text, by the database's collation where reef follows it (``ServerTextCollation``),
        /// else by bytes.
        case text
        /// Any other type's elements, by their text's bytes.
        case bytes
    }

    /// What the elements are.
    let elements: Elements
    /// The text order of `.text` elements, nil for bytes.
    let collator: LocaleCollator?

    /// The collation's name for arrays of `elements`.
    static func name(_ elements: Elements) -> String {
        "reef_array_" + elements.rawValue
    }

    /// The elements of an array of PostgreSQL type `type` (`integer[]`), nil when it is no array.
    static func elements(ofType type: String) -> Elements? {
        guard type.hasSuffix("[]") else { return nil }
        let element = String(type.dropLast(2))
        if ["smallint", "integer", "bigint", "real", "double precision", "oid", "money"].contains(element)
            || element.hasPrefix("numeric") || element.hasPrefix("decimal") {
            return element == "money" ? .bytes : .numbers
        }
        if element == "date" || element.hasPrefix("timestamp") {
            return .instants
        }
        return ServerTextCollation.ordersText(ofType: element) ? .text : .bytes
    }

    /// The collation, registered on a store's connections.
    var collation: SQLCollation {
        SQLCollation(Self.name(elements)) { compare($0, $1) }
    }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        StoreTextOrders.compare(left, right, read: Self.elements(of:)) { a, b in
            for (x, y) in zip(a, b) {
                let order = compareElements(x, y)
                if order != 0 { return order }
            }
            return a.count - b.count
        }
    }

    /// Two elements: a NULL after every value.
    private func compareElements(_ a: [UInt8]?, _ b: [UInt8]?) -> Int {
        guard let a, let b else { return a == nil ? (b == nil ? 0 : 1) : -1 }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                switch elements {
                case .numbers: DecimalTextOrder.compare(x, y)
                case .instants: DateTimeTextOrder.compare(x, y)
                case .text: collator?.compare(x, y) ?? StoreTextOrders.compareBytes(x, y)
                case .bytes: StoreTextOrders.compareBytes(x, y)
                }
            }
        }
    }

    /// The elements of an array's text in order (nil for a NULL), nil when the text is no array.
    static func elements(of text: UnsafeRawBufferPointer) -> [[UInt8]?]? {
        var index = 0
        if text.first == UInt8(ascii: "[") {
            guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            index = equals + 1
        }
        guard index < text.count, text[index] == UInt8(ascii: "{"), text.last == UInt8(ascii: "}") else { return nil }
        var found: [[UInt8]?] = []
        var element: [UInt8] = []
        var quoted = false
        var wasQuoted = false
        var depth = 0
        func end() {
            while !wasQuoted, element.last == UInt8(ascii: " ") {
                element.removeLast()  // blanks around an unquoted element are not part of it
            }
            let isNull = !wasQuoted && element.count == 4 && element.withUnsafeBytes { StoreTextOrders.matches($0, "NULL") }
            found.append(isNull ? nil : element)
            element.removeAll()
            wasQuoted = false
        }
        var hasElement = false
        while index < text.count {
            let byte = text[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\\"), index < text.count {
                    element.append(text[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    quoted = false
                } else {
                    element.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                if hasElement { end() }
                hasElement = false
                depth -= 1
            case UInt8(ascii: ","):
                if hasElement { end() }
                hasElement = false
            case UInt8(ascii: "\""):
                quoted = true
                wasQuoted = true
                hasElement = true
            case UInt8(ascii: " ") where !hasElement:
                continue
            default:
                element.append(byte)
                hasElement = true
            }
        }
        return depth == 0 && !quoted ? found : nil
    }
}
