import CSQLite
import FoundationEssentials
import ORMShared

/// A function written in Swift that SQL can call, registered on every connection of a database
/// through ``Configuration/functions``.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.functions = [
///     SQLFunction("fold", argumentCount: 1) { arguments in
///         guard case .text(let text) = arguments[0] else { return arguments[0] }
///         return .text(text.lowercased())   // Unicode-aware, where SQLite's lower() is ASCII only
///     }
/// ]
/// let db = try Database(path: "shop.sqlite", configuration: configuration)
/// try db.fetchAll("SELECT name FROM customers WHERE fold(name) = \("zoë ørsted")")
/// ```
public struct SQLFunction: Sendable {
    /// The name SQL calls it by.
    public let name: String
    /// How many arguments it takes (-1 for any number).
    public let argumentCount: Int32
    /// Whether the same arguments always give the same result (lets SQLite use it in indexes and
    /// evaluate it once per statement where it can).
    public let isDeterministic: Bool
    /// The function: the arguments in, the result out; a thrown error becomes the statement's error.
    public let body: @Sendable ([SQLValue]) throws -> SQLValue

    /// Describes a function.
    public init(
        _ name: String, argumentCount: Int32, isDeterministic: Bool = true,
        body: @escaping @Sendable ([SQLValue]) throws -> SQLValue
    ) {
        self.name = name
        self.argumentCount = argumentCount
        self.isDeterministic = isDeterministic
        self.body = body
    }
}

extension Connection {
    /// Registers `function` on this connection.
    package func register(_ function: SQLFunction) throws {
        let box = Unmanaged.passRetained(FunctionBox(function.body)).toOpaque()
        let flags = SQLITE_UTF8 | (function.isDeterministic ? SQLITE_DETERMINISTIC : 0)
        let code = sqlite3_create_function_v2(
            handle, function.name, function.argumentCount, flags, box, callSwiftFunction, nil, nil,
            releaseSwiftFunction)
        if code != SQLITE_OK { throw error(code: code, sql: "function \(function.name)") }
    }
}

/// Keeps a function's body alive while SQLite holds it.
private final class FunctionBox {
    let body: @Sendable ([SQLValue]) throws -> SQLValue

    init(_ body: @escaping @Sendable ([SQLValue]) throws -> SQLValue) {
        self.body = body
    }
}

/// What SQLite calls: reads the arguments, runs the body, hands back the result or the error.
private func callSwiftFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let data = sqlite3_user_data(context) else { return }
    let box = Unmanaged<FunctionBox>.fromOpaque(data).takeUnretainedValue()
    let values = (0..<Int(count)).map { index in sqlValue(arguments?[index]) }
    do {
        switch try box.body(values) {
        case .null: sqlite3_result_null(context)
        case .integer(let value): sqlite3_result_int64(context, value)
        case .real(let value): sqlite3_result_double(context, value)
        case .text(let text):
            var text = text
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { csqlite_result_text(context, $0.baseAddress, Int32(bytes.count)) }
            }
        case .blob(let data):
            data.withUnsafeBytes { csqlite_result_blob(context, $0.baseAddress, Int32($0.count)) }
        }
    } catch {
        sqlite3_result_error(context, "\(error)", -1)
    }
}

/// Releases a function's body when SQLite drops the function (or its connection closes).
private func releaseSwiftFunction(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<FunctionBox>.fromOpaque(data).release()
}

/// An argument as a value.
private func sqlValue(_ value: OpaquePointer?) -> SQLValue {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
        guard let bytes = sqlite3_value_text(value) else { return .text("") }
        let count = Int(sqlite3_value_bytes(value))
        return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    case SQLITE_BLOB:
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0, let bytes = sqlite3_value_blob(value) else { return .blob(Data()) }
        return .blob(Data(bytes: bytes, count: count))
    default: return .null
    }
}
