import CSDL2
import CSDL2TTF
import Canvas
import Foundation

/// A font file that could not be used; names the path.
public struct FontError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// Inter through SDL_ttf: measuring for layout and glyph bitmaps packed into one atlas.
///
/// Layout is measured once per string at 4× the point size with hinting off and scaled
/// back, so a title wraps the same at 1× and 2× (hinted widths differ per pixel size and
/// would move line breaks between screenshots). Glyphs are rasterized at the drawable's
/// pixel size into a shared atlas: a label that changes every frame adds no textures,
/// only — at most once per character — a glyph.
///
/// Confined to the thread that draws (the main thread); the lock only guards the caches
/// so measuring from a test's thread stays safe.
public final class FontLibrary: TextMeasuring, @unchecked Sendable {
    public static let measureScale = 4.0
    public static let atlasSize = 1024

    private let paths: [FontWeight: String]
    private let lock = NSLock()
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var widths: [WidthKey: [Double]] = [:]
    private var glyphs: [GlyphKey: Glyph] = [:]
    /// Atlas pixels, one byte of coverage each, row-major, `atlasSize` square.
    public private(set) var atlas: [UInt8]
    /// Bumps whenever the atlas was cleared and must be uploaded whole.
    public private(set) var atlasGeneration = 0
    /// Rows [dirtyMinY, dirtyMaxY) changed since the last `takeDirtyRows()`.
    private var dirtyMinY = Int.max, dirtyMaxY = 0
    private var shelfX = 0, shelfY = 0, shelfHeight = 0

    struct FontKey: Hashable { var weight: FontWeight; var pixels: Int }
    struct WidthKey: Hashable { var text: String; var style: TextStyle }
    struct GlyphKey: Hashable { var weight: FontWeight; var pixels: Int; var scalar: UInt32 }

    /// A glyph's bitmap in the atlas and where it sits relative to the pen (pixels): only
    /// the rows it inks — SDL_ttf renders every glyph a line high (ascent to descent), and
    /// the rows with no coverage above and below are cut off, so a glyph's quad, its
    /// repaint and a blurred run's taps (issue 16) reach no further than its ink. (Columns
    /// are kept: a line's bitmaps then still start left to right, as `blurredRunEnd` reads
    /// a line.)
    public struct Glyph: Sendable {
        public var atlasX: Int, atlasY: Int, width: Int, height: Int
        /// Left edge of the bitmap relative to the pen position.
        public var offsetX: Int
        /// Top edge of the bitmap below the line's top.
        public var offsetY: Int = 0
    }

