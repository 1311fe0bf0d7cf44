import Foundation
import Testing
@testable import Files

/// The desktop's trash as the freedesktop.org Trash specification 1.0 lays it out: the file
/// under `files/`, and `info/NAME.trashinfo` with `[Trash Info]`, `Path=` (the original
/// absolute path, URI-escaped) and `DeletionDate=` (YYYY-MM-DDThh:mm:ss, local time).
@Suite struct TrashTests {
    let root = NSTemporaryDirectory() + "springlab-trash-\(UUID().uuidString)"

    func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func aFileGoesToFilesWithItsInfoNamingWhereItWas() throws {
        let original = root + "/presets/Calm set.preset.json"
        try write(original, "{}")
        // 2026-12-06 14:05:09 UTC, written in local time as the specification asks.
        let date = Date(timeIntervalSince1970: 1_796_565_909)
        let moved = try Trash.move(original, to: root + "/Trash", date: date)
        #expect(moved.file == root + "/Trash/files/Calm set.preset.json")
        #expect(moved.info == root + "/Trash/info/Calm set.preset.json.trashinfo")
        #expect(!FileManager.default.fileExists(atPath: original))
        #expect(try String(contentsOfFile: moved.file, encoding: .utf8) == "{}")
        let info = try String(contentsOfFile: moved.info, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(info.first == "[Trash Info]")
        #expect(info.contains("Path=" + root.replacingOccurrences(of: " ", with: "%20") + "/presets/Calm%20set.preset.json"))
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        formatter.timeZone = .current
        formatter.locale = Locale(identifier: "en_US_POSIX")
        #expect(info.contains("DeletionDate=" + formatter.string(from: date)))
    }

    @Test func aNameTakenInTheTrashGetsANumberAndTheFirstIsKept() throws {
        let original = root + "/p/Calm.preset.json"
        try write(original, "first")
        _ = try Trash.move(original, to: root + "/Trash")
        try write(original, "second")
        let again = try Trash.move(original, to: root + "/Trash")
        #expect(again.file == root + "/Trash/files/Calm 2.preset.json")
        #expect(again.info == root + "/Trash/info/Calm 2.preset.json.trashinfo")
        #expect(try String(contentsOfFile: root + "/Trash/files/Calm.preset.json", encoding: .utf8) == "first")
        #expect(try String(contentsOfFile: again.file, encoding: .utf8) == "second")
    }

    @Test func aFileThatCannotMoveStaysAndLeavesNoInfo() throws {
        let missing = root + "/p/Gone.preset.json"
        #expect(throws: FileError.self) { _ = try Trash.move(missing, to: root + "/Trash") }
        let infos = (try? FileManager.default.contentsOfDirectory(atPath: root + "/Trash/info")) ?? []
        #expect(infos.isEmpty, "an info file without its file would list a ghost")
    }

    @Test func pathsAreEscapedAsURIPaths() {
        #expect(Trash.encoded("/home/ana/a b/ü+%.json") == "/home/ana/a%20b/%C3%BC%2B%25.json")
        #expect(Trash.folder(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/Trash")
        #expect(Trash.folder(environment: ["HOME": "/h"]) == "/h/.local/share/Trash")
        #expect(Trash.folder(environment: ["XDG_DATA_HOME": "rel"]) == nil)
    }
}
