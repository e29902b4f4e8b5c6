/// A query that chains and never touches the database until a terminal call (`fetch`, `count`, …).
///
/// ```swift
/// let page = try Person.query()
///     .where("age > \(minAge)")                      // interpolated values are bound
///     .where("department.name = ?", "R&D")           // dot paths join related tables
///     .orderBy("lastName").orderBy("age", descending: true)
///     .limit(20).offset(40)
///     .fetch()
/// ```
public struct Query<Record: Sendable>: Sendable {
    package let entity: EntityDescription
    package let decoder: RecordDecoder<Record>
    package var database: Database?
    /// The `SELECT` read in place of the table, aliased by the table's name (a table found at run
    /// time with computed columns: ``DynamicTable/query(cuttingValuesAt:computing:)``); nil to read
    /// the table itself.
    var derivedTable: String?
    package var conditions: [SQL] = []
    /// The places in `conditions` of those whose values are keys read from the database (a
    /// window's keys): bound as read, not converted by the columns they are compared with, since
    /// a SQLite column may hold a value of any type.
    var keyConditions: Set<Int> = []
    var orderings: [Ordering] = []
    var limitCount: Int?
    var offsetCount: Int?
    package var batchSize: Int?
    /// Reads in the exact reverse of the query's order (every term flipped, the key tiebreak
    /// included): the last records of a batched result set, first.
    var reversesOrder = false
    var explicitJoins: [Join] = []
    /// A mistake found while chaining, thrown by the terminal call.
    var buildError: ORMError?

    struct Ordering: Sendable {
        package let expression: String
        package let descending: Bool
    }

    /// A `joinTo` LEFT JOIN.
    package struct Join: Sendable {
        package let entity: EntityDescription
        let leftParameter: String
        let targetParameter: String
    }

    /// A query over `entity`, decoding rows with `decoder`, on `database` (or the default one).
    public init(entity: EntityDescription, decoder: RecordDecoder<Record>, database: Database?) {
        self.entity = entity
        self.decoder = decoder
        self.database = database
    }

    // MARK: - Chaining

    /// Adds a condition (ANDed with the others). Values are interpolated or passed for `?`, and bound;
    /// an array or set fills one `?` as an `IN` list (an empty one matches nothing). Dot paths
    /// (`department.name`) join related tables. Names of the model's and joined models' columns
    /// and tables mean on PostgreSQL what they mean on SQLite, in any case (the Queries guide says
    /// how they are resolved).
    public func `where`(_ condition: SQL, _ arguments: any SQLExpressible...) -> Query {
        var copy = self
        do {
            copy.conditions.append(try condition.binding(arguments))
        } catch {
            copy.buildError = copy.buildError ?? (error as? ORMError) ?? .invalidQuery("\(error)")
        }
        return copy
    }

    /// Adds a sort key (chain for several). `column` may be a dot path or an expression; a column's
    /// name (in any case) is written quoted, as the model spells it.
    public func orderBy(_ column: String, descending: Bool = false) -> Query {
        var copy = self
        copy.orderings.append(Ordering(expression: column, descending: descending))
        return copy
    }

    /// Adds a descending sort key.
    public func orderByDescending(_ column: String) -> Query { orderBy(column, descending: true) }

    /// At most `count` records.
    public func limit(_ count: Int) -> Query {
        var copy = self
        copy.limitCount = max(0, count)
        return copy
    }

    /// Skips the first `count` records.
    public func offset(_ count: Int) -> Query {
        var copy = self
        copy.offsetCount = max(0, count)
        return copy
    }

    /// Makes `fetch()` return a result set that loads records in windows of `size` as they are reached.
    public func batch(_ size: Int) -> Query {
        var copy = self
        copy.batchSize = max(1, size)
        return copy
    }

    /// Runs on `database` instead of the default one.
    public func on(_ database: Database) -> Query {
        var copy = self
        copy.database = database
        return copy
    }

    /// LEFT JOINs another model: `leftParameter` is a column of this entity or `"Table.column"` of it
    /// or of an earlier join, `targetParameter` a column of `other`, bare or `"Table.column"`.
    /// Fetched records expose the joined values keyed `"Table.column"` (`joinedValues`).
    ///
    /// ```swift
    /// Person.query().joinTo(Department.self, leftParameter: "Person.department", targetParameter: "Department.id")
    /// ```
    /// A `Table.column` naming a table the join does not have makes the terminal call throw
    /// ``ORMError/invalidQuery(_:)``.
    public func joinTo<Other: Model>(_ other: Other.Type, leftParameter: String, targetParameter: String) -> Query {
        joinTo(Other.entityDescription, leftParameter: leftParameter, targetParameter: targetParameter)
    }

    /// LEFT JOINs any entity (a table found at run time, say).
    public func joinTo(_ other: EntityDescription, leftParameter: String, targetParameter: String) -> Query {
        var copy = self
        copy.explicitJoins.append(Join(entity: other, leftParameter: leftParameter, targetParameter: targetParameter))
        return copy
    }
}

extension Model {
    /// A query over this model's table.
    ///
    /// ```swift
    /// let adults = try Person.query().where("age >= \(18)").orderBy("name").fetch()
    /// ```
    public static func query(in database: Database? = nil) -> Query<Self> {
        Query(entity: entityDescription, decoder: recordDecoder, database: database)
    }
}
