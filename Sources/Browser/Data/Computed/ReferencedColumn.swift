import ORMCore

/// A column of the table a foreign key refers to, brought into the referencing table's view as a
/// computed column (``ComputedColumn``): a subquery the database runs for each row, by the
/// referenced table's key, written out as the text the `=` prompt takes so the user sees it and
/// may pick another column before adding it (`z]`).
///
/// For `Track.GenreId` referring to `Genre.GenreId` it reads
/// `(SELECT "referenced"."Name" FROM "Genre" AS "referenced" WHERE "referenced"."GenreId" = "Track"."GenreId") AS "GenreId_Name"`.
enum ReferencedColumn {
    /// The `=` prompt's text bringing in `target`'s most telling column (``shownColumn(of:reference:)``)
    /// for `reference`, a foreign key of `table`, compared on every column of the key (`AND`);
    /// identifiers quoted for `dialect`. The column is named by the key's columns and the one shown
    /// (`GenreId_Name`, `InvoiceId_LineNo_Quantity`).
    static func promptText(for reference: ForeignKeyReference, of table: String, target: TableInfo,
                           dialect: SQLDialect) -> String {
        let shown = shownColumn(of: target, reference: reference)
        // The referenced rows go by a name of their own, so a table referring to itself
        // (`Employee.ReportsTo`) still compares the outer row's key.
        let alias = table.equalsIgnoringCase("referenced") ? "referenced row" : "referenced"
        let name = dialect.quoteIdentifier(alias)
        let outer = dialect.quoteIdentifier(table)
        let tests = reference.pairs.map { pair in
            "\(name).\(dialect.quoteIdentifier(pair.referenced)) = \(outer).\(dialect.quoteIdentifier(pair.column))"
        }
        return "(SELECT \(name).\(dialect.quoteIdentifier(shown)) FROM \(dialect.quoteIdentifier(reference.table)) AS \(name)"
            + " WHERE \(tests.joined(separator: " AND ")))"
            + " AS \(dialect.quoteIdentifier((reference.columns + [shown]).joined(separator: "_")))"
    }

    /// The column of `target` a reader would rather see than its key: the first text column
    /// outside the primary key and the referenced columns (a name, a title), else the first column
    /// outside them, else the referenced column itself.
    static func shownColumn(of target: TableInfo, reference: ForeignKeyReference) -> String {
        let others = target.columns.filter {
            $0.primaryKeyPosition == 0 && !reference.referencedColumns.contains(where: $0.name.equalsIgnoringCase)
        }
        let textual = others.first { column in
            let type = column.declaredType.uppercased()
            return ["CHAR", "TEXT", "CLOB", "STRING"].contains { type.contains($0) }
        }
        return (textual ?? others.first)?.name ?? reference.referencedColumn
    }
}
