// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

// `REEF_PLAIN_WEAK=1 swift build` (or test) builds ORMCore's identity map with plain Swift `weak`
// references instead of the runtime's `swift_tryRetain` (see Documentation/Architecture.md, "Unsafe
// code and its invariants"); `scripts/test` runs the ORMCore tests once that way, in
// `.build-plainweak`.
let plainWeak = Context.environment["REEF_PLAIN_WEAK"] == "1"

let package = Package(
    name: "Reef",
    products: [
        .library(name: "ORMCore", targets: ["ORMCore"]),
        .executable(name: "reef", targets: ["reef"]),
    ],
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
        // Declares the runtime's swift_tryRetain for the identity map's weak entries.
        .systemLibrary(name: "CSwiftRuntime", path: "Sources/CSwiftRuntime"),
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
            name: "ORMCore", dependencies: ["CSQLite", "CSwiftRuntime", "ORMCoreMacros", "PostgresClient"],
            swiftSettings: plainWeak ? [.define("ORMCORE_PLAIN_WEAK")] : []
        ),
        // A PostgreSQL connection through libpq: statements, rows, cancelling, notifications.
        .target(name: "PostgresClient", dependencies: ["CLibPQ"]),
        .target(
            name: "Browser",
            dependencies: [
                "ORMCore", "PostgresClient", "CNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A thin entry point: test targets are built for the host once one depends on a macro, and an
        // executable module cannot be imported there, so the browser itself is the `Browser` library.
        .executableTarget(name: "reef", dependencies: ["Browser"]),
        // ORMCore's behaviour through its public API, written once, run on SQLite (ORMCoreTests)
        // and on PostgreSQL (ORMCorePostgresTests).
        .target(name: "ORMCoreBehaviour", dependencies: ["ORMCore"], path: "Tests/ORMCoreBehaviour"),
        .testTarget(name: "ORMCoreTests", dependencies: ["ORMCore", "ORMCoreBehaviour", "PostgresTestSupport"]),
        .testTarget(name: "ChinookTests", dependencies: ["ORMCore", "Browser"]),
        .testTarget(name: "DocumentationTests", dependencies: ["ORMCore"]),
        // The PostgreSQL server the tests start for themselves (one per test process), and waiting.
        .target(name: "PostgresTestSupport", dependencies: ["PostgresClient"], path: "Tests/PostgresTestSupport"),
        .testTarget(name: "PostgresClientTests", dependencies: ["PostgresClient", "PostgresTestSupport"]),
        .testTarget(
            name: "ORMCorePostgresTests", dependencies: ["ORMCore", "ORMCoreBehaviour", "PostgresClient", "PostgresTestSupport"]),
        // The built reef run as a process, and in a real terminal (tmux), for the end-to-end tests.
        .target(name: "TerminalTestSupport", path: "Tests/TerminalTestSupport"),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "ORMCore", "TerminalTestSupport"]),
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
