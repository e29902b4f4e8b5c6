/// Quotes an SQL identifier: wraps it in double quotes and doubles any embedded double quote.
///
/// ```swift
/// quoteIdentifier(#"my "odd" table"#)  // "my ""odd"" table"
/// ```
public func quoteIdentifier(_ name: String) -> String {
    var quoted = "\""
    quoted.reserveCapacity(name.utf8.count + 2)
    // By scalar: a quote followed by a combining mark is one Character, which a Character-wise
    // comparison would miss, leaving the quote undoubled.
    for scalar in name.unicodeScalars {
        quoted.unicodeScalars.append(scalar)
        if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
    }
    quoted.append("\"")
    return quoted
}
