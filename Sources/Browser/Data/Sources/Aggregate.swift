import ORMCore

/// An aggregate a frequency table computes per group over a column of the rows grouped (set on a
/// grid column with `+` and a letter, VisiData's aggregators): the database computes it, in the
/// same grouped pass that counts the groups.
///
/// | aggregate | SQLite | PostgreSQL |
/// | --- | --- | --- |
/// | count | `count(x)` (values not NULL) | the same |
/// | distinct | `count(DISTINCT x)` | the same |
/// | sum, mean, min, max | `sum`, `avg`, `min`, `max` | the same, sums and means as `double precision` (an integer column's sum as `bigint`) |
/// | median | no aggregate: a frequency table numbers each group's values in order and takes the middle (``FrequencyQuery/joiningMedians(at:to:)``) | `percentile_cont(0.5) WITHIN GROUP (ORDER BY x)` |
/// | stddev | from the sums of `x` and `x*x` (the sample's, n − 1), `sqrt` of SQLite's math functions | `stddev_samp(x)` |
enum Aggregate: String, CaseIterable, Sendable, Hashable {
    case count, distinct, sum, mean, min, max, median, stddev

    /// The key that sets it after `+` (`+s` sums), as the help lists them.
    var key: Character {
        switch self {
        case .count: "c"
        case .distinct: "u"
        case .sum: "s"
        case .mean: "a"
        case .min: "<"
        case .max: ">"
        case .median: "m"
        case .stddev: "d"
        }
    }

    /// What the help says it is.
    var help: String {
        switch self {
        case .count: "count of values not NULL"
        case .distinct: "count of distinct values"
        case .sum: "sum"
        case .mean: "mean (average)"
        case .min: "minimum"
        case .max: "maximum"
        case .median: "median"
        case .stddev: "sample standard deviation"
        }
    }

    /// Whether it computes over the column's values as numbers (sum, mean, median, standard
    /// deviation), which PostgreSQL refuses for any other type.
    var needsNumbers: Bool {
        self == .sum || self == .mean || self == .median || self == .stddev
    }

    /// Whether its values are numbers whatever the column holds (min and max are the column's own
    /// values: text stays text).
    var isNumeric: Bool {
        self != .min && self != .max
    }

    /// The SQL computing it over `argument` (a column of the rows grouped) in `dialect`; `integers`
    /// says the column holds integers (its sum stays an integer on PostgreSQL).
    ///
    /// - Throws: ``AggregateUnavailable`` when the database has no such aggregate (median on
    ///   SQLite, which a frequency table computes otherwise).
    func sql(of argument: SQL, integers: Bool = false, in dialect: SQLDialect) throws -> SQL {
        let postgres = dialect.kind == .postgres
        switch self {
        case .count: return "count(\(sql: argument))"
        case .distinct: return "count(DISTINCT \(sql: argument))"
        case .sum:
            guard postgres else {
                return "sum(\(sql: argument))"
            }
            return integers ? "CAST(sum(\(sql: argument)) AS bigint)" : "CAST(sum(\(sql: argument)) AS double precision)"
        case .mean: return postgres ? "CAST(avg(\(sql: argument)) AS double precision)" : "avg(\(sql: argument))"
        case .min: return "min(\(sql: argument))"
        case .max: return "max(\(sql: argument))"
        case .median:
            guard postgres else {
                throw AggregateUnavailable(aggregate: self, database: "SQLite")
            }
            return "percentile_cont(0.5) WITHIN GROUP (ORDER BY \(sql: argument))"
        case .stddev:
            if postgres {
                return "CAST(stddev_samp(\(sql: argument)) AS double precision)"
            }
            // Σx² − (Σx)²/n over n − 1, as reals (an integer x*x could overflow), never below 0.
            let real: SQL = "CAST(\(sql: argument) AS REAL)"
            return """
                CASE WHEN count(\(sql: argument)) > 1 THEN sqrt(max(0.0, (sum(\(sql: real) * \(sql: real)) \
                - sum(\(sql: real)) * sum(\(sql: real)) / count(\(sql: argument))) / (count(\(sql: argument)) - 1))) END
                """
        }
    }
}

/// An aggregate the database cannot compute (median on SQLite): what the status bar says.
struct AggregateUnavailable: Error, CustomStringConvertible {
    /// The aggregate asked for.
    let aggregate: Aggregate
    /// The database that lacks it.
    let database: String

    var description: String {
        "\(database) has no \(aggregate.rawValue) built in; on PostgreSQL it is percentile_cont(0.5)"
    }
}

/// One aggregate set on a grid's column: what a frequency table of the grid adds per group.
struct ColumnAggregate: Sendable, Hashable {
    /// The column aggregated.
    let column: String
    /// The aggregate.
    let aggregate: Aggregate

    /// The name of its column in a frequency table, VisiData's: `Total_sum`.
    var name: String {
        "\(column)_\(aggregate.rawValue)"
    }
}
