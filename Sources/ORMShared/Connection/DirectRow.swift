/// A driver's statement whose current row's columns are read as values, one direct call a value
/// (PostgreSQL's: its reader for each column chosen once a statement): what the generated
/// initialisers of the macro's driver-neutral path read a ``_ValueRow`` through when the statement
/// provides one (``DriverStatement/directRow``), with no ``_RowReader`` or ``_ValueReader``
/// existential per value. Visible to the code `@Model` inlines into the user's module, where the
/// statement's own type is not.
@usableFromInline
package protocol DirectRow: AnyObject {
    /// Column `index` (from 0) of the current row; NULL past the last column or off a row.
    func value(at index: Int32) -> SQLValue
}
