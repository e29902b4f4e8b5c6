// swift-tools-version:6.0
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let rootIdentity = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

// Benchmarks live in their own package so the main one does not depend on GRDB.
// Run: swift run -c release ormbench   (from this folder); clusterbench likewise.
let package = Package(
    name: "ReefBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // Fluent on PostgreSQL, the anchor beside libpq (`ormbench --scenario fluent`).
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        .systemLibrary(name: "CSQLiteRaw", path: "Sources/CSQLiteRaw"),
        .systemLibrary(name: "CLibPQRaw", path: "Sources/CLibPQRaw"),
        // What both benchmarks share: running the repository's scripts, the error they stop with.
        .target(name: "BenchSupport"),
        .executableTarget(
            name: "ormbench",
            dependencies: [
                "CSQLiteRaw", "CLibPQRaw", "BenchSupport",
                .product(name: "ORMCore", package: rootIdentity),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // No merging of identical functions: the models differ only in their keys, and merged,
            // their generated accessors were called out of line, where a program with one model
            // has them inlined.
            swiftSettings: [
                .unsafeFlags(
                    ["-Ounchecked", "-Xfrontend", "-disable-llvm-merge-functions-pass"], .when(configuration: .release))
            ]
        ),
        // From a commit to a live query's new value: ORMCore on SQLite (another process, this one)
        // and PostgreSQL (another session), GRDB's ValueObservation beside it.
        .executableTarget(
            name: "livebench",
            dependencies: [
                "CSQLiteRaw", "CLibPQRaw", "BenchSupport",
                .product(name: "ORMCore", package: rootIdentity),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Failover and standby reads on real clusters (scripts/pg-patroni, scripts/pg-cluster):
        // the time Patroni takes, the time ORMCore adds, the wait of a read on a standby.
        .executableTarget(
            name: "clusterbench",
            dependencies: ["BenchSupport", .product(name: "ORMCore", package: rootIdentity)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