    /// Opens Regular, SemiBold and Bold Inter from `directory` (Assets/Fonts).
    public init(directory: String) throws {
        var found: [FontWeight: String] = [:]
        let names: [FontWeight: String] = [.regular: "Inter-Regular.otf", .semibold: "Inter-SemiBold.otf",
                                           .bold: "Inter-Bold.otf"]
        for (weight, name) in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw FontError(description: "font file missing: \(path) (install fonts-inter or restore Assets/Fonts)")
            }
            found[weight] = path
        }
        paths = found
        atlas = [UInt8](repeating: 0, count: Self.atlasSize * Self.atlasSize)
        if TTF_WasInit() == 0 && TTF_Init() != 0 {
            throw FontError(description: "SDL_ttf could not start: \(String(cString: SDL_GetError()))")
        }
        // Open one face now so a corrupt file fails here, with its path, not mid-frame.
        for weight in FontWeight.allCases { _ = try font(weight, pixels: 15) }
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// Finds Assets/Fonts next to the executable's package (or share/springlab/Fonts
    /// above an installed binary: `scripts/install`), the working directory, or in
    /// `assets` when given (the app passes $SPRINGLAB_ASSETS). The executable is
    /// /proc/self/exe, so a binary started through PATH (argv[0] a bare name) finds its
    /// fonts too.
    public static func defaultDirectory(assets: String? = nil) -> String {
        if let assets {
            return (assets as NSString).appendingPathComponent("Fonts")
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "."
        var dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            for sub in ["Assets/Fonts", "share/springlab/Fonts"] {
                let candidate = dir.appendingPathComponent(sub)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            }
            dir.deleteLastPathComponent()
        }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent("Assets/Fonts")
    }

    private func font(_ weight: FontWeight, pixels: Int) throws -> OpaquePointer {
        let key = FontKey(weight: weight, pixels: max(pixels, 1))
        if let f = fonts[key] { return f }
        guard let path = paths[weight], let f = TTF_OpenFontDPI(path, Int32(key.pixels), 72, 72) else {
            throw FontError(description: "cannot open font \(paths[weight] ?? "?"): \(String(cString: SDL_GetError()))")
        }
        TTF_SetFontKerning(f, 1)
        TTF_SetFontHinting(f, 3)  // TTF_HINTING_NONE: widths scale with size
        fonts[key] = f
        return f
    }

    private func measuringFont(_ style: TextStyle) -> OpaquePointer? {
        try? font(style.weight, pixels: Int((style.size * Self.measureScale).rounded()))
    }

    // MARK: TextMeasuring

    /// Pen advance in points before each character of `text`, plus the total at the end.
    static let measureChunk = 128

    public func advances(of text: String, style: TextStyle) -> [Double] {
        lock.lock(); defer { lock.unlock() }
        let key = WidthKey(text: text, style: style)
        if let cached = widths[key] { return cached }
        guard let f = measuringFont(style) else { return [] }
        // Each advance is the width of the prefix up to it (kerning and all, exactly as the
        // run is drawn). A prefix costs its length, so a long text is measured in chunks
        // of 128 scalars, each from the pen position the chunk before ended at: linear in
        // the text (a 10,000-character title once took 30 s), exact for up to 128.
        var result: [Double] = [0]
        var chunk = ""
        var inChunk = 0
        var origin = 0.0
        for scalar in text.unicodeScalars {
            if inChunk == Self.measureChunk {
                origin = result[result.count - 1]
                chunk = ""
                inChunk = 0
            }
            chunk.unicodeScalars.append(scalar)
            inChunk += 1
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(f, chunk, &w, &h)
            result.append(origin + Double(w) / Self.measureScale)
        }
        // Bounded: a readout that changes every frame must not grow memory forever.
        if widths.count > 4096 { widths.removeAll(keepingCapacity: true) }
        widths[key] = result
        return result
    }

    public func width(of text: String, style: TextStyle) -> Double { advances(of: text, style: style).last ?? 0 }

    public func lineHeight(of style: TextStyle) -> Double {
        lock.lock(); defer { lock.unlock() }
        guard let f = measuringFont(style) else { return style.size * 1.21 }
        return Double(TTF_FontHeight(f)) / Self.measureScale
    }

    public func ascent(of style: TextStyle) -> Double {
        lock.lock(); defer { lock.unlock() }
        guard let f = measuringFont(style) else { return style.size * 0.97 }
        return Double(TTF_FontAscent(f)) / Self.measureScale
    }

    // MARK: Glyphs

    /// The glyph for `scalar` at `pixels` size, rasterized into the atlas on first use.
    public func glyph(_ scalar: Unicode.Scalar, weight: FontWeight, pixels: Int) -> Glyph? {
        lock.lock(); defer { lock.unlock() }
        let key = GlyphKey(weight: weight, pixels: pixels, scalar: scalar.value)
        if let g = glyphs[key] { return g }
        guard let f = try? font(weight, pixels: pixels) else { return nil }
        var minx: Int32 = 0, maxx: Int32 = 0, miny: Int32 = 0, maxy: Int32 = 0, adv: Int32 = 0
        guard TTF_GlyphMetrics32(f, scalar.value, &minx, &maxx, &miny, &maxy, &adv) == 0 else { return nil }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let surface = TTF_RenderGlyph32_Blended(f, scalar.value, white) else {
            // Whitespace renders nothing: an empty glyph still has a place in the cache.
            let empty = Glyph(atlasX: 0, atlasY: 0, width: 0, height: 0, offsetX: 0)
            glyphs[key] = empty
            return empty
        }
        defer { SDL_FreeSurface(surface) }
        let alpha = Self.alpha(of: surface)
        guard let rows = alpha.inkedRows else {
            let empty = Glyph(atlasX: 0, atlasY: 0, width: 0, height: 0, offsetX: 0)
            glyphs[key] = empty
            return empty
        }
        let w = alpha.width
        guard let (ax, ay) = allocate(width: w, height: rows.count) else { return nil }
        for (i, y) in rows.enumerated() {
            let to = (ay + i) * Self.atlasSize + ax
            atlas.replaceSubrange(to..<(to + w), with: alpha.values[(y * w)..<((y + 1) * w)])
        }
        let g = Glyph(atlasX: ax, atlasY: ay, width: w, height: rows.count, offsetX: Int(min(minx, 0)), offsetY: rows.lowerBound)
        glyphs[key] = g
        return g
    }

    /// A rendered glyph's coverage, row by row.
    struct Coverage {
        var width: Int, height: Int
        var values: [UInt8]

        /// The rows from the first with a non-zero value to the last; nil when none has one.
        var inkedRows: ClosedRange<Int>? {
            let inked = (0..<height).filter { y in values[(y * width)..<((y + 1) * width)].contains { $0 != 0 } }
            guard let first = inked.first, let last = inked.last else { return nil }
            return first...last
        }
    }

    /// Shelf packing with a 1 px gutter; when the atlas is full it is cleared and the
    /// generation bumped (every glyph re-rasterizes on demand).
    private func allocate(width w: Int, height h: Int) -> (Int, Int)? {
        let size = Self.atlasSize
        guard w + 1 < size, h + 1 < size else { return nil }
        if shelfX + w + 1 > size { shelfY += shelfHeight + 1; shelfX = 0; shelfHeight = 0 }
        if shelfY + h + 1 > size {
            glyphs.removeAll(keepingCapacity: true)
            atlas = [UInt8](repeating: 0, count: size * size)
            atlasGeneration += 1
            shelfX = 0; shelfY = 0; shelfHeight = 0
        }
        let origin = (shelfX, shelfY)
        shelfX += w + 1
        shelfHeight = max(shelfHeight, h)
        dirtyMinY = min(dirtyMinY, origin.1)
        dirtyMaxY = max(dirtyMaxY, origin.1 + h)
        return origin
    }

    /// The alpha of every pixel of `surface`.
    private static func alpha(of surface: UnsafeMutablePointer<SDL_Surface>) -> Coverage {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        var out = Coverage(width: w, height: h, values: [UInt8](repeating: 0, count: w * h))
        guard let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return out }
        let pitch = Int(surface.pointee.pitch)
        let bpp = Int(surface.pointee.format.pointee.BytesPerPixel)
        let aShift = Int(surface.pointee.format.pointee.Ashift)
        for y in 0..<h {
            for x in 0..<w {
                let p = pixels + y * pitch + x * bpp
                var value: UInt32 = 0
                for b in 0..<bpp { value |= UInt32(p[b]) << (8 * UInt32(b)) }
                out.values[y * w + x] = UInt8((value >> UInt32(aShift)) & 0xFF)
            }
        }
        return out
    }

    /// Atlas rows changed since the last call (for a partial texture upload).
    public func takeDirtyRows() -> Range<Int>? {
        lock.lock(); defer { lock.unlock() }
        guard dirtyMaxY > dirtyMinY else { return nil }
        defer { dirtyMinY = .max; dirtyMaxY = 0 }
        return dirtyMinY..<dirtyMaxY
    }

    /// Number of glyphs cached (memory checks).
    public var glyphCount: Int { lock.lock(); defer { lock.unlock() }; return glyphs.count }
}
