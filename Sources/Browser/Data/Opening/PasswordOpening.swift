import ORMCore

/// Opens what the command line names, asking for the server's password when the server wants
/// one and neither the URL, `PGPASSWORD` nor `~/.pgpass` gave it, as `psql` does: once, on the
/// terminal, then connecting again with it. The password is kept for the session only (in
/// memory: every later opening, a schema switch say, uses it) and is never shown or written.
///
/// ```swift
/// let opening = PasswordOpening(ask: PasswordPrompt.ask)
/// let database = try opening.open("postgres://ann@db.example.com/sales", readOnly: false)
/// ```
final class PasswordOpening {
    /// Shows its prompt and returns the password typed; nil when no one can be asked (no
    /// terminal, a headless run) or the user cancelled.
    private let ask: (_ prompt: String) -> String?
    /// The password the user typed, once asked.
    private(set) var password: String?

    /// An opening that asks with `ask`.
    init(ask: @escaping (_ prompt: String) -> String?) {
        self.ask = ask
    }

    /// Opens `argument` as ``DatabaseOpener/open(_:readOnly:schema:preferStandby:password:)``
    /// does, with the password typed earlier; when the server asks for one none gave, asks for
    /// it and opens again.
    ///
    /// - Throws: ``OpenError``: the opener's; for a password no one could be asked for, one
    ///   that says where to give it; for a password typed and refused, the server's reason.
    func open(_ argument: String, readOnly: Bool, schema: String? = nil,
              preferStandby: Bool = false) throws(OpenError) -> Database {
        do {
            return try DatabaseOpener.open(argument, readOnly: readOnly, schema: schema, preferStandby: preferStandby,
                                           password: password)
        } catch where error.passwordTarget != nil && password == nil {
            let target = error.passwordTarget ?? ""
            guard let typed = ask("Password for \(target): ") else {
                throw OpenError(
                    path: error.path,
                    reason: "cannot connect to \(target): the server asks for a password; give it in the URL, "
                        + "PGPASSWORD or ~/.pgpass (reef asks for it only at a terminal)",
                    isConnectionFailure: error.isConnectionFailure)
            }
            let database = try DatabaseOpener.open(argument, readOnly: readOnly, schema: schema, preferStandby: preferStandby,
                                                   password: typed)
            password = typed  // kept once the server took it
            return database
        }
    }
}
