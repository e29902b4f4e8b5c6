import CLibPQ

#if canImport(Glibc)
    import Glibc
#endif

/// The values of a prepared statement's `$1`, `$2`… placeholders, kept in memory libpq reads
/// them from: a statement run many times (an insert of 100,000 rows) binds into the same buffer
/// run after run, with no allocation once each place has held its longest value.
///
/// ```swift
/// let insert = try connection.prepare("INSERT INTO item (name, count) VALUES ($1, $2)")
/// let values = PGParameterBuffer(count: 2)
/// for (name, count) in items {
///     values.setBinaryText(name, at: 0)   // `text` in binary form: its UTF-8 bytes
///     values.setInt64(count, at: 1)       // `bigint` in binary form: 8 bytes, big-endian
///     try connection.startQuery(insert, values).finish()
/// }
/// ```
///
/// A value in binary form must be the binary form of the type the server gave its place (a
/// `bigint`'s 8 bytes for a `bigint` place, a `double precision`'s for one of that type): the
/// caller picks the setter from ``PGPreparedStatement/parameterTypes``. Text form
/// (``setText(_:at:)``) suits any place. Used by one thread at a time, as its statement.
public final class PGParameterBuffer: @unchecked Sendable {
    // Owned memory, reached only by the one thread that uses the statement.

    /// How many values it holds.
    public let count: Int
    /// One place a value, allocated once.
    private let places: UnsafeMutablePointer<Place>
    /// One 8-byte word a value, holding a value of 8 bytes or fewer in binary form.
    private let words: UnsafeMutablePointer<UInt64>
    /// libpq's three arrays, filled as values are set.
    private let values: UnsafeMutablePointer<UnsafePointer<CChar>?>
    private let lengths: UnsafeMutablePointer<Int32>
    private let formats: UnsafeMutablePointer<Int32>

    /// The memory of a value longer than its word, kept and grown.
    private struct Place {
        var bytes: UnsafeMutableRawPointer?
        var capacity = 0
    }

    /// A buffer of `count` values, all NULL.
    public init(count: Int) {
        self.count = count
        places = .allocate(capacity: max(count, 1))
        places.initialize(repeating: Place(), count: max(count, 1))
        words = .allocate(capacity: max(count, 1))
        words.initialize(repeating: 0, count: max(count, 1))
        values = .allocate(capacity: max(count, 1))
        values.initialize(repeating: nil, count: max(count, 1))
        lengths = .allocate(capacity: max(count, 1))
        lengths.initialize(repeating: 0, count: max(count, 1))
        formats = .allocate(capacity: max(count, 1))
        formats.initialize(repeating: 0, count: max(count, 1))
    }

    /// A buffer holding `parameters`, in the forms ``PGParameter`` sends them.
    public convenience init(_ parameters: [PGParameter]) {
        self.init(count: parameters.count)
        for (index, parameter) in parameters.enumerated() {
            set(parameter, at: index)
        }
    }

    deinit {
        for index in 0..<max(count, 1) {
            places[index].bytes?.deallocate()
        }
        places.deinitialize(count: max(count, 1))
        places.deallocate()
        words.deallocate()
        values.deallocate()
        lengths.deallocate()
        formats.deallocate()
    }

    // MARK: - Setting values

    /// Value `index` is SQL NULL.
    public func setNull(at index: Int) {
        values[index] = nil
        lengths[index] = 0
        formats[index] = 0
    }

    /// Value `index` is `parameter`, in the form ``PGParameter`` sends it (text, or bytes in binary
    /// form).
    public func set(_ parameter: PGParameter, at index: Int) {
        switch parameter {
        case .null: setNull(at: index)
        case .text(let text): setText(text, at: index)
        case .bytes(let bytes): bytes.withUnsafeBytes { setBinary($0, at: index) }
        }
    }

    /// Value `index` in text form, which the server parses by its place's type (any type).
    public func setText(_ text: String, at index: Int) {
        var text = text
        text.withUTF8 { utf8 in
            let memory = reserve(utf8.count + 1, at: index)
            if let base = utf8.baseAddress {
                memory.copyMemory(from: base, byteCount: utf8.count)
            }
            memory.storeBytes(of: 0, toByteOffset: utf8.count, as: UInt8.self)
            point(index, at: memory, length: utf8.count, binary: false)
        }
    }

