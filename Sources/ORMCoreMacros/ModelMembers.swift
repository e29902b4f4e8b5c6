import SwiftSyntax
import SwiftSyntaxBuilder

/// The members `@Model` adds to a class, as the ORMCore runtime expects them (see `Model`).
///
/// Row layout: position 0 holds the key, position `N + 1` holds column `N`.
struct ModelMembers {
    private let model: ModelAnalysis
    /// The modifier for generated members that the runtime reaches.
    private let access: String
    private let key: (name: String, column: String, type: String, storage: String)

    /// The members of `model`.
    init(_ model: ModelAnalysis) {
        self.model = model
        self.access = model.access
        self.key = model.key
    }

    /// Every generated member, in a stable order.
    var declarations: [DeclSyntax] {
        // The bookkeeping (28 bytes) before the lock (4): the lock fills the bookkeeping's last word
        // rather than padding a word of its own (32 bytes an object).
        var sources = [
            "@exclusivity(unchecked) \(access)var _$stateFields = ORMShared._ModelState.Fields()",
            "\(access)let _$state = ORMShared._ModelState()",
            withStateFields,
        ]
        if !model.declaresDeinit { sources.append(deinitializer) }
        if model.declaredKey == nil { sources += generatedKey }
        sources += [
            "\(access)static var modelSchema: ORMShared.ModelSchema {\n    _$schema\n}",
            tableAndKey, schema, rowInitializer, valuesInitializer, faultInitializer, primaryKey, setPrimaryKey,
            bindColumns, bindValues, apply, applyValues,
            columnValue, relatedObjects,
        ]
        if model.isObservable { sources += [observationRegistrar, observedColumnsDidChange, replaceColumns] }
        if !model.declaresInitializer { sources.append("\(access)init() {\n}") }
        if !model.sendableValues.isEmpty { sources.append(checkSendable) }
        return sources.map { DeclSyntax(stringLiteral: $0) }
    }

    // MARK: - State

    /// The lock and the bookkeeping are stored in the object (one allocation); the runtime reaches the
    /// bookkeeping through this, under the lock.
    private var withStateFields: String {
        """
        \(access)func _$withStateFields<R>(_ body: (inout ORMShared._ModelState.Fields) throws -> R) rethrows -> R {
            try _$state.withLock { try body(&_$stateFields) }
        }
        """
    }

    /// Takes the dying object out of the identity map before its memory is freed. A class that
    /// declares its own `deinit` must make this call itself (`ModelDiagnostic.deinitWithoutHook`).
    private var deinitializer: String {
        "deinit {\n    \(ModelMembers.deinitHook)\n}"
    }

    /// The statement a `deinit` of a model class must run.
    static let deinitHook = "_$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))"

    // MARK: - Key and schema

    private var generatedKey: [String] {
        [
            """
            \(access)var id: Int64 {
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
            """,
            "@exclusivity(unchecked) private var _id: Int64 = 0",
        ]
    }

    private var primaryKeyDescription: String {
        "ORMShared.PrimaryKey(name: \(key.column), type: \(key.type).columnType, strategy: \(model.strategy))"
    }

    /// Read by other models' relationship columns; it must not touch `modelSchema`, whose initialiser
    /// reads the relationship targets' `_$tableAndKey` (a model may refer to itself).
    private var tableAndKey: String {
        """
        \(access)static var _$tableAndKey: (table: String, primaryKey: ORMShared.PrimaryKey) {
            (\(model.table), \(primaryKeyDescription))
        }
        """
    }

    private var schema: String {
        var arguments = ["table: \(model.table)"]
        if let formerNames = model.formerNames { arguments.append("formerTableNames: \(formerNames)") }
        arguments.append("primaryKey: \(primaryKeyDescription)")
        if model.columns.isEmpty {
            arguments.append("columns: []")
        } else {
            let columns = model.columns.map { "        \(columnDescription($0))," }
            arguments.append("columns: [\n\(columns.joined(separator: "\n"))\n    ]")
        }
        if let indexes = model.indexes { arguments.append("indexes: \(indexes)") }
        return "private static let _$schema = ORMShared.ModelSchema(\n    \(arguments.joined(separator: ",\n    "))\n)"
    }

    private func columnDescription(_ property: PersistedProperty) -> String {
        var arguments = [property.columnName, "\(property.typeText).self", "default: \(property.defaultText)"]
        if let formerNames = property.formerNames { arguments.append("formerNames: \(formerNames)") }
        if let indexed = property.indexed { arguments.append("indexed: \(indexed)") }
        if let unique = property.unique { arguments.append("unique: \(unique)") }
        return "ORMShared._ColumnCoding.column(\(arguments.joined(separator: ", ")))"
    }

    // MARK: - Initialisers

    /// The initialiser SQLite's fetches call, reading columns in place from its statement.
    private var rowInitializer: String {
        initializer("\(access)required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws")
    }

