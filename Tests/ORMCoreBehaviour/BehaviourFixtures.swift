import Dispatch
import Foundation
import ORMCore
import XCTest

// The models and the collector the behaviours share.

/// A model that updates the stored row when its unique name clashes.
@Model(table: "b_tag")
final class BTag {
    @Column(unique: true) var name: String = ""
    var uses: Int = 0
    static let onConflict = InsertConflictPolicy.update
}

/// A model of the behaviours, with an integer key the database generates.
@Model(table: "b_item")
final class BItem {
    var name: String = ""
    var stock: Int = 0
    var price: Double = 0
    var added: Date = Date(timeIntervalSince1970: 0)

    static func make(name: String, stock: Int, price: Double, added: Date) -> BItem {
        let item = BItem()
        item.name = name
        item.stock = stock
        item.price = price
        item.added = added
        return item
    }
}

/// Values appended from any thread, read after.
final class Collected<Value: Sendable>: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(value)
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        stored.removeAll()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
