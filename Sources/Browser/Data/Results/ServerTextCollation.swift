import ORMCore

/// The order a PostgreSQL database gives its text (its collation: `datcollate`, or the ICU locale
/// of a database made with the ICU provider), as reef can follow it in its copy of a statement's
/// results (``ResultStore``): byte by byte for `C`, `POSIX` and `C.UTF-8` (the order SQLite
/// gives them too), the C library's order for a glibc locale installed on this machine
/// (``LocaleCollator``), and otherwise not at all: the store then keeps bytes and
/// ``unavailable`` says so, where the user sees a sort.
struct ServerTextCollation: Sendable {
    /// The collation's name, as store columns declare it.
    static let name = "reef_text"

    /// The database's collation, as the server names it (`en_US.UTF-8`, an ICU locale `en-US`).
    let locale: String
    /// Whether the database orders text by ICU's rules (which reef cannot follow).
    let isICU: Bool
    /// The order of the locale on this machine, nil when bytes are the server's order or the
    /// machine has no such locale.
    let collator: LocaleCollator?

    /// The collation of `locale` (`isICU` when the database's provider is ICU).
    init(locale: String, isICU: Bool) {
        self.locale = locale
        self.isICU = isICU
        collator = isICU || Self.ordersByBytes(locale) ? nil : LocaleCollator(locale: locale)
    }

    /// The collation of the database `database` is connected to, nil when the server does not
    /// say (an aborted transaction); `datlocprovider` and the ICU locale's column are read by
    /// name, so any version answers.
    static func of(_ database: Database) -> ServerTextCollation? {
        let sql: SQL = """
            SELECT CAST(datcollate AS text), to_jsonb(d) ->> 'datlocprovider', \
            coalesce(to_jsonb(d) ->> 'datlocale', to_jsonb(d) ->> 'daticulocale') \
            FROM pg_catalog.pg_database AS d WHERE datname = current_database()
            """
        guard let row = (try? database.fetchRows(sql))?.rows.first, row.count == 3, case .text(let collate) = row[0] else {
            return nil
        }
        if case .text("i") = row[1], case .text(let icu) = row[2] {
            return ServerTextCollation(locale: icu, isICU: true)
        }
        return ServerTextCollation(locale: collate, isICU: false)
    }

    /// Whether `locale` orders text byte by byte (PostgreSQL's `C` and `POSIX`, glibc's `C.UTF-8`).
    static func ordersByBytes(_ locale: String) -> Bool {
        ["c", "posix", "c.utf-8", "c.utf8"].contains(locale.lowercased())
    }

    /// Why the store orders text byte by byte where the server would not, nil when it orders it
    /// as the server does.
    var unavailable: String? {
        guard collator == nil, isICU || !Self.ordersByBytes(locale) else { return nil }
        return isICU
            ? "text sorted byte by byte: the database orders it by ICU's \(locale), which reef cannot follow"
            : "text sorted byte by byte: the database's collation \(locale) is not installed here (locale -a)"
    }

    /// The collation registered on the store, nil when bytes are kept.
    var collation: SQLCollation? {
        collator.map { collator in SQLCollation(Self.name) { collator.compare($0, $1) } }
    }

    /// Whether a PostgreSQL column of type `type` holds text the collation orders.
    static func ordersText(ofType type: String) -> Bool {
        type == "text" || type.hasPrefix("character") || type.hasPrefix("varchar") || type == "bpchar"
    }
}
