import XCTest

@testable import Browser

/// How reef follows a PostgreSQL database's text order in a statement's results: bytes for `C`
/// and `C.UTF-8`, the C library's order for an installed glibc locale, and a reason shown at a
/// sort when it cannot (ICU, a locale this machine lacks).
final class ServerTextCollationTests: XCTestCase {
    func testByteOrderLocalesNeedNoCollationAndNoNote() {
        for locale in ["C", "POSIX", "C.UTF-8", "C.utf8"] {
            let collation = ServerTextCollation(locale: locale, isICU: false)
            XCTAssertNil(collation.collator, locale)
            XCTAssertNil(collation.unavailable, locale)
            XCTAssertNil(collation.collation, locale)
        }
    }

    func testALocaleReefCannotFollowSaysWhy() {
        let missing = ServerTextCollation(locale: "xx_NOWHERE.UTF-8", isICU: false)
        XCTAssertNil(missing.collator)
        XCTAssertEqual(missing.unavailable, "text sorted byte by byte: the database's collation xx_NOWHERE.UTF-8 is not installed here (locale -a)")
        let icu = ServerTextCollation(locale: "en-US", isICU: true)
        XCTAssertNil(icu.collator)
        XCTAssertEqual(icu.unavailable, "text sorted byte by byte: the database orders it by ICU's en-US, which reef cannot follow")
    }

    func testAnInstalledLocaleOrdersTextAndBreaksTiesByBytes() throws {
        let collator = try XCTUnwrap(LocaleCollator(locale: "C.UTF-8"))
        let checks = TextOrderChecks(order: collator.compare)
        checks.assertStrictlyOrdered(["", "Banana", "apple", "apples", "cherry", "é"])
    }

    func testTextColumnsTakeTheCollationOnlyWhenReefFollowsIt() {
        let types: [String?] = ["text", "character varying(20)", "character(3)", "integer", "name", nil]
        XCTAssertEqual(ResultStore.textOrders(typeNames: types, isFromPostgres: true, followsCollation: true),
                       [0: ServerTextCollation.name, 1: ServerTextCollation.name, 2: ServerTextCollation.name])
        XCTAssertEqual(ResultStore.textOrders(typeNames: types, isFromPostgres: true), [:])
        XCTAssertEqual(ResultStore.textOrders(typeNames: types, isFromPostgres: false, followsCollation: true), [:])
    }

    /// `en_US.UTF-8`, built by `localedef` into a folder of the test's own (`LOCPATH`): `apple`,
    /// `Banana`, `cherry`, as the server orders a database of that collation, where bytes put
    /// `Banana` first.
    func testAGlibcLocaleOrdersTextAsTheServerDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-locale-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", "en_US", "-f", "UTF-8", folder + "/en_US.UTF-8"]
        try localedef.run()
        localedef.waitUntilExit()
        XCTAssertEqual(localedef.terminationStatus, 0, "localedef made en_US.UTF-8")
        setenv("LOCPATH", folder, 1)
        defer { unsetenv("LOCPATH") }
        let collation = ServerTextCollation(locale: "en_US.UTF-8", isICU: false)
        XCTAssertNil(collation.unavailable)
        let collator = try XCTUnwrap(collation.collator)
        TextOrderChecks(order: collator.compare).assertStrictlyOrdered(["apple", "Banana", "cherry", "Cherry"])
        let arrays = TextOrderChecks(order: ArrayTextOrder(elements: .text, collator: collator).compare)
        arrays.assertStrictlyOrdered(["{apple,Banana}", "{apple,cherry}", "{Banana}"])
    }
}
