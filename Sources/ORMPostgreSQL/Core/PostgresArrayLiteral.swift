import ORMShared

/// A PostgreSQL array literal (`{"1","it's","a \"b\"",NULL}`) made from a long list's values, for
/// the parameter of `x = ANY (?)` (``PostgresDialect/membership(negated:of:)``), which the server
/// types as an array of `x`'s type. Every element is quoted, with `"` and `\` escaped, so the
/// server reads it as the element type it inferred (`bigint`, `text`, `numeric`…); NULL is NULL.
struct PostgresArrayLiteral {
    /// The literal's text.
    package let text: String

    /// The literal for `values`, nil when one cannot be written so that every database reads the
    /// same list (a blob, a real that is no number: ``SQL`` then binds the values one by one).
    init?(values: [SQLValue]) {
        var text = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            let element: String
            switch value {
            case .null:
                text += "NULL"
                continue
            case .integer(let integer): element = String(integer)
            case .real(let real):
                guard real.isFinite else { return nil }
                element = String(real)
            case .text(let string): element = string
            case .blob: return nil
            }
            text += "\""
            for scalar in element.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { text += "\\" }
                text.unicodeScalars.append(scalar)
            }
            text += "\""
        }
        self.text = text + "}"
    }
}
