import Foundation
import XCTest
@testable import Browser

/// The theme files shipped in `themes/` and the built-in themes.
final class ThemeFilesTests: XCTestCase {
    /// The `.theme` files in `themes/`, sorted by name.
    private func themeFiles() throws -> [URL] {
        let files = try FileManager.default.contentsOfDirectory(at: themesDirectory(), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "theme" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return files
    }

    /// An installed reef, run from the `PATH` in any folder, finds the themes installed beside it
    /// (`~/.local/bin/reef` and `~/.local/share/reef/themes`), the user's own in the XDG data home
    /// first; the working folder's `themes` only after them.
    func testThemesAreFoundBesideTheInstalledExecutableAndInTheXDGFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reef-themes-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let installed = root.appendingPathComponent("prefix/share/reef/themes")
        let own = root.appendingPathComponent("data/reef/themes")
        let shared = root.appendingPathComponent("shared/reef/themes")
        let working = root.appendingPathComponent("work/themes")
        for folder in [installed, own, shared, working] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let environment = ["XDG_DATA_HOME": root.appendingPathComponent("data").path,
                           "XDG_DATA_DIRS": root.appendingPathComponent("shared").path + ":" + root.appendingPathComponent("none").path]
        let found = ThemeLoader.themesDirectories(environment: environment,
                                                  executable: root.appendingPathComponent("prefix/bin/reef").path,
                                                  currentDirectory: root.appendingPathComponent("work").path)
        XCTAssertEqual(found, [own.path, installed.path, shared.path, working.path])

        let home = ThemeLoader.themesDirectories(environment: ["HOME": root.appendingPathComponent("home").path], executable: nil,
                                                 currentDirectory: root.path)
        XCTAssertFalse(home.contains(own.path), "without XDG_DATA_HOME, ~/.local/share is the data home")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("home/.local/share/reef/themes"),
                                                withIntermediateDirectories: true)
        XCTAssertEqual(ThemeLoader.themesDirectories(environment: ["HOME": root.appendingPathComponent("home").path], executable: nil,
                                                     currentDirectory: root.path).first,
                       root.appendingPathComponent("home/.local/share/reef/themes").path)
        XCTAssertEqual(ThemeLoader.executablePath().map { URL(fileURLWithPath: $0).lastPathComponent }, "ReefPackageTests.xctest",
                       "the running executable, through /proc/self/exe")
    }

    func testTheShippedThemesExist() throws {
        let names = Set(try themeFiles().map(\.lastPathComponent))
        XCTAssertTrue(names.isSuperset(of: ["default.theme", "high-contrast.theme", "light.theme", "monochrome.theme",
                                            "solarized.theme"]), "\(names)")
    }

    func testEveryThemeFileParsesAndSetsEveryElementItself() throws {
        var names: Set<String> = []
        let files = try themeFiles()
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let definition = try ThemeParser.parseDefinition(text, file: file.lastPathComponent)
            let missing = Set(ThemeElement.allCases).subtracting(definition.styles.keys)
            XCTAssertEqual(missing, [], file.lastPathComponent)
            XCTAssertNotNil(definition.name, file.lastPathComponent)
            names.insert(definition.name ?? "")
            XCTAssertNoThrow(try ThemeParser.parse(text, file: file.lastPathComponent))
        }
        XCTAssertEqual(names.count, files.count, "every theme has its own name")
    }

    func testBuiltinTextsEqualTheFiles() throws {
        let directory = themesDirectory()
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("default.theme"), encoding: .utf8),
                       BuiltinThemes.defaultText)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("monochrome.theme"), encoding: .utf8),
                       BuiltinThemes.monochromeText)
    }

    func testBuiltinThemesAreParsedNotTheFallback() throws {
        let definition = try ThemeParser.parseDefinition(BuiltinThemes.defaultText, file: "default")
        XCTAssertEqual(Theme.builtinDefault.styles, definition.styles)
        XCTAssertEqual(Theme.builtinDefault.name, "Default")
        XCTAssertEqual(Theme.monochrome.name, "Monochrome")
    }

    func testMonochromeUsesNoColours() {
        for element in ThemeElement.allCases {
            XCTAssertEqual(Theme.monochrome[element].foreground, .default, element.rawValue)
            XCTAssertEqual(Theme.monochrome[element].background, .default, element.rawValue)
        }
        XCTAssertTrue(Theme.monochrome[.cursorCell].attributes.contains(.reverse))
        XCTAssertTrue(Theme.monochrome[.header].attributes.contains(.bold))
        XCTAssertTrue(Theme.monochrome[.null].attributes.contains(.italic))
    }

    func testCursorIsDistinctFromTextInEveryTheme() throws {
        for file in try themeFiles() {
            let theme = try ThemeParser.parse(try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
            XCTAssertNotEqual(theme[.cursorCell], theme[.text], file.lastPathComponent)
            XCTAssertNotEqual(theme[.null], theme[.text], file.lastPathComponent)
        }
    }

    func testReadmeDocumentsEveryElement() throws {
        let readme = try String(contentsOf: themesDirectory().appendingPathComponent("README.md"), encoding: .utf8)
        for element in ThemeElement.allCases {
            XCTAssertTrue(readme.contains("`\(element.rawValue)`"), element.rawValue)
        }
    }
}
