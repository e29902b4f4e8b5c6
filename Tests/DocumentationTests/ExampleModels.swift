import Foundation
import ORMCore

// The models of the README and the ORMCore guides, exactly as the docs show them.

@Model
final class Department {
    var name: String = ""
}

@Model
final class Employee {
    var name: String = ""
    var age: Int = 0
    @Column(unique: true) var email: String?
    var department: Department?          // to-one: stored as the key, loaded lazily
}

@Model(table: "people", indexes: [Index("lastName", "firstName")])
final class Person {
    var firstName: String = ""
    var lastName: String = ""
    @Column(formerNames: ["mail"], unique: true) var email: String?
    var tags: [String] = []              // Codable: stored as JSON text
    var manager: Person?                 // to-one: stored as the key, loaded lazily
    @Transient var scratch: Int = 0      // not persisted (guarded by the lock)
}

@Model
final class Order {
    var status: String = "open"
    var placedAt: Date = Date()
}
