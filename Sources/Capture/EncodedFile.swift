import Foundation

/// Checks that an encoder's output is a whole file, not one cut short.
enum EncodedFile {
    /// Why an MP4 is not whole: its top-level boxes must fill the file exactly and hold
    /// both the media (`mdat`) and the index (`moov`) without which nothing plays.
    static func mp4Problem(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "the encoded file cannot be read" }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return "the encoded file cannot be read" }
        var offset: UInt64 = 0
        var types: Set<String> = []
        while offset < size {
            guard (try? handle.seek(toOffset: offset)) != nil, let head = try? handle.read(upToCount: 16), head.count >= 8 else {
                return "the MP4 is cut short (a full disk?)"
            }
            let bytes = [UInt8](head)
            var boxSize = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if boxSize == 1 {
                guard bytes.count >= 16 else { return "the MP4 is cut short (a full disk?)" }
                boxSize = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            } else if boxSize == 0 {
                boxSize = size - offset
            }
            guard boxSize >= 8, offset + boxSize <= size else { return "the MP4 is cut short (a full disk?)" }
            types.insert(type)
            offset += boxSize
        }
        guard types.contains("moov"), types.contains("mdat") else { return "the MP4 has no index (moov): cut short (a full disk?)" }
        return nil
    }

    /// Why a GIF is not whole: walked block by block as the GIF89a specification lays it
    /// out, the trailer must be its last byte (`gifIsWhole`). ffmpeg can exit 0 after its
    /// writes failed (a file-size limit: SIGXFSZ is ignored, so writes fail with EFBIG), so
    /// the file itself is the proof. Checking only that the last byte is the trailer's
    /// (0x3B) let through a GIF cut at a byte that happened to be 0x3B.
    static func gifProblem(_ path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            return "the encoded file cannot be read"
        }
        return gifIsWhole(data) ? nil : "the GIF is cut short (a full disk?)"
    }

    /// True when `bytes` are a GIF whose blocks run whole to a trailer at the very end: the
    /// signature (GIF87a or GIF89a); the logical screen descriptor (7 bytes), its global
    /// colour table if its flag is set (3 × 2^(n+1) bytes); then extensions (0x21, a label,
    /// data sub-blocks) and images (0x2C, a 9-byte descriptor, a local colour table if
    /// flagged, the LZW code size, data sub-blocks), each chain of sub-blocks (a length
    /// byte, that many bytes) ended by a zero length; then the trailer, 0x3B.
    static func gifIsWhole(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let n = raw.count
            guard n >= 14, [UInt8](raw[0..<6]) == Array("GIF89a".utf8) || [UInt8](raw[0..<6]) == Array("GIF87a".utf8) else {
                return false
            }
            func table(_ packed: UInt8) -> Int { packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0 }
            var i = 13 + table(raw[10])
            // A chain of sub-blocks from i: true when its terminator lies within the file.
            func subBlocks() -> Bool {
                while i < n {
                    let size = Int(raw[i])
                    i += 1 + size
                    if size == 0 { return true }
                }
                return false
            }
            while i < n {
                switch raw[i] {
                case 0x3B:
                    return i == n - 1
                case 0x21:
                    i += 2
                    guard subBlocks() else { return false }
                case 0x2C:
                    guard i + 10 < n else { return false }
                    i += 10 + table(raw[i + 9]) + 1
                    guard subBlocks() else { return false }
                default:
                    return false
                }
            }
            return false
        }
    }
}
