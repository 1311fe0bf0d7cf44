import CSDL2
import CSDL2Image
import Foundation

/// Writes and reads PNG files through SDL_image.
public enum PNG {
    /// Writes straight-alpha RGBA8 pixels (top row first) to `path`. Written to a
    /// temporary name beside it and renamed, so a failure never leaves half a file.
    public static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw RenderError("no pixels to write to \(path)")
        }
        let partial = path + ".partial"
        var bytes = rgba
        let status: Int32 = bytes.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                SDL_PIXELFORMAT_ABGR8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, partial)
        }
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            throw RenderError("cannot write \(path): \(String(cString: SDL_GetError()))")
        }
        do {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw RenderError("cannot write \(path): \(error.localizedDescription)")
        }
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
