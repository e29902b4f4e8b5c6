import Foundation
import Observation
import ORMCore
import Synchronization
import XCTest

// The Observation guide's model, exactly as the guide shows it.

@Model
final class Player: Observable {
    var name: String = ""
    var score: Int = 0
}

/// The Observation guide's example, run as written: what it shows and how often it redraws.
final class ObservationExamples: XCTestCase {
    /// The redraws the example asked for, from any thread.
    private final class Redraws: Sendable {
        let count = Atomic<Int>(0)
    }

    private let redraws = Redraws()

    private func show(_ name: String, _ score: Int) {}

    private func follow(_ player: Player) {
        let redraws = redraws
        @Sendable func redraw() { redraws.count.add(1, ordering: .relaxed) }
        withObservationTracking {
            show(player.name, player.score)
        } onChange: {
            redraw()      // once: the first change of either property ends the tracking
        }
    }

    func testTheFirstChangeOfAPropertyShownRedrawsOnce() throws {
        let db = try Database(path: ":memory:")
        let player = Player()
        player.name = "Ann"
        try player.commit(in: db)
        follow(player)
        player.score = 10
        player.name = "Bo"
        XCTAssertEqual(redraws.count.load(ordering: .relaxed), 1)
        try player.commit(in: db)
        follow(player)
        try db.execute("UPDATE \"Player\" SET score = 11")
        XCTAssertEqual(redraws.count.load(ordering: .relaxed), 2, "SQL that changed the row")
        XCTAssertEqual(player.score, 11)
    }
}
