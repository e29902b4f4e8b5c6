import ORMCore

/// `reef_money_amount(text)`: the amount a PostgreSQL `money` text writes (`$1,234.56` is
/// 1234.56, read as ``MoneyTextOrder`` reads it), as a double; NULL for NULL and for a value
/// without a digit. Registered on reef's copy of a statement's results, whose `money` columns keep
/// the server's text: the summary's statistics of such a column are of these amounts.
enum MoneyAmountFunction {
    /// The SQL name.
    static let name = "reef_money_amount"

    /// The amount `value` writes, nil when it is not text holding a digit.
    static func amount(_ value: SQLValue) -> Double? {
        guard case .text(var text) = value else {
            return nil
        }
        return text.withUTF8 { bytes in
            MoneyTextOrder.withAmount(of: UnsafeRawBufferPointer(bytes)) { plain in
                plain.flatMap { Double(String(decoding: $0, as: UTF8.self)) }
            }
        }
    }

    /// The SQL function.
    static var function: SQLFunction {
        SQLFunction(name, argumentCount: 1) { arguments in
            guard let first = arguments.first, let amount = amount(first) else {
                return .null
            }
            return .real(amount)
        }
    }
}
