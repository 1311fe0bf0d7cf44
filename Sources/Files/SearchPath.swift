import Foundation

/// The folders of a `PATH` value, searched in order for a program.
public struct SearchPath: Sendable, Equatable {
    public let folders: [String]

    /// The folders of `value` (colon-separated; empty entries skipped); none for nil.
    public init(_ value: String?) {
        folders = (value ?? "").split(separator: ":").map(String.init)
    }

    /// The first executable file named `program` in the folders, or nil.
    public func locate(_ program: String) -> String? {
        folders.lazy.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
