import Foundation

/// Which build this is, for a bug report (docs/behaviour.md §17's about.txt).
enum BuildInfo {
    /// The commit the running binary was built from: `git rev-parse` in the folder the
    /// binary lives in (a build inside its checkout), or a `springlab.commit` file beside
    /// it (an install), else "commit unknown".
    static let commit: String = {
        let exe = LiveCapture.executable
        let folder = (exe as NSString).deletingLastPathComponent
        if let text = try? String(contentsOfFile: folder + "/springlab.commit", encoding: .utf8) {
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !line.isEmpty { return "commit " + String(line.prefix(40)) }
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", folder, "rev-parse", "--short=12", "HEAD"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "commit unknown" }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let hash = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return p.terminationStatus == 0 && !hash.isEmpty ? "commit \(hash)" : "commit unknown"
    }()
}
