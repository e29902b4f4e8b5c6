/// Calls `body` with a C array of zero-terminated copies of `strings` (valid only during the call).
func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    var copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdupString($0) }
    copies.append(nil)
    defer {
        for copy in copies {
            copy?.deallocate()
        }
    }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}

/// A zero-terminated copy of `string`, to be deallocated by the caller.
private func strdupString(_ string: String) -> UnsafeMutablePointer<CChar> {
    let utf8 = Array(string.utf8)
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 1)
    for (index, byte) in utf8.enumerated() {
        copy[index] = CChar(bitPattern: byte)
    }
    copy[utf8.count] = 0
    return copy
}

/// Calls `body` with libpq's three parameter arrays (values, lengths, formats) for `parameters`:
/// text as zero-terminated UTF-8 in text format, bytes in binary format, NULL as a null pointer.
func withParameters<R>(
    _ parameters: [PGParameter],
    _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R
) -> R {
    if parameters.isEmpty {
        return body(nil, nil, nil)
    }
    var buffers: [UnsafeMutablePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    for parameter in parameters {
        switch parameter {
        case .null:
            buffers.append(nil)
            lengths.append(0)
            formats.append(0)
        case .text(let text):
            buffers.append(strdupString(text))
            lengths.append(0)
            formats.append(0)
        case .bytes(let bytes):
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
            for (index, byte) in bytes.enumerated() {
                copy[index] = CChar(bitPattern: byte)
            }
            buffers.append(copy)
            lengths.append(Int32(clamping: bytes.count))
            formats.append(1)
        }
    }
    defer {
        for buffer in buffers {
            buffer?.deallocate()
        }
    }
    let values = buffers.map { $0.map { UnsafePointer($0) } }
    return values.withUnsafeBufferPointer { values in
        lengths.withUnsafeBufferPointer { lengths in
            formats.withUnsafeBufferPointer { formats in
                body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
            }
        }
    }
}
