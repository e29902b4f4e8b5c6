import XCTest
@testable import Browser

/// The vim key notation of `--keys` and `--script`.
final class KeyScriptTests: XCTestCase {
    /// The keys of a `--keys` string, failing the test on a parse error.
    private func keys(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Key] {
        do {
            return try KeyScript.parse(text).compactMap { step in
                if case .key(let key) = step {
                    return key
                }
                return nil
            }
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return []
        }
    }

    func testPlainCharacters() {
        XCTAssertEqual(keys("jk/é漢"), [.character("j"), .character("k"), .character("/"), .character("é"), .character("漢")])
        XCTAssertEqual(keys(""), [])
    }

    func testNamedKeys() {
        XCTAssertEqual(keys("<Enter><CR><Esc><Tab><S-Tab><BS><Del>"),
                       [.enter, .enter, .escape, .tab, .backTab, .backspace, .delete])
        XCTAssertEqual(keys("<Up><Down><Left><Right><PgUp><PgDn><Home><End><Insert>"),
                       [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .insert])
        XCTAssertEqual(keys("<Space><lt>"), [.character(" "), .character("<")])
        XCTAssertEqual(keys("<S-Up><S-Down><S-Left><S-Right><S-Home><s-end>"),
                       [.shiftUp, .shiftDown, .shiftLeft, .shiftRight, .shiftHome, .shiftEnd])
    }

    func testNamesAreCaseInsensitive() {
        XCTAssertEqual(keys("<enter><ESC><pgdn><s-tab><SPACE><LT>"),
                       [.enter, .escape, .pageDown, .backTab, .character(" "), .character("<")])
    }

    func testFunctionKeys() {
        XCTAssertEqual(keys("<F1><f5><F12>"), [.function(1), .function(5), .function(12)])
        XCTAssertThrowsError(try KeyScript.parse("<F13>"))
        XCTAssertThrowsError(try KeyScript.parse("<F0>"))
        XCTAssertThrowsError(try KeyScript.parse("<F01>"))
    }

    func testControlKeysAreStoredLowerCase() {
        XCTAssertEqual(keys("<C-x><c-F><C-A>"), [.control("x"), .control("f"), .control("a")])
        XCTAssertThrowsError(try KeyScript.parse("<C-1>")) { error in
            XCTAssertEqual((error as? KeyScriptError)?.token, "<C-1>")
        }
        XCTAssertThrowsError(try KeyScript.parse("<C-xy>"))
    }

    func testLiteralLessThanWhenNoTokenFollows() {
        XCTAssertEqual(keys("a<b"), [.character("a"), .character("<"), .character("b")])
        XCTAssertEqual(keys("<3"), [.character("<"), .character("3")])
        XCTAssertEqual(keys("<3>"), [.character("<"), .character("3"), .character(">")], "a name starts with a letter")
        XCTAssertEqual(keys("x < y > z").count, 9, "spaces inside brackets: literal")
        XCTAssertEqual(keys("<"), [.character("<")])
        XCTAssertEqual(keys("<<Enter>"), [.character("<"), .enter])
    }

    func testUnknownTokenIsAnErrorNamingItAndItsPosition() {
        XCTAssertThrowsError(try KeyScript.parse("jj<Foo>q")) { error in
            guard let error = error as? KeyScriptError else {
                return XCTFail("wrong error type")
            }
            XCTAssertEqual(error.token, "<Foo>")
            XCTAssertEqual(error.column, 3)
            XCTAssertEqual(error.description, "--keys: position 3: unknown key <Foo>; write <lt> for a literal <")
        }
    }

