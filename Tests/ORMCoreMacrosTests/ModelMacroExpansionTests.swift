import SwiftSyntaxMacrosTestSupport
import XCTest

/// Golden expansions of `@Model` (with the property macros it attaches expanded too).
final class ModelMacroExpansionTests: XCTestCase {
    func testSpecExample() {
        assertMacroExpansion(
            """
            @Model(table: "people", formerNames: ["Persons"], indexes: [Index("name", "age")])
            public final class Person {
                var name: String = ""
                @Column(formerNames: ["years"], indexed: true) var age: Int = 0
                var email: String?
                var department: Department?
                var tags: [String] = []
                var mood: Mood = .happy
                @Transient var scratch: Int = 0
                let constant = 1
                static var counter = 0
                var computed: Int { age * 2 }
                init(name: String) { self.name = name }
            }
            """,
            expandedSource: """
            public final class Person {
                var name: String {
                    @storageRestrictions(initializes: _name)
                    init(initialValue) {
                        _name = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _name
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _name
                        } assign: {
                            _name = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _name: String = ""
                var age: Int {
                    @storageRestrictions(initializes: _age)
                    init(initialValue) {
                        _age = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _age
                        }
                    }
                    set {
                        _$state.write(self, column: 1, newValue, ORMCore._ColumnCoding.isSame) {
                            _age
                        } assign: {
                            _age = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _age: Int = 0
                var email: String? {
                    @storageRestrictions(initializes: _email)
                    init(initialValue) {
                        _email = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _email
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMCore._ColumnCoding.isSame) {
                            _email
                        } assign: {
                            _email = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _email: String? = nil
                var department: Department? {
                    @storageRestrictions(initializes: _department)
                    init(initialValue) {
                        _department = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _department
                        }
                    }
                    set {
                        _$state.write(self, column: 3, newValue, ORMCore._ColumnCoding.isSame) {
                            _department
                        } assign: {
                            _department = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _department: Department? = nil
                var tags: [String] {
                    @storageRestrictions(initializes: _tags)
                    init(initialValue) {
                        _tags = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _tags
                        }
                    }
                    set {
                        _$state.write(self, column: 4, newValue, ORMCore._ColumnCoding.isSame) {
                            _tags
                        } assign: {
                            _tags = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _tags: [String] = []
                var mood: Mood {
                    @storageRestrictions(initializes: _mood)
                    init(initialValue) {
                        _mood = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _mood
                        }
                    }
                    set {
                        _$state.write(self, column: 5, newValue, ORMCore._ColumnCoding.isSame) {
                            _mood
                        } assign: {
                            _mood = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _mood: Mood = .happy
                var scratch: Int {
                    @storageRestrictions(initializes: _scratch)
                    init(initialValue) {
                        _scratch = initialValue
                    }
                    get {
                        _$state.withLock {
                            _scratch
                        }
                    }
                    set {
                        _$state.withLock {
                            _scratch = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _scratch: Int = 0
                let constant = 1
                static var counter = 0
                var computed: Int { age * 2 }
                init(name: String) { self.name = name }

                @exclusivity(unchecked) public var _$stateFields = ORMCore._ModelState.Fields()

                public let _$state = ORMCore._ModelState()

                public func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                public var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                public static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                public static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("people", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "people",
                    formerTableNames: ["Persons"],
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("name", String.self, default: ""),
                        ORMCore._ColumnCoding.column("age", Int.self, default: 0, formerNames: ["years"], indexed: true),
                        ORMCore._ColumnCoding.column("email", String?.self, default: nil),
                        ORMCore._ColumnCoding.column("department", Department?.self, default: nil),
                        ORMCore._ColumnCoding.column("tags", [String].self, default: []),
                        ORMCore._ColumnCoding.column("mood", Mood.self, default: .happy),
                    ],
                    indexes: [Index("name", "age")]
                )

                public required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                    self._age = try ORMCore._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age")
                    self._email = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email")
                    self._department = try ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department")
                    self._tags = try ORMCore._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags")
                    self._mood = try ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood")
                }

                public required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                    self._age = try ORMCore._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age")
                    self._email = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email")
                    self._department = try ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department")
                    self._tags = try ORMCore._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags")
                    self._mood = try ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood")
                }

                public required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "people")
                }

                public var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                public func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "people")
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_name, _age, _email, _department, _tags, _mood)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(3) {
                        try ORMCore._ColumnCoding.bind(values.3, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(4) {
                        try ORMCore._ColumnCoding.bind(values.4, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(5) {
                        try ORMCore._ColumnCoding.bind(values.5, to: statement, at: index)
                    }
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_name, _age, _email, _department, _tags, _mood)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(3) {
                        try ORMCore._ColumnCoding.bind(values.3, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(4) {
                        try ORMCore._ColumnCoding.bind(values.4, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(5) {
                        try ORMCore._ColumnCoding.bind(values.5, to: binder, at: index)
                    }
                }

                public func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    let v1: Int? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age"))
                    let v2: String?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email"))
                    let v3: Department?? = try keeping.contains(3) ? nil : .some(ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department"))
                    let v4: [String]? = try keeping.contains(4) ? nil : .some(ORMCore._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags"))
                    let v5: Mood? = try keeping.contains(5) ? nil : .some(ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                        if let v1 {
                            _age = v1
                        }
                        if let v2 {
                            _email = v2
                        }
                        if let v3 {
                            _department = v3
                        }
                        if let v4 {
                            _tags = v4
                        }
                        if let v5 {
                            _mood = v5
                        }
                    }
                }

                public func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    let v1: Int? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age"))
                    let v2: String?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email"))
                    let v3: Department?? = try keeping.contains(3) ? nil : .some(ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department"))
                    let v4: [String]? = try keeping.contains(4) ? nil : .some(ORMCore._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags"))
                    let v5: Mood? = try keeping.contains(5) ? nil : .some(ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                        if let v1 {
                            _age = v1
                        }
                        if let v2 {
                            _email = v2
                        }
                        if let v3 {
                            _department = v3
                        }
                        if let v4 {
                            _tags = v4
                        }
                        if let v5 {
                            _mood = v5
                        }
                    }
                }

                public func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _name
                        if let value, let typed = value as? String {
                            _name = typed
                        }
                        return old
                    case 1:
                        let old: Int = _age
                        if let value, let typed = value as? Int {
                            _age = typed
                        }
                        return old
                    case 2:
                        let old: String? = _email
                        if let value, let typed = value as? String? {
                            _email = typed
                        }
                        return old
                    case 3:
                        let old: Department? = _department
                        if let value, let typed = value as? Department? {
                            _department = typed
                        }
                        return old
                    case 4:
                        let old: [String] = _tags
                        if let value, let typed = value as? [String] {
                            _tags = typed
                        }
                        return old
                    case 5:
                        let old: Mood = _mood
                        if let value, let typed = value as? Mood {
                            _mood = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                public var _$relatedObjects: [any ORMCore.Model] {
                    let values = _$state.withLock {
                        (_email, _department)
                    }
                    return [ORMCore._ColumnCoding.related(values.0), ORMCore._ColumnCoding.related(values.1)].compactMap {
                        $0
                    }
                }

                private func _$checkSendable() {
                    ORMCore._modelPropertyMustBeSendable(self.scratch)
                    ORMCore._modelPropertyMustBeSendable(self.constant)
                }
            }

            extension Person: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testSingleColumnInternalClassGetsInit() {
        assertMacroExpansion(
            """
            @Model
            final class Tag {
                var name: String = ""
            }
            """,
            expandedSource: """
            final class Tag {
                var name: String {
                    @storageRestrictions(initializes: _name)
                    init(initialValue) {
                        _name = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _name
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _name
                        } assign: {
                            _name = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _name: String = ""

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Tag", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Tag",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("name", String.self, default: ""),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Tag")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Tag")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _name
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _name
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _name
                        if let value, let typed = value as? String {
                            _name = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                init() {
                }
            }

            extension Tag: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testZeroColumnsPackageClass() {
        assertMacroExpansion(
            """
            @Model
            package final class Marker {
            }
            """,
            expandedSource: """
            package final class Marker {

                @exclusivity(unchecked) package var _$stateFields = ORMCore._ModelState.Fields()

                package let _$state = ORMCore._ModelState()

                package func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                package var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                package static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                package static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Marker", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Marker",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: []
                )

                package required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                }

                package required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                }

                package required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Marker")
                }

                package var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                package func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Marker")
                }

                package func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                }

                package func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                }

                package func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                }

                package func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                }

                package func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    ()
                }

                package var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                package init() {
                }
            }

            extension Marker: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testOpenClassUsesPublicMembers() {
        assertMacroExpansion(
            """
            @Model(table: "notes")
            open class Note {
                public var text: String = "draft"
                public init(text: String) {
                    self.text = text
                }
            }
            """,
            expandedSource: """
            open class Note {
                public var text: String {
                    @storageRestrictions(initializes: _text)
                    init(initialValue) {
                        _text = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _text
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _text
                        } assign: {
                            _text = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _text: String = "draft"
                public init(text: String) {
                    self.text = text
                }

                @exclusivity(unchecked) public var _$stateFields = ORMCore._ModelState.Fields()

                public let _$state = ORMCore._ModelState()

                public func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                public var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                public static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                public static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("notes", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "notes",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("text", String.self, default: "draft"),
                    ]
                )

                public required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._text = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text")
                }

                public required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._text = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text")
                }

                public required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "notes")
                }

                public var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                public func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "notes")
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _text
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _text
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                public func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text"))
                    _$state.withLock {
                        if let v0 {
                            _text = v0
                        }
                    }
                }

                public func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text"))
                    _$state.withLock {
                        if let v0 {
                            _text = v0
                        }
                    }
                }

                public func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _text
                        if let value, let typed = value as? String {
                            _text = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                public var _$relatedObjects: [any ORMCore.Model] {
                    []
                }
            }

            extension Note: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testOptionalsWithoutInitializer() {
        assertMacroExpansion(
            """
            @Model
            final class Profile {
                var nickname: String?
                var score: Optional<Double>
                var rating: Int? = 3
            }
            """,
            expandedSource: """
            final class Profile {
                var nickname: String? {
                    @storageRestrictions(initializes: _nickname)
                    init(initialValue) {
                        _nickname = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _nickname
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _nickname
                        } assign: {
                            _nickname = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _nickname: String? = nil
                var score: Optional<Double> {
                    @storageRestrictions(initializes: _score)
                    init(initialValue) {
                        _score = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _score
                        }
                    }
                    set {
                        _$state.write(self, column: 1, newValue, ORMCore._ColumnCoding.isSame) {
                            _score
                        } assign: {
                            _score = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _score: Optional<Double> = nil
                var rating: Int? {
                    @storageRestrictions(initializes: _rating)
                    init(initialValue) {
                        _rating = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _rating
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMCore._ColumnCoding.isSame) {
                            _rating
                        } assign: {
                            _rating = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _rating: Int? = 3

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Profile", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Profile",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("nickname", String?.self, default: nil),
                        ORMCore._ColumnCoding.column("score", Optional<Double>.self, default: nil),
                        ORMCore._ColumnCoding.column("rating", Int?.self, default: 3),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._nickname = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname")
                    self._score = try ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score")
                    self._rating = try ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._nickname = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname")
                    self._score = try ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score")
                    self._rating = try ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Profile")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Profile")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String?? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname"))
                    let v1: Optional<Double>? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score"))
                    let v2: Int?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating"))
                    _$state.withLock {
                        if let v0 {
                            _nickname = v0
                        }
                        if let v1 {
                            _score = v1
                        }
                        if let v2 {
                            _rating = v2
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String?? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname"))
                    let v1: Optional<Double>? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score"))
                    let v2: Int?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating"))
                    _$state.withLock {
                        if let v0 {
                            _nickname = v0
                        }
                        if let v1 {
                            _score = v1
                        }
                        if let v2 {
                            _rating = v2
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String? = _nickname
                        if let value, let typed = value as? String? {
                            _nickname = typed
                        }
                        return old
                    case 1:
                        let old: Optional<Double> = _score
                        if let value, let typed = value as? Optional<Double> {
                            _score = typed
                        }
                        return old
                    case 2:
                        let old: Int? = _rating
                        if let value, let typed = value as? Int? {
                            _rating = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
                    }
                    return [ORMCore._ColumnCoding.related(values.0), ORMCore._ColumnCoding.related(values.1), ORMCore._ColumnCoding.related(values.2)].compactMap {
                        $0
                    }
                }

                init() {
                }
            }

            extension Profile: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testCodableArrayAndEnumProperties() {
        assertMacroExpansion(
            """
            @Model
            final class Settings {
                var tags: [String] = []
                var limits: [String: Int] = [:]
                var address: Address = Address(street: "", zip: 0)
                var mood: Mood = .happy
                var previous: Mood?
            }
            """,
            expandedSource: """
            final class Settings {
                var tags: [String] {
                    @storageRestrictions(initializes: _tags)
                    init(initialValue) {
                        _tags = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _tags
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _tags
                        } assign: {
                            _tags = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _tags: [String] = []
                var limits: [String: Int] {
                    @storageRestrictions(initializes: _limits)
                    init(initialValue) {
                        _limits = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _limits
                        }
                    }
                    set {
                        _$state.write(self, column: 1, newValue, ORMCore._ColumnCoding.isSame) {
                            _limits
                        } assign: {
                            _limits = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _limits: [String: Int] = [:]
                var address: Address {
                    @storageRestrictions(initializes: _address)
                    init(initialValue) {
                        _address = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _address
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMCore._ColumnCoding.isSame) {
                            _address
                        } assign: {
                            _address = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _address: Address = Address(street: "", zip: 0)
                var mood: Mood {
                    @storageRestrictions(initializes: _mood)
                    init(initialValue) {
                        _mood = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _mood
                        }
                    }
                    set {
                        _$state.write(self, column: 3, newValue, ORMCore._ColumnCoding.isSame) {
                            _mood
                        } assign: {
                            _mood = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _mood: Mood = .happy
                var previous: Mood? {
                    @storageRestrictions(initializes: _previous)
                    init(initialValue) {
                        _previous = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _previous
                        }
                    }
                    set {
                        _$state.write(self, column: 4, newValue, ORMCore._ColumnCoding.isSame) {
                            _previous
                        } assign: {
                            _previous = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _previous: Mood? = nil

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Settings", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Settings",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("tags", [String].self, default: []),
                        ORMCore._ColumnCoding.column("limits", [String: Int].self, default: [:]),
                        ORMCore._ColumnCoding.column("address", Address.self, default: Address(street: "", zip: 0)),
                        ORMCore._ColumnCoding.column("mood", Mood.self, default: .happy),
                        ORMCore._ColumnCoding.column("previous", Mood?.self, default: nil),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._tags = try ORMCore._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags")
                    self._limits = try ORMCore._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits")
                    self._address = try ORMCore._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address")
                    self._mood = try ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood")
                    self._previous = try ORMCore._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._tags = try ORMCore._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags")
                    self._limits = try ORMCore._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits")
                    self._address = try ORMCore._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address")
                    self._mood = try ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood")
                    self._previous = try ORMCore._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Settings")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Settings")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_tags, _limits, _address, _mood, _previous)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(3) {
                        try ORMCore._ColumnCoding.bind(values.3, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(4) {
                        try ORMCore._ColumnCoding.bind(values.4, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_tags, _limits, _address, _mood, _previous)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(3) {
                        try ORMCore._ColumnCoding.bind(values.3, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(4) {
                        try ORMCore._ColumnCoding.bind(values.4, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: [String]? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags"))
                    let v1: [String: Int]? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits"))
                    let v2: Address? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address"))
                    let v3: Mood? = try keeping.contains(3) ? nil : .some(ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood"))
                    let v4: Mood?? = try keeping.contains(4) ? nil : .some(ORMCore._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous"))
                    _$state.withLock {
                        if let v0 {
                            _tags = v0
                        }
                        if let v1 {
                            _limits = v1
                        }
                        if let v2 {
                            _address = v2
                        }
                        if let v3 {
                            _mood = v3
                        }
                        if let v4 {
                            _previous = v4
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: [String]? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags"))
                    let v1: [String: Int]? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits"))
                    let v2: Address? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address"))
                    let v3: Mood? = try keeping.contains(3) ? nil : .some(ORMCore._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood"))
                    let v4: Mood?? = try keeping.contains(4) ? nil : .some(ORMCore._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous"))
                    _$state.withLock {
                        if let v0 {
                            _tags = v0
                        }
                        if let v1 {
                            _limits = v1
                        }
                        if let v2 {
                            _address = v2
                        }
                        if let v3 {
                            _mood = v3
                        }
                        if let v4 {
                            _previous = v4
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: [String] = _tags
                        if let value, let typed = value as? [String] {
                            _tags = typed
                        }
                        return old
                    case 1:
                        let old: [String: Int] = _limits
                        if let value, let typed = value as? [String: Int] {
                            _limits = typed
                        }
                        return old
                    case 2:
                        let old: Address = _address
                        if let value, let typed = value as? Address {
                            _address = typed
                        }
                        return old
                    case 3:
                        let old: Mood = _mood
                        if let value, let typed = value as? Mood {
                            _mood = typed
                        }
                        return old
                    case 4:
                        let old: Mood? = _previous
                        if let value, let typed = value as? Mood? {
                            _previous = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    let values = _$state.withLock {
                        _previous
                    }
                    return [ORMCore._ColumnCoding.related(values)].compactMap {
                        $0
                    }
                }

                init() {
                }
            }

            extension Settings: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testRelationships() {
        assertMacroExpansion(
            """
            @Model
            final class Employee {
                var name: String = ""
                var department: Department?
                var manager: Employee?
            }
            """,
            expandedSource: """
            final class Employee {
                var name: String {
                    @storageRestrictions(initializes: _name)
                    init(initialValue) {
                        _name = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _name
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _name
                        } assign: {
                            _name = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _name: String = ""
                var department: Department? {
                    @storageRestrictions(initializes: _department)
                    init(initialValue) {
                        _department = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _department
                        }
                    }
                    set {
                        _$state.write(self, column: 1, newValue, ORMCore._ColumnCoding.isSame) {
                            _department
                        } assign: {
                            _department = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _department: Department? = nil
                var manager: Employee? {
                    @storageRestrictions(initializes: _manager)
                    init(initialValue) {
                        _manager = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _manager
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMCore._ColumnCoding.isSame) {
                            _manager
                        } assign: {
                            _manager = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _manager: Employee? = nil

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Employee", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Employee",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("name", String.self, default: ""),
                        ORMCore._ColumnCoding.column("department", Department?.self, default: nil),
                        ORMCore._ColumnCoding.column("manager", Employee?.self, default: nil),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                    self._department = try ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department")
                    self._manager = try ORMCore._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                    self._department = try ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department")
                    self._manager = try ORMCore._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Employee")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Employee")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_name, _department, _manager)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_name, _department, _manager)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    let v1: Department?? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department"))
                    let v2: Employee?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                        if let v1 {
                            _department = v1
                        }
                        if let v2 {
                            _manager = v2
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    let v1: Department?? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department"))
                    let v2: Employee?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                        if let v1 {
                            _department = v1
                        }
                        if let v2 {
                            _manager = v2
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _name
                        if let value, let typed = value as? String {
                            _name = typed
                        }
                        return old
                    case 1:
                        let old: Department? = _department
                        if let value, let typed = value as? Department? {
                            _department = typed
                        }
                        return old
                    case 2:
                        let old: Employee? = _manager
                        if let value, let typed = value as? Employee? {
                            _manager = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    let values = _$state.withLock {
                        (_department, _manager)
                    }
                    return [ORMCore._ColumnCoding.related(values.0), ORMCore._ColumnCoding.related(values.1)].compactMap {
                        $0
                    }
                }

                init() {
                }
            }

            extension Employee: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testTransientAndColumnOptions() {
        assertMacroExpansion(
            """
            @Model
            final class Account {
                @Column(name: "full_name", formerNames: ["name", "fullname"], indexed: true, unique: true)
                var fullName: String = ""
                @Column(unique: true) var email: String?
                @Transient var cache: [String: Int] = [:]
                @Transient var note: String?
            }
            """,
            expandedSource: """

            final class Account {
                var fullName: String {
                    @storageRestrictions(initializes: _fullName)
                    init(initialValue) {
                        _fullName = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _fullName
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _fullName
                        } assign: {
                            _fullName = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _fullName: String = ""
                var email: String? {
                    @storageRestrictions(initializes: _email)
                    init(initialValue) {
                        _email = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _email
                        }
                    }
                    set {
                        _$state.write(self, column: 1, newValue, ORMCore._ColumnCoding.isSame) {
                            _email
                        } assign: {
                            _email = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _email: String? = nil
                var cache: [String: Int] {
                    @storageRestrictions(initializes: _cache)
                    init(initialValue) {
                        _cache = initialValue
                    }
                    get {
                        _$state.withLock {
                            _cache
                        }
                    }
                    set {
                        _$state.withLock {
                            _cache = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _cache: [String: Int] = [:]
                var note: String? {
                    @storageRestrictions(initializes: _note)
                    init(initialValue) {
                        _note = initialValue
                    }
                    get {
                        _$state.withLock {
                            _note
                        }
                    }
                    set {
                        _$state.withLock {
                            _note = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _note: String? = nil

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Account", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Account",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("full_name", String.self, default: "", formerNames: ["name", "fullname"], indexed: true, unique: true),
                        ORMCore._ColumnCoding.column("email", String?.self, default: nil, unique: true),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._fullName = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name")
                    self._email = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._fullName = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name")
                    self._email = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Account")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Account")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_fullName, _email)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_fullName, _email)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name"))
                    let v1: String?? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email"))
                    _$state.withLock {
                        if let v0 {
                            _fullName = v0
                        }
                        if let v1 {
                            _email = v1
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name"))
                    let v1: String?? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email"))
                    _$state.withLock {
                        if let v0 {
                            _fullName = v0
                        }
                        if let v1 {
                            _email = v1
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _fullName
                        if let value, let typed = value as? String {
                            _fullName = typed
                        }
                        return old
                    case 1:
                        let old: String? = _email
                        if let value, let typed = value as? String? {
                            _email = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    let values = _$state.withLock {
                        _email
                    }
                    return [ORMCore._ColumnCoding.related(values)].compactMap {
                        $0
                    }
                }

                init() {
                }

                private func _$checkSendable() {
                    ORMCore._modelPropertyMustBeSendable(self.cache)
                    ORMCore._modelPropertyMustBeSendable(self.note)
                }
            }

            extension Account: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testNonPersistedMembersAreSkipped() {
        assertMacroExpansion(
            """
            @Model
            final class Counter {
                var value: Int = 0
                let step = 1
                static var shared = 0
                class var kind: String { "counter" }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                    set { value = newValue / 3 }
                }
                func reset() { value = 0 }
            }
            """,
            expandedSource: """
            final class Counter {
                var value: Int {
                    @storageRestrictions(initializes: _value)
                    init(initialValue) {
                        _value = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _value
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _value
                        } assign: {
                            _value = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _value: Int = 0
                let step = 1
                static var shared = 0
                class var kind: String { "counter" }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                    set { value = newValue / 3 }
                }
                func reset() { value = 0 }

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Counter", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Counter",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("value", Int.self, default: 0),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._value = try ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._value = try ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Counter")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Counter")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _value
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _value
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value"))
                    _$state.withLock {
                        if let v0 {
                            _value = v0
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value"))
                    _$state.withLock {
                        if let v0 {
                            _value = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: Int = _value
                        if let value, let typed = value as? Int {
                            _value = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                init() {
                }

                private func _$checkSendable() {
                    ORMCore._modelPropertyMustBeSendable(self.step)
                }
            }

            extension Counter: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testPrimaryKeyStrategyArgument() {
        assertMacroExpansion(
            """
            @Model(primaryKey: .autoincrement)
            final class Event {
                var title: String = ""
            }
            """,
            expandedSource: """
            final class Event {
                var title: String {
                    @storageRestrictions(initializes: _title)
                    init(initialValue) {
                        _title = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _title
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _title
                        } assign: {
                            _title = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _title: String = ""

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Event", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .autoincrement))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Event",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .autoincrement),
                    columns: [
                        ORMCore._ColumnCoding.column("title", String.self, default: ""),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._title = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "title")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._title = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "title")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Event")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Event")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _title
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _title
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "title"))
                    _$state.withLock {
                        if let v0 {
                            _title = v0
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "title"))
                    _$state.withLock {
                        if let v0 {
                            _title = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _title
                        if let value, let typed = value as? String {
                            _title = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                init() {
                }
            }

            extension Event: ORMCore.Model, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testDeclaredSendableIsNotRepeated() {
        assertMacroExpansion(
            """
            @Model
            final class Flag: @unchecked Sendable {
                var on: Bool = false
            }
            """,
            expandedSource: """
            final class Flag: @unchecked Sendable {
                var on: Bool {
                    @storageRestrictions(initializes: _on)
                    init(initialValue) {
                        _on = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _on
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _on
                        } assign: {
                            _on = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _on: Bool = false

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                var id: Int64 {
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Flag", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Flag",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("on", Bool.self, default: false),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._on = try ORMCore._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._on = try ORMCore._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Flag")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Flag")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _on
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _on
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: Bool? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on"))
                    _$state.withLock {
                        if let v0 {
                            _on = v0
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: Bool? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on"))
                    _$state.withLock {
                        if let v0 {
                            _on = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: Bool = _on
                        if let value, let typed = value as? Bool {
                            _on = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                init() {
                }
            }

            extension Flag: ORMCore.Model {
            }
            """,
            macroSpecs: ormMacros)
    }
}
