// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

// Platforms: built and tested on Linux x86_64 only. ORMCore's one compile-time choice,
// `ORMCORE_PORTABLE`, keeps it off what is Linux-only or private to the Swift runtime: with it the
// one-word lock yields the processor where it would sleep on a futex (`Core/AtomicLock.swift`), and
// the identity map holds plain Swift `weak` references instead of calling the runtime's
// `swift_tryRetain` (Documentation/UnsafeCode.md). It is the
// default on every platform but Linux, where no build of it has been tried; on Linux
// `REEF_PORTABLE=1 swift build` (or test; `REEF_PLAIN_WEAK=1`, its older name, too) builds it, and
// `scripts/test` runs the ORMCore tests once that way, in `.build-portable`.
let portableAsked = ["REEF_PORTABLE", "REEF_PLAIN_WEAK"].contains { Context.environment[$0] == "1" }
let portable: SwiftSetting =
    portableAsked
    ? .define("ORMCORE_PORTABLE")
    : .define(
        "ORMCORE_PORTABLE",
        .when(platforms: [
            .macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS, .driverKit, .windows, .android, .wasi, .openbsd,
        ]))

let package = Package(
    name: "Reef",
    // Synchronization's `Atomic` and `Mutex` need macOS 15 there (untested: see the note above).
    platforms: [.macOS(.v15)],
    products: [
        // Everything a user imports: both databases, `Database(url:)` choosing between them, `@Model`.
        .library(name: "ORMCore", targets: ["ORMCore"]),
        // An app on SQLite alone, which links no libpq code: `import ORMSQLite` gives all a user
        // writes on SQLite (the shared API, `Database(path:)`, `@Model`) but `Database(url:)`.
        .library(name: "ORMSQLite", targets: ["ORMSQLite"]),
        .executable(name: "reef", targets: ["reef"]),
    ],
    // `Macros` (on by default): ORMSQLite declares `@Model` (ORMCore re-exports it), whose macro is
    // built with swift-syntax.
    // reef uses no macro, so `swift build -c release --product reef --disable-default-traits`
    // builds it without compiling swift-syntax (scripts/setup and scripts/install do).
    traits: [.default(enabledTraits: ["Macros"]), .trait(name: "Macros")],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // DocC. `scripts/docs` builds ORMCore's catalog with the symbols of the modules it re-exports,
        // which the plugin's `generate-documentation --target ORMCore` leaves out.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // libpq, PostgreSQL's client library (Debian's libpq-dev).
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
        // Declares the runtime's swift_tryRetain for the identity map's weak entries, and Linux's
        // futex for the one-word lock; neither is used with ORMCORE_PORTABLE.
        .systemLibrary(name: "CSwiftRuntime", path: "Sources/CSwiftRuntime"),
        // glibc's mallopt and malloc_trim, which Swift's Glibc module leaves out (reef's
        // ProcessMemory); nothing elsewhere.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .macro(
            name: "ORMCoreMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // ORMCore's shared layers (models, queries, result sets, the identity map, events,
        // transactions, the driver protocols, the macro's contract): imports no database. The
        // drivers see its internals through `package` access (Decision 0011).
        .target(name: "ORMShared", dependencies: ["CSwiftRuntime"], swiftSettings: [portable]),
        // SQLite's driver over the shared layers, re-exporting them, and `@Model`'s declaration (its
        // extension conforms to SQLite's `_SQLiteRowModel`): the `ORMSQLite` product.
        .target(
            name: "ORMSQLite",
            dependencies: ["ORMShared", "CSQLite", .target(name: "ORMCoreMacros", condition: .when(traits: ["Macros"]))],
            swiftSettings: [portable]),
        // PostgreSQL's driver over the shared layers and `PostgresClient`.
        .target(name: "ORMPostgreSQL", dependencies: ["ORMShared", "PostgresClient"], swiftSettings: [portable]),
        // The module users import: re-exports the three (`@Model` with ORMSQLite), `Database(url:)`
        // choosing the driver.
        .target(name: "ORMCore", dependencies: ["ORMShared", "ORMSQLite", "ORMPostgreSQL"], swiftSettings: [portable]),
        // A PostgreSQL connection through libpq: statements, rows, cancelling, notifications.
        .target(name: "PostgresClient", dependencies: ["CLibPQ"]),
        .target(
            name: "Browser",
            dependencies: [
                "ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL", "PostgresClient", "CNcurses", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A thin entry point: test targets are built for the host once one depends on a macro, and an
        // executable module cannot be imported there, so the browser itself is the `Browser` library.
        .executableTarget(name: "reef", dependencies: ["Browser"]),
        // ORMCore's behaviour through its public API, written once, run on SQLite (ORMCoreTests)
        // and on PostgreSQL (ORMCorePostgresTests).
        .target(name: "ORMCoreBehaviour", dependencies: ["ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL"], path: "Tests/ORMCoreBehaviour"),
        .testTarget(
            name: "ORMCoreTests", dependencies: ["ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL", "ORMCoreBehaviour", "PostgresTestSupport", "TestSupport"]),
        .testTarget(name: "ChinookTests", dependencies: ["ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL", "Browser"]),
        .testTarget(name: "DocumentationTests", dependencies: ["ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL", "TestSupport"]),
        // What every test target shares: the one `waitUntil`.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The PostgreSQL server the tests start for themselves (one per test process); re-exports
        // TestSupport.
        .target(
            name: "PostgresTestSupport", dependencies: ["PostgresClient", "TestSupport"], path: "Tests/PostgresTestSupport"),
        .testTarget(name: "PostgresClientTests", dependencies: ["PostgresClient", "PostgresTestSupport"]),
        .testTarget(
            name: "ORMCorePostgresTests", dependencies: ["ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL", "ORMCoreBehaviour", "PostgresClient", "PostgresTestSupport"]),
        // An app on the `ORMSQLite` product alone (`@Model`, a file, a commit, a fetch): built with the
        // package, run and its binary read by `SQLiteProductTests`, which fail if it links PostgreSQL.
        .executableTarget(name: "sqlite-only-example", dependencies: ["ORMSQLite"], path: "Examples/SQLiteOnly"),
        .testTarget(name: "SQLiteProductTests", dependencies: ["TestSupport"]),
        // The built reef run as a process, and in a real terminal (tmux), for the end-to-end tests.
        .target(name: "TerminalTestSupport", dependencies: ["TestSupport"], path: "Tests/TerminalTestSupport"),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL", "TerminalTestSupport", "TestSupport"]),
        .testTarget(
            name: "BrowserPostgresTests",
            dependencies: [
                "Browser", "ORMCore", "ORMShared", "ORMSQLite", "ORMPostgreSQL", "PostgresClient", "PostgresTestSupport",
                "TerminalTestSupport",
            ]),
        .testTarget(
            name: "ORMCoreMacrosTests",
            dependencies: [
                "ORMCoreMacros",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
