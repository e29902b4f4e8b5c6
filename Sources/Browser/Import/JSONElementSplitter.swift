/// Cuts a JSON document into the elements of its top-level array as the bytes stream in, so a
/// document of any size is parsed one element at a time. A top-level object is one element.
struct JSONElementSplitter {
    private enum Place {
        case beforeDocument, inArray, inObjectDocument, afterDocument
    }

    private var place = Place.beforeDocument
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var element: [UInt8] = []
    private var elementLine = 1
    private var line = 1

    /// Feeds `bytes`, calling `emit` with each complete element and the line it starts on.
    ///
    /// - Throws: ``JSONSyntaxError`` (offset 0, the line in the message) for a document that is not
    ///   an array or an object, or has text after it.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, emit: ([UInt8], Int) throws -> Void) throws {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
            }
            switch place {
            case .beforeDocument:
                if isWhitespace(byte) {
                    continue
                }
                if byte == UInt8(ascii: "[") {
                    place = .inArray
                    depth = 1
                } else if byte == UInt8(ascii: "{") {
                    place = .inObjectDocument
                    depth = 1
                    element = [byte]
                    elementLine = line
                } else {
                    throw JSONSyntaxError(message: "line \(line): the document is not an array or an object", offset: 0)
                }
            case .afterDocument:
                if !isWhitespace(byte) {
                    throw JSONSyntaxError(message: "line \(line): text after the end of the document", offset: 0)
                }
            case .inObjectDocument:
                element.append(byte)
                if track(byte), depth == 0 {
                    try emit(element, elementLine)
                    element = []
                    place = .afterDocument
                }
            case .inArray:
                if !inString, depth == 1, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                    if !element.isEmpty {
                        try emit(element, elementLine)
                        element.removeAll(keepingCapacity: true)
                    } else if byte == UInt8(ascii: ",") {
                        throw JSONSyntaxError(message: "line \(line): an empty element in the array", offset: 0)
                    }
                    if byte == UInt8(ascii: "]") {
                        depth = 0
                        place = .afterDocument
                    }
                    continue
                }
                if element.isEmpty {
                    if isWhitespace(byte) {
                        continue
                    }
                    elementLine = line
                }
                element.append(byte)
                _ = track(byte)
            }
        }
    }

    /// Ends the input.
    ///
    /// - Throws: ``JSONSyntaxError`` when the document was cut short.
    func finish() throws {
        switch place {
        case .afterDocument:
            return
        case .beforeDocument:
            throw JSONSyntaxError(message: "the file holds no JSON", offset: 0)
        case .inArray, .inObjectDocument:
            throw JSONSyntaxError(message: "line \(line): the document ends before its closing bracket", offset: 0)
        }
    }

    /// Follows strings and nesting; returns whether `byte` changed the depth.
    private mutating func track(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return false
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
            return true
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            depth -= 1
            return true
        default:
            break
        }
        return false
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}
