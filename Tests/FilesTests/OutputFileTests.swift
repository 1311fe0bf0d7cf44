import Foundation
import Testing
@testable import Files

/// A fresh folder for one test, removed after.
private func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "springlab-files-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
}

private func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

private func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

/// docs/behaviour.md §13: every output goes to a unique temporary beside its target and is renamed
/// over it only when whole; a failure leaves the target as it was and nothing behind.
@Suite struct OutputFileTests {
    @Test func aCommittedFileReplacesTheTargetAndLeavesNoTemporary() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputFile.write(Array("old".utf8), to: dir + "/a.txt")
        try OutputFile.write(Array("new".utf8), to: dir + "/a.txt")
        #expect(contents(dir + "/a.txt") == Array("new".utf8))
        #expect(entries(dir) == ["a.txt"])
    }

    @Test func theTemporaryIsBesideTheTargetAndNotTheTarget() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try OutputFile(target: dir + "/shot.png")
        #expect(file.temporaryPath.hasPrefix(dir + "/.shot.png-springlab-"))
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        #expect(!FileManager.default.fileExists(atPath: dir + "/shot.png"))
        file.abandon()
        #expect(entries(dir).isEmpty)
    }

    @Test func aUsersPartialFileIsNeverTouched() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The names the old writer used: NAME.partial — a user's own file of that name stays.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/take.mp4.partial"))
        let file = try OutputFile(target: dir + "/take.mp4")
        try file.write(Array("video".utf8))
        file.abandon()
        #expect(contents(dir + "/take.mp4.partial") == Array("mine".utf8))
        #expect(entries(dir) == ["take.mp4.partial"])
    }

    @Test func twoWritersToOneTargetEachMoveInAWholeFile() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try OutputFile(target: dir + "/x.bin"), b = try OutputFile(target: dir + "/x.bin")
        #expect(a.temporaryPath != b.temporaryPath)
        try a.write([UInt8](repeating: 1, count: 1000))
        try b.write([UInt8](repeating: 2, count: 2000))
        try a.commit()
        try b.commit()
        #expect(contents(dir + "/x.bin") == [UInt8](repeating: 2, count: 2000))
        #expect(entries(dir) == ["x.bin"])
    }

    @Test(arguments: ["dir", "dir/"])
    func aDirectoryWhereAFileIsMeantIsRefusedAndKept(_ name: String) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/dir", withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/dir/inside.txt"))
        #expect(throws: FileError.self) { try OutputFile.write([1, 2, 3], to: dir + "/" + name) }
        #expect(contents(dir + "/dir/inside.txt") == Array("keep".utf8))
        #expect(entries(dir) == ["dir"])
    }

    @Test func aDeviceOrFIFOTargetIsRefusedByName() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        do {
            try OutputFile.write([1], to: dir + "/pipe")
            Issue.record("a FIFO was written")
        } catch { #expect(error.description.contains("is a FIFO (named pipe)")) }
        do {
            try OutputFile.write([1], to: "/dev/null")
            Issue.record("a device was written")
        } catch { #expect(error.description.contains("is a device")) }
    }

    @Test func aMissingFolderIsNamed() {
        do {
            try OutputFile.write([1], to: "/nonexistent-springlab/x.png")
            Issue.record("written into a missing folder")
        } catch { #expect(error.description.contains("does not exist")) }
    }

    @Test func replacingOnlyAFileOfTheSameKind() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let isReplay: (ArraySlice<UInt8>) -> Bool = { $0.starts(with: Array("springlab-replay".utf8)) }
        try Data("\u{0}\u{0}\u{0}\u{18}ftypmp42".utf8).write(to: URL(fileURLWithPath: dir + "/movie.mp4"))
        #expect(throws: FileError.self) { _ = try OutputFile(target: dir + "/movie.mp4", mayReplace: isReplay, kindName: "a replay") }
        try Data("springlab-replay 1\n".utf8).write(to: URL(fileURLWithPath: dir + "/old.slreplay"))
        let file = try OutputFile(target: dir + "/old.slreplay", mayReplace: isReplay, kindName: "a replay")
        try file.write("springlab-replay 1\nnew\n")
        try file.commit()
        #expect(contents(dir + "/old.slreplay") == Array("springlab-replay 1\nnew\n".utf8))
    }

    @Test func withoutReplacingAnExistingNameIsRefusedAndKept() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputFile.write(Array("first".utf8), to: dir + "/shot.png", replacing: false)
        do {
            try OutputFile.write(Array("second".utf8), to: dir + "/shot.png", replacing: false)
            Issue.record("replaced")
        } catch { #expect(error.isExists) }
        #expect(contents(dir + "/shot.png") == Array("first".utf8))
        #expect(entries(dir) == ["shot.png"])
    }

    @Test func aNewFileGetsTheUsualModeAndAReplacedOneKeepsItsMode() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputFile.write([1], to: dir + "/new.bin")
        let mask = umask(0o022)
        umask(mask)
        var st = stat()
        #expect(stat(dir + "/new.bin", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o666 & ~mask)
        chmod(dir + "/new.bin", 0o640)
        try OutputFile.write([2], to: dir + "/new.bin")
        #expect(stat(dir + "/new.bin", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o640)
    }
}

