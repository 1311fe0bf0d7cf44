import Foundation

/// Which build this is, for a bug report (docs/behaviour.md §17's about.txt) and
/// `springlab --version`.
enum BuildInfo {
    /// The commit the running binary was built from: "commit 1a2b3c4d5e6f" (12 digits of
    /// the hash, `-dirty` after them when tracked files differed from it), or
    /// "commit unknown".
    ///
    /// The build scripts (scripts/run, scripts/test, scripts/install) write the full hash to
    /// a `springlab.commit` file beside the binary right after building, and scripts/install
    /// puts one in PREFIX/share/springlab/. A file older than the binary is from an earlier
    /// build (a plain `swift build` since) and is not believed; then `git rev-parse` in the
    /// binary's folder names the checkout's commit as it is now (a build inside its
    /// checkout), and outside a checkout or without git the commit is unknown.
    static let commit: String = {
        let exe = LiveCapture.executable
        let folder = (exe as NSString).deletingLastPathComponent
        let installed = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/springlab")
        for candidate in [folder, installed] {
            if let recorded = recordedCommit(at: candidate + "/springlab.commit", binary: exe) { return "commit " + recorded }
        }
        return gitCommit(in: folder).map { "commit " + $0 } ?? "commit unknown"
    }()

    /// What a `springlab.commit` file says, when it is there and not older than the binary:
    /// 12 digits of its hash (and `-dirty`), or "unknown" when the build had no commit to
    /// name; nil when there is no such file or it is stale.
    static func recordedCommit(at path: String, binary: String) -> String? {
        let files = FileManager.default
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        if let fileDate = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
           let binaryDate = (try? files.attributesOfItem(atPath: binary))?[.modificationDate] as? Date,
           fileDate < binaryDate {
            return nil
        }
        return parseCommitFile(text)
    }

    /// `0123…(40 hex)[-dirty]` → `0123456789ab[-dirty]`; anything else (`unknown`, an empty
    /// or edited file) → "unknown".
    static func parseCommitFile(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let dirty = line.hasSuffix("-dirty")
        let hash = dirty ? String(line.dropLast("-dirty".count)) : line
        let hex = Set("0123456789abcdef")
        guard hash.count >= 12, hash.count <= 64, hash.allSatisfy({ hex.contains($0) }) else { return "unknown" }
        return String(hash.prefix(12)) + (dirty ? "-dirty" : "")
    }

    /// `git rev-parse --short=12 HEAD` in `folder`; nil when git is missing or it is not
    /// a checkout.
    private static func gitCommit(in folder: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", folder, "rev-parse", "--short=12", "HEAD"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let hash = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return p.terminationStatus == 0 && !hash.isEmpty ? hash : nil
    }
}
