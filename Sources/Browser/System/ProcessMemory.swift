import CMalloc
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What reef does to its own process to stay small through a long session: one malloc arena, the
/// free pages of the heap given back after a big operation, and no TLS library initialised that
/// reef never uses. With them a 10,000,000-row result scrolled, sorted and exported stays within
/// 32 MB resident (Benchmarks/REEF-SPEED.md).
enum ProcessMemory {
    /// The environment variable that keeps GnuTLS from initialising itself when its library loads.
    ///
    /// libpq needs libldap, which Debian builds with GnuTLS, so loading libpq loads GnuTLS, whose
    /// initialisation at load (its random generator, its system priorities) touches about 0.7 MB
    /// of its pages and heap. libpq speaks TLS through OpenSSL, and libldap initialises GnuTLS
    /// itself before it uses it.
    static let gnuTLSVariable = "GNUTLS_NO_IMPLICIT_INIT"

    /// Whether reef sets ``gnuTLSVariable`` itself (the user had not): its children then do not
    /// inherit it. Decided once, before ``configureAtStart()`` sets it.
    static let setsGnuTLSVariable: Bool = getenv(gnuTLSVariable) == nil

    /// Sets the process up. Called first thing in `main`: before any thread starts (malloc's
    /// arenas, the environment) and before libpq loads (GnuTLS reads the variable then).
    static func configureAtStart() {
        // One arena: each thread that allocates would otherwise get an arena of its own, whose
        // freed pages stay resident beside the others'.
        _ = reef_malloc_set_arena_max(1)
        if setsGnuTLSVariable {
            setenv(gnuTLSVariable, "1", 0)
        }
    }

    /// Gives the free pages of malloc's heap back to the system, as after a big operation (a sort
    /// of millions of rows, an export): what it freed would otherwise stay resident.
    static func trim() {
        _ = reef_malloc_trim()
    }

    /// `environment` as reef's children get it: without ``gnuTLSVariable`` when reef set it
    /// (`reefSetsGnuTLSVariable`, by default ``setsGnuTLSVariable``).
    static func childEnvironment(_ environment: [String: String], reefSetsGnuTLSVariable: Bool = setsGnuTLSVariable)
        -> [String: String]
    {
        guard reefSetsGnuTLSVariable else {
            return environment
        }
        return environment.filter { $0.key != gnuTLSVariable }
    }
}