@Suite struct OutputFolderTests {
    @Test func aFolderIsBuiltAsideAndRenamedWhole() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = try OutputFolder(target: dir + "/frames/")
        try folder.write([1], name: "frame-00000.png")
        try folder.write([2], name: "frame-00001.png")
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"))
        try folder.commit()
        #expect(entries(dir) == ["frames"])
        #expect(entries(dir + "/frames") == ["frame-00000.png", "frame-00001.png"])
    }

    @Test func anAbandonedFolderRemovesOnlyWhatItWrote() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/frames.partial", withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/frames.partial/notes.txt"))
        let folder = try OutputFolder(target: dir + "/frames")
        try folder.write([1], name: "frame-00000.png")
        folder.abandon()
        #expect(entries(dir) == ["frames.partial"])
        #expect(contents(dir + "/frames.partial/notes.txt") == Array("mine".utf8))
    }

    @Test func aNonEmptyFolderOrAFileIsRefused() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/full", withIntermediateDirectories: false)
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/full/keep"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        #expect(throws: FileError.self) { _ = try OutputFolder(target: dir + "/full/") }
        #expect(throws: FileError.self) { _ = try OutputFolder(target: dir + "/file/") }
        #expect(entries(dir) == ["file", "full"])
    }

    @Test func aSecondTakeIntoTheSameFolderFailsWholeAndTheFirstStays() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try OutputFolder(target: dir + "/out"), b = try OutputFolder(target: dir + "/out")
        try a.write([1], name: "frame-00000.png")
        try b.write([2], name: "frame-00000.png")
        try b.write([2], name: "frame-00001.png")
        try a.commit()
        #expect(throws: FileError.self) { try b.commit() }
        #expect(entries(dir + "/out") == ["frame-00000.png"])
        #expect(contents(dir + "/out/frame-00000.png") == [1])
        #expect(entries(dir) == ["out"])
    }
}

@Suite struct AppendLogTests {
    @Test func linesGoStraightToTheTargetAfterTheHeader() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let log = try AppendLog(target: dir + "/t.jsonl", header: "")
        try log.append("{\"a\": 1}")
        // Readable before the log is closed: a test (or a crash) sees every line so far.
        #expect(contents(dir + "/t.jsonl") == Array("{\"a\": 1}\n".utf8))
        try log.append("{\"a\": 2}")
        log.close()
        #expect(contents(dir + "/t.jsonl") == Array("{\"a\": 1}\n{\"a\": 2}\n".utf8))
        #expect(throws: FileError.self) { try log.append("late") }
        #expect(entries(dir) == ["t.jsonl"])
    }

    @Test func anotherKindOfFileIsRefusedAndKept() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        try Data(png).write(to: URL(fileURLWithPath: dir + "/img.png"))
        #expect(throws: FileError.self) {
            _ = try AppendLog(target: dir + "/img.png", header: "", mayReplace: { $0.first == UInt8(ascii: "{") })
        }
        #expect(contents(dir + "/img.png") == png)
        #expect(entries(dir) == ["img.png"])
    }
}

