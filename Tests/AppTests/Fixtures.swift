import Foundation

/// Test fixtures live beside the tests; their expected values come from the Python
/// references in Tests/reference, never from the code under test.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func text(_ name: String) -> String {
        (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
    }

    /// Parses CSV text into rows of numbers, skipping a header row.
    static func numbers(_ text: String) -> [[Double]] {
        text.split(separator: "\n").dropFirst(text.hasPrefix("t") ? 1 : 0).map { line in
            line.split(separator: ",").compactMap { Double(String($0)) }
        }
    }
}