    /// Value `index` as a `text`, `varchar`, `char(n)` or `name` in binary form: its UTF-8 bytes
    /// as they are (no terminating zero: a text holding one is refused by the server rather than
    /// cut short).
    public func setBinaryText(_ text: String, at index: Int) {
        var text = text
        text.withUTF8 { setBinary(UnsafeRawBufferPointer($0), at: index) }
    }

    /// Value `index` as the binary form `bytes` (a `bytea`'s bytes, or any type's binary form).
    public func setBinary(_ bytes: UnsafeRawBufferPointer, at index: Int) {
        let memory = reserve(bytes.count, at: index)
        if let base = bytes.baseAddress, !bytes.isEmpty {
            memory.copyMemory(from: base, byteCount: bytes.count)
        }
        point(index, at: memory, length: bytes.count, binary: true)
    }

    /// Value `index` as a `bigint` (8 bytes, big-endian).
    public func setInt64(_ value: Int64, at index: Int) {
        inline(at: index).storeBytes(of: value.bigEndian, as: Int64.self)
        pointInline(index, length: 8)
    }

    /// Value `index` as an `integer` (4 bytes, big-endian).
    public func setInt32(_ value: Int32, at index: Int) {
        inline(at: index).storeBytes(of: value.bigEndian, as: Int32.self)
        pointInline(index, length: 4)
    }

    /// Value `index` as a `smallint` (2 bytes, big-endian).
    public func setInt16(_ value: Int16, at index: Int) {
        inline(at: index).storeBytes(of: value.bigEndian, as: Int16.self)
        pointInline(index, length: 2)
    }

    /// Value `index` as a `double precision` (its 8 bytes, big-endian: every bit kept, `NaN` and
    /// the infinities included).
    public func setDouble(_ value: Double, at index: Int) {
        inline(at: index).storeBytes(of: value.bitPattern.bigEndian, as: UInt64.self)
        pointInline(index, length: 8)
    }

    /// Value `index` as a `boolean` (1 byte).
    public func setBool(_ value: Bool, at index: Int) {
        inline(at: index).storeBytes(of: value ? 1 : 0, as: UInt8.self)
        pointInline(index, length: 1)
    }

    /// Value `index` as a `timestamptz` or `timestamp` (microseconds since 2000-01-01 UTC, the
    /// server's `integer_datetimes` form).
    public func setTimestamp(microsecondsSince2000 value: Int64, at index: Int) {
        setInt64(value, at: index)
    }

    // MARK: - Reading them

    /// Calls `body` with libpq's three arrays (values, lengths, formats).
    func withArrays<R>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R
    ) -> R {
        count == 0 ? body(nil, nil, nil) : body(values, lengths, formats)
    }

    /// Whether value `index` is NULL.
    public func isNull(at index: Int) -> Bool {
        values[index] == nil
    }

    /// Whether value `index` is in binary form.
    public func isBinary(at index: Int) -> Bool {
        formats[index] == 1
    }

    /// The bytes of value `index` as they are sent (text without its terminating zero), nil for NULL.
    public func bytes(at index: Int) -> [UInt8]? {
        guard let value = values[index] else { return nil }
        let length = formats[index] == 1 ? Int(lengths[index]) : strlen(value)
        return Array(UnsafeRawBufferPointer(start: value, count: length))
    }

    // MARK: - Memory

    /// The word value `index` is held in when it takes 8 bytes or fewer.
    @inline(__always)
    private func inline(at index: Int) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(words + index)
    }

    /// Value `index` is the `length` bytes in its place, in binary form.
    @inline(__always)
    private func pointInline(_ index: Int, length: Int32) {
        values[index] = UnsafePointer(inline(at: index).assumingMemoryBound(to: CChar.self))
        lengths[index] = length
        formats[index] = 1
    }

    /// Memory of at least `size` bytes for place `index` (its own, grown when too small).
    private func reserve(_ size: Int, at index: Int) -> UnsafeMutableRawPointer {
        let place = places + index
        if let bytes = place.pointee.bytes, place.pointee.capacity >= size {
            return bytes
        }
        place.pointee.bytes?.deallocate()
        let capacity = max(size, 32, place.pointee.capacity * 2)
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        place.pointee.bytes = bytes
        place.pointee.capacity = capacity
        return bytes
    }

    @inline(__always)
    private func point(_ index: Int, at memory: UnsafeMutableRawPointer, length: Int, binary: Bool) {
        values[index] = UnsafePointer(memory.assumingMemoryBound(to: CChar.self))
        lengths[index] = Int32(clamping: length)
        formats[index] = binary ? 1 : 0
    }
}
