import CSDL2
import CSDL2Image
import Files
import Foundation

/// Writes and reads PNG files through SDL_image.
public enum PNG {
    /// Encodes straight-alpha RGBA8 pixels (top row first) as PNG bytes, in memory: the
    /// file is then written by `OutputFile`, whose writes are all checked (SDL_image's own
    /// file writer does not report a full disk, and left truncated PNGs behind).
    public static func encode(rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw RenderError("no pixels to encode")
        }
        // The most a PNG can take: every row stored raw (a filter byte each) in deflate's
        // stored blocks (5 bytes per 64 KB), IDAT chunks of 8 KB (12 bytes each), and the
        // signature, header and end chunks.
        let raw = height * (width * 4 + 1)
        let capacity = raw + raw / 8192 * 12 + raw / 16384 * 5 + 4096
        var out = [UInt8](repeating: 0, count: capacity)
        var bytes = rgba
        let written: Int = bytes.withUnsafeMutableBytes { pixels in
            out.withUnsafeMutableBytes { buffer in
                guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    pixels.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                    SDL_PIXELFORMAT_ABGR8888.rawValue) else { return -1 }
                defer { SDL_FreeSurface(surface) }
                guard let rw = SDL_RWFromMem(buffer.baseAddress, Int32(buffer.count)) else { return -1 }
                defer { SDL_RWclose(rw) }
                guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { return -1 }
                return Int(SDL_RWtell(rw))
            }
        }
        guard written > 0 else { throw RenderError("cannot encode a PNG: \(String(cString: SDL_GetError()))") }
        out.removeSubrange(written...)
        return out
    }

    /// Writes pixels to `path` as PNG, whole or not at all (docs/behaviour.md §13).
    public static func write(rgba: [UInt8], width: Int, height: Int, to path: String, replacing: Bool = true) throws {
        try OutputFile.write(try encode(rgba: rgba, width: width, height: height), to: path, replacing: replacing)
    }

    /// Reads a PNG as straight-alpha RGBA8 (top row first).
    public static func read(_ path: String) throws -> (rgba: [UInt8], width: Int, height: Int) {
        guard let loaded = IMG_Load(path) else { throw RenderError("cannot read \(path): \(String(cString: SDL_GetError()))") }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw RenderError("cannot convert \(path)")
        }
        defer { SDL_FreeSurface(converted) }
        let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        guard let src = converted.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return (out, w, h) }
        for y in 0..<h { for x in 0..<(w * 4) { out[y * w * 4 + x] = src[y * pitch + x] } }
        return (out, w, h)
    }
}
