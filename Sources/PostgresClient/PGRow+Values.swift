import FoundationEssentials

extension PGRow {
    /// Column `column` (`timestamptz`, `timestamp` taken as UTC, or `date` at midnight UTC) as an
    /// instant, nil for NULL.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` for text not in the ISO form: `infinity`, or a
    ///   session whose `DateStyle` is not ISO.
    public func date(at column: Int) throws -> Date? {
        try text(at: column).map { text in
            guard let date = PGTimestampText.date(text) else {
                throw PGError(kind: .misuse, message: "column \(result.columnName(at: column)) is not an ISO timestamp: \(text.prefix(40))")
            }
            return date
        }
    }

    /// Column `column` (`uuid`) as a UUID, nil for NULL.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` when the text is not a UUID.
    public func uuid(at column: Int) throws -> UUID? {
        try text(at: column).map { text in
            guard let uuid = UUID(uuidString: text) else {
                throw PGError(kind: .misuse, message: "column \(result.columnName(at: column)) is not a uuid: \(text.prefix(40))")
            }
            return uuid
        }
    }

    /// Column `column` (`numeric`, or any number) as a `Decimal`, nil for NULL.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` when the value is `NaN`, an infinity, or has more
    ///   significant digits than `Decimal` holds (38; it would round): read it with ``text(at:)`` to keep every digit.
    public func decimal(at column: Int) throws -> Decimal? {
        try text(at: column).map { text in
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN,
                  value.description == Self.canonicalNumber(text)
            else {
                throw PGError(
                    kind: .misuse,
                    message: "column \(result.columnName(at: column)) does not fit a Decimal exactly: \(text.prefix(60))")
            }
            return value
        }
    }

    /// A number's text as `Decimal.description` writes it: no leading `+`, no leading zeros, no
    /// trailing fraction zeros (and no point left bare), `0` for zero.
    private static func canonicalNumber(_ text: String) -> String {
        var negative = false
        var body = Substring(text)
        if body.first == "-" {
            negative = true
            body = body.dropFirst()
        } else if body.first == "+" {
            body = body.dropFirst()
        }
        var whole = body.prefix { $0 != "." }.drop { $0 == "0" }
        var fraction = body.drop { $0 != "." }.dropFirst()
        while fraction.last == "0" {
            fraction = fraction.dropLast()
        }
        if whole.isEmpty {
            whole = "0"
        }
        let number = fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
        return negative && number != "0" ? "-" + number : number
    }
}
