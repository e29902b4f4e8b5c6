/// Text written as a JSON string: the one JSON string writer of ORMCore and reef.
///
/// ```swift
/// JSONText.quoted("say \"hi\"\n")  // "say \"hi\"\n" (quotes and the line break escaped)
/// ```
package enum JSONText {
    /// `text` in double quotes, with quotes, backslashes and control characters (U+0000 to
    /// U+001F, and U+007F) escaped; everything else as it is.
    package static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u00" + Hex.encode([UInt8(scalar.value)])
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