@Suite struct QuotingTests {
    @Test func controlCharactersAreEscaped() {
        #expect(quoted("a\nb\tc\0d\u{1B}[31m") == "'a\\nb\\tc\\0d\\u{1B}[31m'")
    }

    @Test func longValuesAreCutAtSixtyCharacters() {
        let long = String(repeating: "x", count: 100_000)
        #expect(quoted(long) == "'" + String(repeating: "x", count: 60) + "…'")
        #expect(quoted(String(repeating: "y", count: 60)) == "'" + String(repeating: "y", count: 60) + "'")
    }

    /// 60 emoji are 240 bytes of UTF-8 (4 each): the cut comes at 120 bytes, 30 of them, so
    /// a message stays within its line's byte budget whatever the script.
    @Test func valuesAreCutAtSixtyCharactersOr120Bytes() {
        let emoji = String(repeating: "😀", count: 60)
        #expect(quoted(emoji) == "'" + String(repeating: "😀", count: 30) + "…'")
        // An escape counts at its written size: 21 × "\u{1B}" (6 bytes each) is 126 > 120.
        #expect(escaped(String(repeating: "\u{1B}", count: 21)) == String(repeating: "\\u{1B}", count: 20) + "…")
    }

    @Test func aPlainPathIsShownAsIs() {
        #expect(quotedPath("/tmp/out.png") == "/tmp/out.png")
        #expect(quotedPath("/tmp/a\nb.png") == "'/tmp/a\\nb.png'")
    }
}

@Suite struct InputFileTests {
    @Test func devicesFIFOsAndFoldersAreNamed() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        let cases = [("/dev/null", "is a device"), ("/dev/zero", "is a device"), (dir + "/pipe", "is a FIFO (named pipe)"),
                     (dir, "is a directory"), (dir + "/missing", "no such file")]
        for (path, words) in cases {
            do {
                _ = try InputFile.readText(path)
                Issue.record("\(path) was read")
            } catch { #expect(error.description.contains(words), "\(path): \(error)") }
        }
    }

    @Test func aFileOverTheLimitOrWithNULBytesIsRefused() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(repeating: 65, count: 5000).write(to: URL(fileURLWithPath: dir + "/big"))
        #expect(throws: FileError.self) { _ = try InputFile.readText(dir + "/big", limit: 4096) }
        try Data([65, 0, 66]).write(to: URL(fileURLWithPath: dir + "/nul"))
        #expect(throws: FileError.self) { _ = try InputFile.readText(dir + "/nul") }
    }

    @Test func linesStreamInChunksAndALongLineIsRefused() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 200,000 short lines, CRLF and a last line without a break: every one, in order.
        var text = ""
        for i in 0..<200_000 { text += "\(i)\r\n" }
        text += "last"
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/rows"))
        var reader = try LineReader(path: dir + "/rows")
        var count = 0
        var lastLine = ""
        var ordered = true
        try reader.forEachLine { (bytes: UnsafeBufferPointer<UInt8>, n: Int) throws(FileError) in
            let line = String(decoding: bytes, as: UTF8.self)
            if n <= 200_000 && line != String(n - 1) { ordered = false }
            lastLine = line
            count += 1
        }
        #expect(count == 200_001)
        #expect(ordered)
        #expect(lastLine == "last")
        try Data(repeating: 65, count: 10_000).write(to: URL(fileURLWithPath: dir + "/long"))
        var long = try LineReader(path: dir + "/long", maxLine: 4096)
        #expect(throws: FileError.self) {
            try long.forEachLine { (_: UnsafeBufferPointer<UInt8>, _: Int) throws(FileError) in }
        }
    }
}
