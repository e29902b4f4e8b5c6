import Foundation
@_spi(ModelSupport) import ORMCore
@_spi(ModelSupport) import ORMPostgreSQL
@_spi(ModelSupport) import ORMSQLite
@_spi(ModelSupport) import ORMShared
@testable import Browser

/// Readers for what reef exports, written from the formats' documented rules (not from reef's
/// encoders), so that the round-trip tests load every file back the way a user's program would.
enum ExportReaders {
    /// A failure to read an export back.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: - Exact values

    /// A value as a string that tells every bit apart: the storage class and its exact bytes
    /// (a real's bit pattern, so -0.0 is not 0.0).
    static func fingerprint(_ value: ExportValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let integer): "integer \(integer)"
        case .boolean(let boolean): "boolean \(boolean)"
        case .real(let real): "real \(String(real.bitPattern, radix: 16)) (\(real))"
        case .text(let text): "text " + Hex.encode(Array(text.utf8))
        case .undecodableText(let bytes): "text " + Hex.encode(bytes)
        case .blob(let data): "blob " + Hex.encode(data)
        }
    }

    /// Every row of `sql`'s results, values read exactly as stored.
    static func rows(_ sql: SQL, in database: Database) throws -> [[ExportValue]] {
        var rows: [[ExportValue]] = []
        try database.forEachStatementRow(sql) { statement in
            rows.append((0..<statement.columnCount).map { ExportValue(statement.column(at: $0)) })
        }
        return rows
    }

    /// Text from bytes: `.text` when they are UTF-8, else `.undecodableText`.
    static func text(_ bytes: [UInt8]) -> ExportValue {
        String(validating: bytes, as: UTF8.self).map(ExportValue.text) ?? .undecodableText(bytes)
    }

    // MARK: - sqlite3

    /// Runs the `sqlite3` program on `database` with `script` as its input; returns what it wrote to
    /// stderr (errors), failing when the program is missing.
    static func sqlite3(_ database: String, input script: String) throws -> String {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let program = searchPath.split(separator: ":").map({ $0 + "/sqlite3" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw Failure(description: "the sqlite3 program is needed to load .sql exports back; it is not on PATH")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-bail", database]
        process.standardInput = FileHandle(forReadingAtPath: script)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: message, as: UTF8.self)
    }

    // MARK: - CSV

    /// The records of RFC 4180 text (or TSV, with a tab `separator` and `\n` line ends): each
    /// field's text and whether it was quoted.
    static func csvRecords(_ text: String, separator: Unicode.Scalar = ",") throws -> [[(text: String, quoted: Bool)]] {
        let crlf = separator == ","
        var records: [[(text: String, quoted: Bool)]] = []
        var record: [(text: String, quoted: Bool)] = []
        var field = "", quoted = false, inQuotes = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        while let scalar = next() {
            if inQuotes {
                if scalar == "\"" {
                    let following = next()
                    if following == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        pending = following
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" && field.isEmpty && !quoted {
                inQuotes = true
                quoted = true
            } else if scalar == separator {
                record.append((field, quoted))
                field = ""
                quoted = false
            } else if crlf ? scalar == "\r" : scalar == "\n" {
                guard !crlf || next() == "\n" else {
                    throw Failure(description: "a bare CR outside quotes")
                }
                record.append((field, quoted))
                records.append(record)
                record = []
                field = ""
                quoted = false
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        guard record.isEmpty, field.isEmpty, !inQuotes else {
            throw Failure(description: "the last record does not end with its line ending")
        }
        return records
    }

    /// A CSV field read back as a value of `like`'s storage class, by the documented rules.
    static func csvValue(_ field: (text: String, quoted: Bool), like source: ExportValue) throws -> ExportValue {
        if field.text.isEmpty && !field.quoted {
            return .null
        }
        switch source {
        case .integer:
            return try Int64(field.text).map(ExportValue.integer) ?? { throw Failure(description: "not an integer: \(field.text)") }()
        case .real:
            return try Double(field.text).map(ExportValue.real) ?? { throw Failure(description: "not a real: \(field.text)") }()
        case .boolean:
            return try ["true": true, "false": false][field.text].map(ExportValue.boolean)
                ?? { throw Failure(description: "not a boolean: \(field.text)") }()
        case .blob:
            guard field.text.hasPrefix("\\x"), let bytes = Hex.decode(field.text.dropFirst(2)) else {
                throw Failure(description: "not \\x and hex: \(field.text)")
            }
            return .blob(Data(bytes))
        case .null, .text, .undecodableText:
            let bytes = Array(field.text.utf8)
            if bytes.starts(with: Array("\\x".utf8)) {
                return try Hex.decode(field.text.dropFirst(2)).map(text) ?? { throw Failure(description: "bad hex: \(field.text)") }()
            }
            let backslashes = bytes.prefix { $0 == UInt8(ascii: "\\") }.count
            if backslashes >= 2, bytes.count > backslashes, bytes[backslashes] == UInt8(ascii: "x") {
                return text(Array(bytes.dropFirst()))
            }
            return .text(field.text)
        }
    }

    // MARK: - JSON

    /// A JSON value, numbers kept as written.
    indirect enum JSON: Equatable {
        case null, bool(Bool), number(String), string(String), array([JSON]), object([String], [JSON])
    }

    /// Parses one JSON text.
    static func json(_ text: String) throws -> JSON {
        var parser = JSONParser(scalars: Array(text.unicodeScalars))
        let value = try parser.value()
        parser.skipBlanks()
        guard parser.index == parser.scalars.count else {
            throw Failure(description: "text after the JSON value")
        }
        return value
    }

    /// A JSON value read back as a value, by the documented rules.
    static func exportValue(_ json: JSON) throws -> ExportValue {
        switch json {
        case .null:
            return .null
        case .number(let number):
            if number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                return try Double(number).map(ExportValue.real) ?? { throw Failure(description: "bad number \(number)") }()
            }
            return try Int64(number).map(ExportValue.integer) ?? { throw Failure(description: "bad integer \(number)") }()
        case .string(let string):
            return .text(string)
        case .object(let keys, let values) where keys.count == 1:
            switch (keys[0], values[0]) {
            case ("$base64", .string(let base64)):
                return try Data(base64Encoded: base64).map(ExportValue.blob) ?? { throw Failure(description: "bad base64") }()
            case ("$textBase64", .string(let base64)):
                return try Data(base64Encoded: base64).map { text(Array($0)) } ?? { throw Failure(description: "bad base64") }()
            case ("$real", .string("Infinity")):
                return .real(.infinity)
            case ("$real", .string("-Infinity")):
                return .real(-.infinity)
            default:
                throw Failure(description: "unknown object \(json)")
            }
        default:
            throw Failure(description: "not a value: \(json)")
        }
    }

    /// A small recursive-descent JSON parser.
    private struct JSONParser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func skipBlanks() {
            while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) {
                index += 1
            }
        }

        mutating func expect(_ scalar: Unicode.Scalar) throws {
            skipBlanks()
            guard index < scalars.count, scalars[index] == scalar else {
                throw Failure(description: "expected \(scalar) at \(index)")
            }
            index += 1
        }

        mutating func value() throws -> JSON {
            skipBlanks()
            guard index < scalars.count else {
                throw Failure(description: "unexpected end")
            }
            switch scalars[index] {
            case "{":
                index += 1
                var keys: [String] = [], values: [JSON] = []
                skipBlanks()
                if scalars[index] == "}" {
                    index += 1
                    return .object([], [])
                }
                repeat {
                    skipBlanks()
                    keys.append(try string())
                    try expect(":")
                    values.append(try value())
                    skipBlanks()
                    index += 1
                } while scalars[index - 1] == ","
                guard scalars[index - 1] == "}" else {
                    throw Failure(description: "expected } at \(index)")
                }
                return .object(keys, values)
            case "[":
                index += 1
                var items: [JSON] = []
                skipBlanks()
                if scalars[index] == "]" {
                    index += 1
                    return .array([])
                }
                repeat {
                    items.append(try value())
                    skipBlanks()
                    index += 1
                } while scalars[index - 1] == ","
                guard scalars[index - 1] == "]" else {
                    throw Failure(description: "expected ] at \(index)")
                }
                return .array(items)
            case "\"":
                return .string(try string())
            case "n":
                index += 4
                return .null
            default:
                let start = index
                while index < scalars.count, "-+.eE0123456789".unicodeScalars.contains(scalars[index]) {
                    index += 1
                }
                return .number(String(String.UnicodeScalarView(scalars[start..<index])))
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var result = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" {
                    return String(result)
                }
                guard scalar == "\\" else {
                    result.append(scalar)
                    continue
                }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "u":
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        index += 2  // \u of the low surrogate
                        code = 0x10000 + (code - 0xD800) << 10 + (try hex4() - 0xDC00)
                    }
                    guard let decoded = Unicode.Scalar(code) else {
                        throw Failure(description: "bad \\u escape")
                    }
                    result.append(decoded)
                default: result.append(escape)
                }
            }
            throw Failure(description: "unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= scalars.count, let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16) else {
                throw Failure(description: "bad \\u escape")
            }
            index += 4
            return code
        }
    }
}
