/// A text file to import: its encoding, found once, and its contents as UTF-8, read in chunks as
/// often as a pass needs them.
struct TextFile {
    /// The file's path.
    let path: String
    /// Its encoding.
    let encoding: TextEncoding
    /// Its size in bytes.
    let size: Int

    /// Opens `path` and tells its encoding from its first 64 KiB.
    ///
    /// - Throws: ``ImportError`` when the file cannot be read or is not text (a NUL byte).
    init(path: String) throws(ImportError) {
        let file = try FileChunks(path: path)
        let sample = try file.peek(64 * 1024)
        guard let encoding = TextEncoding.detect(sample) else {
            throw ImportError(path: path, reason: "not a text file (it holds NUL bytes): nothing to import")
        }
        self.path = path
        self.encoding = encoding
        size = file.size
    }

    /// Reads the whole file, handing `body` its UTF-8 a chunk at a time, and `progress` the bytes
    /// of the file read so far.
    func forEachChunk(progress: (Int) -> Void = { _ in }, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let file = try FileChunks(path: path)
        var transcoder = UTF8Transcoder(encoding: encoding)
        var utf8: [UInt8] = []
        while try file.next({ chunk in
            if case .utf8(bomLength: 0) = encoding {
                try body(chunk)
                return
            }
            utf8.removeAll(keepingCapacity: true)
            transcoder.transcode(chunk, into: &utf8)
            try utf8.withUnsafeBufferPointer(body)
        }) {
            progress(file.offset)
        }
    }
}