    func testAnUnclosedKnownNameIsAnError() {
        for (keys, column, name) in [("jj<Enter", 3, "Enter"), ("<esc q", 1, "esc"), ("a<C-c", 2, "C-c"), ("<dump", 1, "dump")] {
            XCTAssertThrowsError(try KeyScript.parse(keys), keys) { error in
                XCTAssertEqual(error as? KeyScriptError, KeyScriptError(
                    problem: "<\(name) is not closed: write <\(name)>, or <lt> for a literal <", token: "<\(name)",
                    file: nil, line: 1, column: column), keys)
            }
        }
        XCTAssertEqual(keys("<Entered"), Array("<Entered").map { .character($0) }, "not a key name: literal")
        for (keys, name, meant) in [("<Ent", "Ent", "Enter"), ("j<C- q", "C-", "C-x"), ("<wai", "wai", "wait:500")] {
            XCTAssertThrowsError(try KeyScript.parse(keys), keys) { error in
                XCTAssertEqual((error as? KeyScriptError)?.problem,
                               "<\(name) is not a whole key name: write <\(meant)>, or <lt> for a literal <", keys)
            }
        }
        XCTAssertEqual(keys("a<b"), [.character("a"), .character("<"), .character("b")], "one letter: a literal")
    }

    func testScriptActions() throws {
        XCTAssertEqual(try KeyScript.parse("j<wait:250><DUMP>q"),
                       [.key(.character("j")), .wait(milliseconds: 250), .dump, .key(.character("q"))])
        XCTAssertEqual(try KeyScript.parse("<Wait:0>"), [.wait(milliseconds: 0)])
        XCTAssertThrowsError(try KeyScript.parse("<wait:soon>")) { error in
            XCTAssertEqual((error as? KeyScriptError)?.problem,
                           "invalid wait duration in <wait:soon>: expected milliseconds, e.g. <wait:500>")
        }
        XCTAssertThrowsError(try KeyScript.parse("<wait:-5>"))
    }

    func testControlCharactersInKeys() throws {
        XCTAssertEqual(keys("a\nb\t"), [.character("a"), .enter, .character("b"), .tab])
        XCTAssertEqual(keys("\u{1B}"), [.escape])
        XCTAssertThrowsError(try KeyScript.parse("x\u{1}")) { error in
            XCTAssertEqual((error as? KeyScriptError)?.column, 2)
            XCTAssertEqual((error as? KeyScriptError)?.token, "^A")
        }
    }

    func testScriptFileIgnoresNewlinesAndComments() throws {
        let script = """
            # open the first table
            <Down><Enter>
            <wait:100>
            # a comment
            /na<Enter><dump>
            :q<Enter>

            """
        XCTAssertEqual(try KeyScript.parseScript(script, file: "demo.keys"), [
            .key(.down), .key(.enter), .wait(milliseconds: 100),
            .key(.character("/")), .key(.character("n")), .key(.character("a")), .key(.enter), .dump,
            .key(.character(":")), .key(.character("q")), .key(.enter),
        ])
    }

    func testScriptFileHandlesCRLFAndSpacesAreKeys() throws {
        XCTAssertEqual(try KeyScript.parseScript("a b\r\n#c\r\nd", file: "x"),
                       [.key(.character("a")), .key(.character(" ")), .key(.character("b")), .key(.character("d"))])
    }

    func testScriptErrorsNameFileLineAndColumn() {
        XCTAssertThrowsError(try KeyScript.parseScript("# comment\njj\n  <Nope>\n", file: "demo.keys")) { error in
            XCTAssertEqual((error as? KeyScriptError)?.description,
                           "demo.keys:3:3: unknown key <Nope>; write <lt> for a literal <")
        }
    }

    func testKeyDescriptionsRoundTrip() throws {
        let all: [Key] = [
            .character("a"), .character(" "), .character("<"), .character("漢"), .enter, .escape, .tab, .backTab,
            .backspace, .delete, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .insert,
            .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .shiftHome, .shiftEnd, .function(7), .control("w"),
        ]
        let notation = all.map(\.description).joined()
        XCTAssertEqual(try KeyScript.parse(notation), all.map(ScriptStep.key))
    }
}
