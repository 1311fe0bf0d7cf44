@testable import Capture
import Foundation
import Testing

/// A GIF is accepted as written only when its blocks run whole to the trailer at its very
/// end (`EncodedFile.gifIsWhole`, docs/behaviour.md §13: an output that failed never leaves a truncated
/// file). The bytes are a 1×1 GIF laid out by hand from the GIF89a specification.
@Suite struct EncodedFileTests {
    /// Signature; logical screen 1×1 with a global table of 2 colours (flag 0x80, size 0:
    /// 3 × 2 bytes); a graphic control extension (0x21 0xF9, one 4-byte sub-block, end);
    /// an image descriptor (0x2C, 9 bytes, no local table); LZW code size 2; one 2-byte
    /// data sub-block, end; the trailer. 43 bytes.
    static let tiny: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
        0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00,
        0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
        0x02, 0x02, 0x44, 0x01, 0x00,
        0x3B]

    @Test func aWholeGIFIsWholeAndEveryCutOfItIsNot() {
        #expect(Self.tiny.count == 43)
        #expect(EncodedFile.gifIsWhole(Data(Self.tiny)))
        for length in 0..<Self.tiny.count {
            #expect(!EncodedFile.gifIsWhole(Data(Self.tiny.prefix(length))), "cut to \(length) bytes")
        }
        // GIF87a is a GIF too; another signature, bytes after the trailer or an unknown
        // block are not.
        var old = Self.tiny
        old.replaceSubrange(3..<6, with: Array("87a".utf8))
        #expect(EncodedFile.gifIsWhole(Data(old)))
        var other = Self.tiny
        other[5] = UInt8(ascii: "b")
        #expect(!EncodedFile.gifIsWhole(Data(other)))
        #expect(!EncodedFile.gifIsWhole(Data(Self.tiny + [0x00])))
        var unknown = Self.tiny
        unknown.insert(0x7E, at: 42)
        #expect(!EncodedFile.gifIsWhole(Data(unknown)))
    }

    /// The cut that got through before: image data holding the byte 0x3B, the file ending
    /// right after it. Its last byte is the trailer's value, but the sub-block it sits in
    /// runs past the end.
    @Test func aCutThatEndsOnTheTrailersByteIsStillCut() {
        var gif = Array(Self.tiny[0..<38])  // up to and with the LZW code size (byte 37)
        gif += [0x03, 0x44, 0x3B, 0x01, 0x00, 0x3B]
        #expect(EncodedFile.gifIsWhole(Data(gif)), "the whole file")
        let cut = Array(gif[0..<41])
        #expect(cut.last == 0x3B)
        #expect(!EncodedFile.gifIsWhole(Data(cut)))
    }

    /// A local colour table is skipped by its size: a descriptor flagging 4 colours (0x81)
    /// followed by 12 bytes of table.
    @Test func aLocalColourTableIsStepped() {
        var gif = Array(Self.tiny[0..<27])  // up to the end of the extension (byte 26)
        gif += [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x81] + [UInt8](repeating: 0x3B, count: 12)
        gif += [0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        #expect(EncodedFile.gifIsWhole(Data(gif)))
        #expect(!EncodedFile.gifIsWhole(Data(gif.prefix(27 + 10 + 5))), "cut inside the table, on a 0x3B")
    }

    /// Through the file, as the encoder's output is checked.
    @Test func theFileIsReadWhole() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = dir.appendingPathComponent("a.gif"), cut = dir.appendingPathComponent("b.gif")
        try Data(Self.tiny).write(to: whole)
        try Data(Self.tiny.prefix(40)).write(to: cut)
        #expect(EncodedFile.gifProblem(whole.path) == nil)
        #expect(EncodedFile.gifProblem(cut.path) == "the GIF is cut short (a full disk?)")
        #expect(EncodedFile.gifProblem(dir.appendingPathComponent("none.gif").path) == "the encoded file cannot be read")
    }
}