    /// The same for other drivers' rows, read through their `_RowReader` (the same body: the
    /// decoding calls resolve to the `_ValueRow` overloads).
    private var valuesInitializer: String {
        initializer("\(access)required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws")
    }

    /// The bookkeeping is written first, next to the initial values every designated initialiser
    /// stores before its body: the compiler then sees what it overwrites (no database, a `.null`
    /// key) and stores it once, releasing nothing. Should a column then fail to decode, the object
    /// dies unseen: the map never entered it, and its `deinit` finds no entry of its own to remove.
    private func initializer(_ signature: String) -> String {
        var lines = [
            "self._$stateFields.enterDecoded(from: row, key: key)",
            "self.\(key.storage) = try ORMShared._ColumnCoding.decodeKey(\(key.type).self, key, from: row, column: \(key.column))",
        ]
        for (index, property) in model.columns.enumerated() {
            lines.append("self.\(property.storage) = try \(decode(property, at: index))")
        }
        return body(signature, lines)
    }

    private var faultInitializer: String {
        body(
            "\(access)required init(_$faultKey key: ORMShared.SQLValue) throws",
            ["self.\(key.storage) = try \(keyFromValue)"])
    }

    private var keyFromValue: String {
        "ORMShared._ColumnCoding.keyFromValue(\(key.type).self, key, entity: \(model.table))"
    }

    private func decode(_ property: PersistedProperty, at index: Int) -> String {
        "ORMShared._ColumnCoding.decode(\(property.typeText).self, from: row, at: \(index + 1), column: \(property.columnName))"
    }

    // MARK: - Key access

    /// Read by the runtime while it holds the object's lock (inside `_$withStateFields`), so that one
    /// lock covers the key and the bookkeeping.
    private var primaryKey: String {
        """
        \(access)var _$primaryKeyHoldingLock: ORMShared.SQLValue {
            ORMShared._ColumnCoding.keyValue(\(key.storage))
        }
        """
    }

    /// Called by the runtime while it holds the object's lock; throws, changing nothing, when the value
    /// does not fit the key's type.
    private var setPrimaryKey: String {
        """
        \(access)func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
            \(key.storage) = try \(keyFromValue)
        }
        """
    }

    // MARK: - Columns

    /// Binding for SQLite's statement: each value's bind inlined to one SQLite call.
    private var bindColumns: String {
        bindColumns(to: "statement", "ORMSQLite._Statement")
    }

    /// Binding for other drivers, to their `_ValueBinder` (chosen once per statement, by the caller).
    private var bindValues: String {
        bindColumns(to: "binder", "some ORMShared._ValueBinder")
    }

    private func bindColumns(to binder: String, _ binderType: String) -> String {
        let signature =
            "\(access)func _$bindColumns(_ columns: ORMShared._ColumnSet, to \(binder): \(binderType), startingAt start: Int32) throws"
        let columns = model.columns
        switch columns.count {
        case 0:
            return body(signature, [])
        case 1:
            return body(
                signature,
                snapshot(columns) + [
                    "if columns.contains(0) {",
                    "    try ORMShared._ColumnCoding.bind(values, to: \(binder), at: start)",
                    "}",
                ])
        default:
            var lines = snapshot(columns) + ["var index = start"]
            for index in columns.indices {
                lines.append("if columns.contains(\(index)) {")
                lines.append("    try ORMShared._ColumnCoding.bind(values.\(index), to: \(binder), at: index)")
                // The last increment would never be read.
                if index < columns.count - 1 { lines.append("    index += 1") }
                lines.append("}")
            }
            return body(signature, lines)
        }
    }

    private var apply: String {
        apply(row: "ORMSQLite._StatementRow")
    }

    private var applyValues: String {
        apply(row: "ORMShared._ValueRow")
    }

    /// An observable class's `_$apply` also collects the columns whose values it changed, and
    /// tells the observers of those after the lock.
    private func apply(row rowType: String) -> String {
        let signature = "\(access)func _$apply(_ row: \(rowType), keeping: ORMShared._ColumnSet) throws"
        if model.columns.isEmpty { return body(signature, []) }
        var lines: [String] = []
        for (index, property) in model.columns.enumerated() {
            // `.some(…)`: a bare decode of an optional column would make the kept branch's `nil`
            // a `.some(nil)`, and a kept unsaved change would be overwritten with nil.
            lines.append(
                "let v\(index): \(property.optionalTypeText) = try keeping.contains(\(index)) ? nil : .some("
                    + decode(property, at: index) + ")")
        }
        if model.isObservable { lines.append("var changed = ORMShared._ColumnSet()") }
        lines.append("_$state.withLock {")
        for (index, property) in model.columns.enumerated() {
            lines.append("    if let v\(index) {")
            if model.isObservable {
                lines += [
                    "        if !ORMShared._ColumnCoding.isSame(\(property.storage), v\(index)) {",
                    "            changed.insert(\(index))", "        }",
                ]
            }
            lines += ["        \(property.storage) = v\(index)", "    }"]
        }
        lines.append("}")
        if model.isObservable { lines.append("_$observedColumnsDidChange(changed)") }
        return body(signature, lines)
    }

