import XCTest
@testable import Browser

/// Rectangle geometry and splitting.
final class RectTests: XCTestCase {
    func testEdgesAndContains() {
        let rect = Rect(x: 2, y: 3, width: 4, height: 2)
        XCTAssertEqual(rect.right, 6)
        XCTAssertEqual(rect.bottom, 5)
        XCTAssertTrue(rect.contains(x: 2, y: 3))
        XCTAssertTrue(rect.contains(x: 5, y: 4))
        XCTAssertFalse(rect.contains(x: 6, y: 4))
        XCTAssertFalse(rect.contains(x: 2, y: 5))
        XCTAssertFalse(rect.contains(x: 1, y: 3))
    }

    func testNegativeSizesClampToEmpty() {
        let rect = Rect(x: 0, y: 0, width: -3, height: 2)
        XCTAssertEqual(rect.width, 0)
        XCTAssertTrue(rect.isEmpty)
    }

    func testIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 5)
        let b = Rect(x: 6, y: 3, width: 10, height: 10)
        XCTAssertEqual(a.intersection(b), Rect(x: 6, y: 3, width: 4, height: 2))
        XCTAssertTrue(a.intersection(Rect(x: 20, y: 0, width: 2, height: 2)).isEmpty)
    }

    func testInset() {
        let rect = Rect(x: 1, y: 1, width: 10, height: 6)
        XCTAssertEqual(rect.inset(by: 1), Rect(x: 2, y: 2, width: 8, height: 4))
        XCTAssertEqual(rect.inset(top: 1, left: 2), Rect(x: 3, y: 2, width: 8, height: 5))
        XCTAssertTrue(rect.inset(by: 4).isEmpty)
    }

    func testSplits() {
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        let (body, status) = screen.splitBottom(1)
        XCTAssertEqual(status, Rect(x: 0, y: 23, width: 80, height: 1))
        XCTAssertEqual(body, Rect(x: 0, y: 0, width: 80, height: 23))
        let (sidebar, grid) = body.splitLeft(20)
        XCTAssertEqual(sidebar, Rect(x: 0, y: 0, width: 20, height: 23))
        XCTAssertEqual(grid, Rect(x: 20, y: 0, width: 60, height: 23))
        let (header, rest) = grid.splitTop(30)
        XCTAssertEqual(header.height, 23, "clamped to the height")
        XCTAssertTrue(rest.isEmpty)
        XCTAssertEqual(screen.splitRight(5).right, Rect(x: 75, y: 0, width: 5, height: 24))
    }

    func testRowsAndColumns() {
        let rect = Rect(x: 1, y: 1, width: 10, height: 4)
        XCTAssertEqual(rect.rows(heights: [1, 2, 5]), [
            Rect(x: 1, y: 1, width: 10, height: 1),
            Rect(x: 1, y: 2, width: 10, height: 2),
            Rect(x: 1, y: 4, width: 10, height: 1),
        ])
        XCTAssertEqual(rect.columns(widths: [3, 3]), [
            Rect(x: 1, y: 1, width: 3, height: 4),
            Rect(x: 4, y: 1, width: 3, height: 4),
        ])
    }
}
