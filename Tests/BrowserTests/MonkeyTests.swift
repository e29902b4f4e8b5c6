import Foundation
import ORMCore
import XCTest

@testable import Browser

/// A seeded pseudo-random generator (SplitMix64): the same seed plays the same keys.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Tens of thousands of random keys, headless, over the fixture database: reef must never crash,
/// never draw past the screen's edge, and never leave the database corrupt. The seed is printed;
/// `REEF_MONKEY_SEED=N` replays a run.
final class MonkeyTests: XCTestCase {
    private static let keys: [(weight: Int, keys: String)] = [
        (30, "j"), (20, "k"), (12, "h"), (12, "l"), (4, "G"), (4, "gg"), (4, "<PgDn>"), (4, "<PgUp>"), (3, "<C-f>"),
        (3, "<Home>"), (3, "<End>"), (3, "0"), (3, "$"), (6, "<Tab>"), (3, "<S-Tab>"), (8, "<Enter>"), (3, "S"), (2, "?"),
        (4, "s"), (3, "<lt>"), (3, ">"), (3, "r"), (3, "n"), (3, "N"), (4, "q"), (3, "<Esc>"), (1, "<C-l>"), (2, "x"), (1, "<F5>"),
        (2, "<BS>"), (2, "<Del>"), (1, "<Left>"), (1, "<Right>"),
    ]

    private static let prompts: [String] = [
        "fprice > 1<Enter>", "fnonsense ((<Enter>", "f<Enter>", "ftitle LIKE '%o%'<Enter>", "f\"a col\" IS NULL<Enter>",
        "/e<Enter>", "/漢<Enter>", "/zzz-not-there<Enter>", "/<Enter>", ":3<Enter>", ":999999<Enter>", ":0<Enter>", ":abc<Enter>",
        "eSELECT * FROM albums<Enter>", "eSELEC oops<Enter>", "eUPDATE albums SET price = price + 1<Enter>",
        "eINSERT INTO artists(name) VALUES ('monkey')<Enter>", "eDELETE FROM pairs WHERE b = 2<Enter>",
        "eCREATE TABLE IF NOT EXISTS scratch(x)<Enter>", "eDROP TABLE IF EXISTS scratch<Enter>", "eBEGIN<Enter>",
        "eROLLBACK<Enter>", "eCOMMIT<Enter>", "ePRAGMA table_info(albums)<Enter>", "e<Up><Up><Enter>",
        "eSELECT char(27) || '[31m' AS evil, x'00ff' AS b<Enter>",
    ]

    func testRandomKeysNeverCrashOverflowOrCorrupt() throws {
        let seed = ProcessInfo.processInfo.environment["REEF_MONKEY_SEED"].flatMap(UInt64.init)
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("monkey seed: \(seed) (replay with REEF_MONKEY_SEED=\(seed))")
        var random = SplitMix64(seed: seed)
        let fixture = try BrowserFixture()
        defer { fixture.remove() }

        let totalWeight = Self.keys.map(\.weight).reduce(0, +)
        var notation = ""
        var played = 0
        while played < 20_000 {
            if Int.random(in: 0..<12, using: &random) == 0, let prompt = Self.prompts.randomElement(using: &random) {
                notation += prompt
            } else {
                var pick = Int.random(in: 0..<totalWeight, using: &random)
                for entry in Self.keys {
                    pick -= entry.weight
                    if pick < 0 {
                        notation += entry.keys
                        break
                    }
                }
            }
            played += 1
        }
        let steps = try KeyScript.parse(notation)
        XCTAssertGreaterThan(steps.count, 20_000)

        // Play in chunks on terminals of random sizes; a random `q` may quit: the next chunk starts anew.
        var index = 0
        while index < steps.count {
            let chunk = Array(steps[index..<min(index + 400, steps.count)])
            index += chunk.count
            let columns = Int.random(in: 40...140, using: &random)
            let rows = Int.random(in: 10...45, using: &random)
            let app = try App(database: try fixture.open(), theme: .builtinDefault)
            let screens = HeadlessRunner(app: app, columns: columns, rows: rows).run(chunk)
            for screen in screens {
                XCTAssertLessThanOrEqual(screen.count, rows, "seed \(seed)")
                for line in screen where TextWidth.of(line) > columns {
                    XCTFail("seed \(seed): a line is wider than \(columns) columns: \(line)")
                }
                for line in screen where line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    XCTFail("seed \(seed): a control character reached the screen: \(line.debugDescription)")
                }
            }
        }

        let check = try Database(path: fixture.path)
        XCTAssertEqual(try check.scalar("PRAGMA integrity_check"), .text("ok"), "seed \(seed)")
    }
}
