/// Quotes an SQL identifier: wraps it in double quotes and doubles any embedded double quote.
///
/// ```swift
/// quoteIdentifier(#"my "odd" table"#)  // "my ""odd"" table"
/// ```
public func quoteIdentifier(_ name: String) -> String {
    var quoted = "\""
    quoted.reserveCapacity(name.utf8.count + 2)
    for character in name {
        if character == "\"" { quoted.append("\"\"") } else { quoted.append(character) }
    }
    quoted.append("\"")
    return quoted
}