    /// A column's value boxed, and stored from a box (rollbacks and `revert()` put values back
    /// through it); called under the object's lock.
    private var columnValue: String {
        let signature =
            "\(access)func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable"
        if model.columns.isEmpty { return body(signature, ["()"]) }
        var lines = ["switch column {"]
        for (index, property) in model.columns.enumerated() {
            lines += [
                "case \(index):",
                "    let old: \(property.typeText) = \(property.storage)",
                "    if let value, let typed = value as? \(property.typeText) {",
                "        \(property.storage) = typed",
                "    }",
                "    return old",
            ]
        }
        lines += ["default:", "    return ()", "}"]
        return body(signature, lines)
    }

    /// Only optional columns can hold a related model (relationship columns are `T?`).
    private var relatedObjects: String {
        let signature = "\(access)var _$relatedObjects: [any ORMShared.Model]"
        let candidates = model.columns.filter(\.isOptional)
        switch candidates.count {
        case 0:
            return body(signature, ["[]"])
        case 1:
            return body(
                signature, snapshot(candidates) + ["return [ORMShared._ColumnCoding.related(values)].compactMap {", "    $0", "}"])
        default:
            let related = candidates.indices.map { "ORMShared._ColumnCoding.related(values.\($0))" }
            return body(
                signature,
                snapshot(candidates) + ["return [\(related.joined(separator: ", "))].compactMap {", "    $0", "}"])
        }
    }

    /// `let values = _$state.withLock { … }`: one value, or a tuple of several.
    private func snapshot(_ properties: [PersistedProperty]) -> [String] {
        let storage = properties.map(\.storage)
        let value = storage.count == 1 ? storage[0] : "(\(storage.joined(separator: ", ")))"
        return ["let values = _$state.withLock {", "    \(value)", "}"]
    }

    // MARK: - Observation

    /// The registrar of a class declared `Observable`: the properties tell it of their reads and
    /// changes, which `withObservationTracking` (and SwiftUI) follow.
    private var observationRegistrar: String {
        "private let _$observationRegistrar = ORMShared._ObservationRegistrar()"
    }

    /// Tells the registrar that the properties of `columns` changed (a refresh, a rollback, or a row
    /// another commit changed): called by the runtime outside the object's lock.
    private var observedColumnsDidChange: String {
        let signature = "\(access)func _$observedColumnsDidChange(_ columns: ORMShared._ColumnSet)"
        var lines: [String] = []
        for (index, property) in model.columns.enumerated() {
            lines += [
                "if columns.contains(\(index)) {",
                "    _$observationRegistrar.willSet(self, keyPath: \\.\(property.name))",
                "    _$observationRegistrar.didSet(self, keyPath: \\.\(property.name))",
                "}",
            ]
        }
        return body(signature, lines)
    }

    /// Stores a just-decoded object's values in the columns not kept, comparing each (a fetch that
    /// finds a live object's row unchanged tells no observer), under the caller's lock.
    private var replaceColumns: String {
        let signature =
            "\(access)func _$replaceColumns(from decoded: any ORMShared.Model, keeping: ORMShared._ColumnSet) -> ORMShared._ColumnSet"
        var lines = [
            "var changed = ORMShared._ColumnSet()",
            "guard let decoded = decoded as? \(model.typeName) else {", "    return changed", "}",
        ]
        for (index, property) in model.columns.enumerated() {
            lines += [
                "if !keeping.contains(\(index)) {",
                "    if !ORMShared._ColumnCoding.isSame(\(property.storage), decoded.\(property.storage)) {",
                "        changed.insert(\(index))", "    }",
                "    \(property.storage) = decoded.\(property.storage)",
                "}",
            ]
        }
        lines.append("return changed")
        return body(signature, lines)
    }

    // MARK: - Sendable values

    /// Never called: it makes the compiler check that every `let` and `@Transient var` holds a
    /// `Sendable` value, which the class's `@unchecked Sendable` would otherwise let through (a
    /// `let` of a mutable class shared by every thread that holds the object, say).
    private var checkSendable: String {
        body(
            "private func _$checkSendable()",
            model.sendableValues.map { "ORMSQLite._modelPropertyMustBeSendable(self.\($0))" })
    }

    private func body(_ signature: String, _ lines: [String]) -> String {
        (["\(signature) {"] + lines.map { "    " + $0 } + ["}"]).joined(separator: "\n")
    }
}
