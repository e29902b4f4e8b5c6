import Foundation
import XCTest
@testable import Browser

#if canImport(Glibc)
    import Glibc
#endif

/// A directory entry's name is read in place: `readdir` gives an entry only as long as its name
/// needs, so copying the whole `d_name` field of `struct dirent` read past it (an export crashed
/// when the entry of a short name ended a page, in a `/tmp` of thousands of entries).
final class DirectoryEntryNameTests: XCTestCase {
    func testAShortEntryEndingAPageIsReadWithoutTouchingTheNextPage() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let mapped = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else {
            return XCTFail("no memory to map")
        }
        defer { munmap(mapped, 2 * page) }
        // The second page cannot be read: a read past the entry ends the test process.
        XCTAssertEqual(mprotect(mapped + page, page, PROT_NONE), 0)
        let nameOffset = try XCTUnwrap(MemoryLayout<dirent>.offset(of: \dirent.d_name))
        let name = Array(".reef-export-a1B2c3".utf8) + [0]
        let record = (nameOffset + name.count + 7) / 8 * 8  // as the kernel rounds d_reclen
        let entry = mapped + page - record
        entry.initializeMemory(as: UInt8.self, repeating: 0, count: record)
        (entry + nameOffset).copyMemory(from: name, byteCount: name.count)
        XCTAssertEqual(ExportFile.entryName(entry.assumingMemoryBound(to: dirent.self)), ".reef-export-a1B2c3")
    }

    func testEveryNameOfAFolderIsReadAsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names: Set = ["a", "漢字 é", String(repeating: "n", count: 255), ".reef-export-Zz09aA"]
        for name in names {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil))
        }
        let directory = try XCTUnwrap(opendir(folder.path))
        defer { closedir(directory) }
        var read: Set<String> = []
        while let entry = readdir(directory) {
            read.insert(try XCTUnwrap(ExportFile.entryName(entry)))
        }
        XCTAssertEqual(read.subtracting([".", ".."]), names)
    }
}
