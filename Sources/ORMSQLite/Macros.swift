import ORMShared

#if Macros
/// Makes a class a persisted model: every stored `var` with a type annotation becomes a column of a
/// table named after the class, created and migrated on first use.
///
/// ```swift
/// @Model(table: "people", formerNames: ["Persons"], indexes: [Index("lastName", "firstName")])
/// final class Person {
///     var firstName: String = ""
///     var lastName: String = ""
///     @Column(formerNames: ["mail"], unique: true) var email: String?
///     var department: Department?
///     @Transient var cache: [String: Int] = [:]
/// }
/// ```
///
/// - Parameters:
///   - table: the table name (the class name by default).
///   - formerNames: names the table had before; a table found under one is renamed.
///   - primaryKey: how integer keys are made when the class declares none or an integer `id`: by
///     default the rowid SQLite assigns (ascending, in insertion order); `.randomInteger` for
///     FCModel's random keys, `.autoincrement` for keys never reused.
///   - indexes: indexes over one or more columns.
///
/// The object's lock and persistence bookkeeping are stored in it (`_$state`, `_$stateFields`), and a
/// generated `deinit` takes it out of the identity map as it dies. A class that declares its own
/// `deinit` must call `_$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))` in it (the
/// macro reports an error otherwise).
///
/// The class is made `Sendable` (`@unchecked`: the compiler cannot see the lock that guards every
/// stored `var`), so the macro refuses what that lock cannot guard: a `lazy var` (initialised on
/// first access, outside the lock), a `weak` or `unowned` stored property, and a `@Transient var`
/// without a type or with observers. The values of `let`s and `@Transient var`s must be `Sendable`,
/// which the compiler checks ("requires that 'T' conform to 'Sendable'" on
/// `_modelPropertyMustBeSendable`).
@attached(
    member,
    names: named(_$state), named(_$stateFields), named(_$withStateFields), named(deinit), named(modelSchema), named(init), named(_$primaryKeyHoldingLock), named(_$setPrimaryKeyHoldingLock),
    named(_$bindColumns), named(_$apply), named(_$columnValue), named(_$relatedObjects), named(id), named(_id), named(_$schema),
    named(_$tableAndKey), named(_$checkSendable), named(_$observationRegistrar), named(_$observedColumnsDidChange),
    named(_$replaceColumns)
)
@attached(memberAttribute)
@attached(extension, conformances: Model, _SQLiteRowModel, Sendable)
public macro Model(
    table: String? = nil, formerNames: [String] = [], primaryKey: PrimaryKey.Strategy = .rowID,
    indexes: [IndexDefinition] = []
) = #externalMacro(module: "ORMCoreMacros", type: "ModelMacro")

/// Routes a persisted property through the object's state (lock, change tracking, faulting).
/// `@Model` attaches it; do not write it by hand.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _PersistedProperty(column: Int, observed: Bool = false) = #externalMacro(module: "ORMCoreMacros", type: "PersistedPropertyMacro")

/// Routes the primary-key property through the object's state. `@Model` attaches it.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _PersistedKey() = #externalMacro(module: "ORMCoreMacros", type: "PersistedKeyMacro")

/// Routes a `@Transient var` through the object's lock. `@Model` attaches it; do not write it by hand.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _TransientProperty(observed: Bool = false) = #externalMacro(module: "ORMCoreMacros", type: "TransientPropertyMacro")

/// Excludes a stored property from persistence. The property still lives in the object, which
/// threads share: `@Model` routes its reads and writes through the object's lock, so it needs an
/// explicit type and a `Sendable` value, and cannot have `willSet`/`didSet` observers.
@attached(peer)
public macro Transient() = #externalMacro(module: "ORMCoreMacros", type: "MarkerMacro")

/// Column options for a persisted property.
///
/// - Parameters:
///   - name: the column name (the property name by default).
///   - formerNames: names the column had before; a column found under one is renamed.
///   - indexed: add a single-column index.
///   - unique: values must be unique (a unique index).
@attached(peer)
public macro Column(name: String? = nil, formerNames: [String] = [], indexed: Bool = false, unique: Bool = false) =
    #externalMacro(module: "ORMCoreMacros", type: "MarkerMacro")

/// Marks the property that is the primary key (otherwise a property named `id`, else a generated
/// `id: Int64`). `String` and `UUID` keys are provided by the object.
@attached(peer)
public macro Key() = #externalMacro(module: "ORMCoreMacros", type: "MarkerMacro")

/// Part of the macro's contract: `@Model` generates a call for each `let` and `@Transient var` of a
/// model, never run, so that the compiler refuses a value that is not `Sendable`.
@inlinable
public func _modelPropertyMustBeSendable<Value: Sendable>(_ value: Value) {}
#endif
