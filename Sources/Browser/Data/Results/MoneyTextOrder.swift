import ORMCore

/// The order of PostgreSQL's `money` kept as text in reef's copy of a statement's results
/// (``ResultStore``): by amount, as the server orders them, where SQLite would order the texts
/// byte by byte (`$1,300.00` before `$20.00`).
///
/// The server writes an amount in its `lc_monetary` locale (`$1,234.56`, `-$5.00`,
/// `1.234,56 €`); a filter's number is typed plainly (`price > 20`, `price = 19.5`). Both are read
/// the same way: a `-` or `(` anywhere makes the amount negative; the decimal separator is the
/// last `.` or `,`, unless exactly three digits follow it and it is the only kind of separator in
/// the text (`$1,234` with no cents, `1,234,567`), where it groups thousands; every other
/// character (the currency's sign, spaces, `'`) is skipped. The amounts are then ordered as exact
/// decimals (``DecimalTextOrder``); a text without a digit comes after every amount, byte by byte.
/// A currency with three decimals and no thousands (`12.345` of a dinar) reads as twelve thousand.
enum MoneyTextOrder {
    /// The collation's name, as store columns declare it.
    static let name = "reef_money"

    /// The collation, registered on the store's connections.
    static let collation = SQLCollation(name) { compare($0, $1) }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        withAmount(of: left) { a in
            withAmount(of: right) { b in
                switch (a, b) {
                case let (a?, b?): DecimalTextOrder.compare(a, b)
                case (nil, .some): 1
                case (.some, nil): -1
                case (nil, nil): StoreTextOrders.compareBytes(left, right)
                }
            }
        }
    }

    /// Calls `body` with the amount `text` writes as a plain decimal's text (`-1234.56`), nil when
    /// it holds no digit; the decimal is made on the stack.
    static func withAmount<Result>(of text: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count + 2) { buffer in
            let count = writeAmount(of: text, into: buffer)
            return body(count.map { UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<$0]) })
        }
    }

    /// Writes the amount `text` stands for into `buffer` (at least two bytes longer than `text`)
    /// as a plain decimal; returns its length, nil when `text` holds no digit.
    private static func writeAmount(of text: UnsafeRawBufferPointer, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard text.contains(where: isDigit) else {
            return nil
        }
        let point = decimalSeparator(in: text)
        var count = 0
        func write(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }
        if text.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "(") }) {
            write(UInt8(ascii: "-"))
        }
        var wroteDigit = false
        for index in text.indices {
            if isDigit(text[index]) {
                write(text[index])
                wroteDigit = true
            } else if index == point {
                if !wroteDigit {
                    write(UInt8(ascii: "0"))  // `.50`: a plain decimal's integer part
                }
                write(UInt8(ascii: "."))
            }
        }
        return count
    }

    /// The index of `text`'s decimal separator, nil when it has none (see the type's rules).
    private static func decimalSeparator(in text: UnsafeRawBufferPointer) -> Int? {
        guard let last = text.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) else {
            return nil
        }
        var following = 0
        var index = last + 1
        while index < text.count, isDigit(text[index]) {
            following += 1
            index += 1
        }
        guard following > 0 else {
            return nil
        }
        let separator = text[last]
        let other = separator == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let groupsOnly = following == 3 && !text[..<last].contains(other)
        return groupsOnly ? nil : last
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
