import Inspector

/// A runtime error (missing file, bad content): exits 1 with one clear line.
public struct RuntimeError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
