import Foundation
import Testing
@testable import Files

/// `PathText` against the tables of POSIX.1-2017's `dirname` and `basename` pages (the
/// implementation-defined `//` rows taken as `/`), and the shapes that crashed Foundation.
@Suite struct PathTextTests {
    @Test(arguments: [("usr", "."), ("usr/", "."), ("", "."), ("/", "/"), ("//", "/"), ("///", "/"), ("/usr/", "/"),
                      ("/usr/lib", "/usr"), ("//usr//lib//", "//usr"), ("/home//dwc//test", "/home//dwc")])
    func dirnameAsPOSIXTabulatesIt(path: String, expected: String) {
        #expect(PathText.parent(of: path) == expected)
    }

    @Test(arguments: [("usr", "usr"), ("usr/", "usr"), ("", "."), ("/", "/"), ("//", "/"), ("///", "/"), ("/usr/", "usr"),
                      ("/usr/lib", "lib"), ("//usr//lib//", "lib"), ("/home//dwc//test", "test")])
    func basenameAsPOSIXTabulatesIt(path: String, expected: String) {
        #expect(PathText.name(of: path) == expected)
    }

    /// The one-character names Foundation's deletingLastPathComponent traps on, and names
    /// with spaces, a newline and a byte that is not UTF-8 (decoded as U+FFFD).
    @Test(arguments: [("a", ".", "a"), ("x/", ".", "x"), (".", ".", "."), ("..", ".", ".."), ("./a", ".", "a"),
                      ("/a", "/", "a"), ("a b/c d", "a b", "c d"), ("new\nline/f", "new\nline", "f"),
                      (String(decoding: [0x61, 0xFF, 0x2F, 0x62], as: UTF8.self), "a\u{FFFD}", "b")])
    func shapesThatCrashedBefore(path: String, parent: String, name: String) {
        #expect(PathText.parent(of: path) == parent)
        #expect(PathText.name(of: path) == name)
    }
}
