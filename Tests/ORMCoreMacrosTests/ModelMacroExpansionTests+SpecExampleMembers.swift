import XCTest

extension ModelMacroExpansionTests {
    /// The spec example's expansion, second part: the members `@Model` adds to the class, and the
    /// extension declaring its conformances.
    static let specExampleMembers = """

        @exclusivity(unchecked) public var _$stateFields = ORMShared._ModelState.Fields()

        public let _$state = ORMShared._ModelState()

        public func _$withStateFields<R>(_ body: (inout ORMShared._ModelState.Fields) throws -> R) rethrows -> R {
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

        public static var modelSchema: ORMShared.ModelSchema {
            _$schema
        }

        public static var _$tableAndKey: (table: String, primaryKey: ORMShared.PrimaryKey) {
            ("people", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
        }

        private static let _$schema = ORMShared.ModelSchema(
            table: "people",
            formerTableNames: ["Persons"],
            primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
            columns: [
                ORMShared._ColumnCoding.column("name", String.self, default: ""),
                ORMShared._ColumnCoding.column("age", Int.self, default: 0, formerNames: ["years"], indexed: true),
                ORMShared._ColumnCoding.column("email", String?.self, default: nil),
                ORMShared._ColumnCoding.column("department", Department?.self, default: nil),
                ORMShared._ColumnCoding.column("tags", [String].self, default: []),
                ORMShared._ColumnCoding.column("mood", Mood.self, default: .happy),
            ],
            indexes: [Index("name", "age")]
        )

        public required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
            self._$stateFields.enterDecoded(from: row, key: key)
            self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
            self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
            self._age = try ORMShared._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age")
            self._email = try ORMShared._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email")
            self._department = try ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department")
            self._tags = try ORMShared._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags")
            self._mood = try ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood")
        }

        public required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
            self._$stateFields.enterDecoded(from: row, key: key)
            self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
            self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
            self._age = try ORMShared._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age")
            self._email = try ORMShared._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email")
            self._department = try ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department")
            self._tags = try ORMShared._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags")
            self._mood = try ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood")
        }

        public required init(_$faultKey key: ORMShared.SQLValue) throws {
            self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "people")
        }

        public var _$primaryKeyHoldingLock: ORMShared.SQLValue {
            ORMShared._ColumnCoding.keyValue(_id)
        }

        public func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
            _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "people")
        }

        public func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
            let values = _$state.withLock {
                (_name, _age, _email, _department, _tags, _mood)
            }
            var index = start
            if columns.contains(0) {
                try ORMShared._ColumnCoding.bind(values.0, to: statement, at: index)
                index += 1
            }
            if columns.contains(1) {
                try ORMShared._ColumnCoding.bind(values.1, to: statement, at: index)
                index += 1
            }
            if columns.contains(2) {
                try ORMShared._ColumnCoding.bind(values.2, to: statement, at: index)
                index += 1
            }
            if columns.contains(3) {
                try ORMShared._ColumnCoding.bind(values.3, to: statement, at: index)
                index += 1
            }
            if columns.contains(4) {
                try ORMShared._ColumnCoding.bind(values.4, to: statement, at: index)
                index += 1
            }
            if columns.contains(5) {
                try ORMShared._ColumnCoding.bind(values.5, to: statement, at: index)
            }
        }

        public func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
            let values = _$state.withLock {
                (_name, _age, _email, _department, _tags, _mood)
            }
            var index = start
            if columns.contains(0) {
                try ORMShared._ColumnCoding.bind(values.0, to: binder, at: index)
                index += 1
            }
            if columns.contains(1) {
                try ORMShared._ColumnCoding.bind(values.1, to: binder, at: index)
                index += 1
            }
            if columns.contains(2) {
                try ORMShared._ColumnCoding.bind(values.2, to: binder, at: index)
                index += 1
            }
            if columns.contains(3) {
                try ORMShared._ColumnCoding.bind(values.3, to: binder, at: index)
                index += 1
            }
            if columns.contains(4) {
                try ORMShared._ColumnCoding.bind(values.4, to: binder, at: index)
                index += 1
            }
            if columns.contains(5) {
                try ORMShared._ColumnCoding.bind(values.5, to: binder, at: index)
            }
        }

        public func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
            let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
            let v1: Int? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age"))
            let v2: String?? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email"))
            let v3: Department?? = try keeping.contains(3) ? nil : .some(ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department"))
            let v4: [String]? = try keeping.contains(4) ? nil : .some(ORMShared._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags"))
            let v5: Mood? = try keeping.contains(5) ? nil : .some(ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood"))
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

        public func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
            let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
            let v1: Int? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(Int.self, from: row, at: 2, column: "age"))
            let v2: String?? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(String?.self, from: row, at: 3, column: "email"))
            let v3: Department?? = try keeping.contains(3) ? nil : .some(ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 4, column: "department"))
            let v4: [String]? = try keeping.contains(4) ? nil : .some(ORMShared._ColumnCoding.decode([String].self, from: row, at: 5, column: "tags"))
            let v5: Mood? = try keeping.contains(5) ? nil : .some(ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 6, column: "mood"))
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

        public var _$relatedObjects: [any ORMShared.Model] {
            let values = _$state.withLock {
                (_email, _department)
            }
            return [ORMShared._ColumnCoding.related(values.0), ORMShared._ColumnCoding.related(values.1)].compactMap {
                $0
            }
        }

        private func _$checkSendable() {
            ORMSQLite._modelPropertyMustBeSendable(self.scratch)
            ORMSQLite._modelPropertyMustBeSendable(self.constant)
        }
    }

    extension Person: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
    }
    """
}
