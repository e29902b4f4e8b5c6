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
        .library(name: "ORMCore", targets: ["ORMCore"]),
        .executable(name: "reef", targets: ["reef"]),
    ],
    // `Macros` (on by default): ORMCore declares `@Model`, whose macro is built with swift-syntax.
    // reef uses no macro, so `swift build -c release --product reef --disable-default-traits`
    // builds it without compiling swift-syntax (scripts/setup and scripts/install do).
    traits: [.default(enabledTraits: ["Macros"]), .trait(name: "Macros")],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `swift package generate-documentation --target ORMCore` builds the DocC catalog.
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
        .target(
            name: "ORMCore",
            dependencies: [
                "CSQLite", "CSwiftRuntime", "PostgresClient",
                .target(name: "ORMCoreMacros", condition: .when(traits: ["Macros"])),
            ],
            swiftSettings: [portable]
        ),
        // A PostgreSQL connection through libpq: statements, rows, cancelling, notifications.
        .target(name: "PostgresClient", dependencies: ["CLibPQ"]),
        .target(
            name: "Browser",
            dependencies: [
                "ORMCore", "PostgresClient", "CNcurses", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A thin entry point: test targets are built for the host once one depends on a macro, and an
        // executable module cannot be imported there, so the browser itself is the `Browser` library.
        .executableTarget(name: "reef", dependencies: ["Browser"]),
        // ORMCore's behaviour through its public API, written once, run on SQLite (ORMCoreTests)
        // and on PostgreSQL (ORMCorePostgresTests).
        .target(name: "ORMCoreBehaviour", dependencies: ["ORMCore"], path: "Tests/ORMCoreBehaviour"),
        .testTarget(
            name: "ORMCoreTests", dependencies: ["ORMCore", "ORMCoreBehaviour", "PostgresTestSupport", "TestSupport"]),
        .testTarget(name: "ChinookTests", dependencies: ["ORMCore", "Browser"]),
        .testTarget(name: "DocumentationTests", dependencies: ["ORMCore", "TestSupport"]),
        // What every test target shares: the one `waitUntil`.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The PostgreSQL server the tests start for themselves (one per test process); re-exports
        // TestSupport.
        .target(
            name: "PostgresTestSupport", dependencies: ["PostgresClient", "TestSupport"], path: "Tests/PostgresTestSupport"),
        .testTarget(name: "PostgresClientTests", dependencies: ["PostgresClient", "PostgresTestSupport"]),
        .testTarget(
            name: "ORMCorePostgresTests", dependencies: ["ORMCore", "ORMCoreBehaviour", "PostgresClient", "PostgresTestSupport"]),
        // The built reef run as a process, and in a real terminal (tmux), for the end-to-end tests.
        .target(name: "TerminalTestSupport", dependencies: ["TestSupport"], path: "Tests/TerminalTestSupport"),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "ORMCore", "TerminalTestSupport", "TestSupport"]),
        .testTarget(
            name: "BrowserPostgresTests",
            dependencies: ["Browser", "ORMCore", "PostgresClient", "PostgresTestSupport", "TerminalTestSupport"]),
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
