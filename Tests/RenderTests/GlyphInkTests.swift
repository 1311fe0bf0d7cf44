import CSDL2TTF
import Canvas
import Render
import Testing

/// Glyph bitmaps hold only the rows a glyph inks (issue 16): SDL_ttf renders every glyph
/// a line high, and the empty rows above and below cost a quad's worth of pixels per glyph
/// — 17 taps each in blurred text. Against SDL_ttf's own rendering of each glyph: the rows
/// kept are exactly its first to last inked row, with the same coverage, placed where they
/// were on the line; nothing inked is lost.
extension RenderSuite {
    @Suite struct GlyphInkTests {
        /// SDL_ttf's rendering of `scalar` (Inter Regular, `pixels` px, unhinted as the
        /// library renders it): its coverage, a line high.
        func reference(_ scalar: Unicode.Scalar, pixels: Int) throws -> (width: Int, height: Int, alpha: [UInt8]) {
            let path = FontLibrary.defaultDirectory() + "/Inter-Regular.otf"
            let font = try #require(TTF_OpenFontDPI(path, Int32(pixels), 72, 72))
            defer { TTF_CloseFont(font) }
            TTF_SetFontKerning(font, 1)
            TTF_SetFontHinting(font, 3)
            let surface = try #require(TTF_RenderGlyph32_Blended(font, scalar.value, SDL_Color(r: 255, g: 255, b: 255, a: 255)))
            defer { SDL_FreeSurface(surface) }
            let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
            let bpp = Int(surface.pointee.format.pointee.BytesPerPixel), shift = Int(surface.pointee.format.pointee.Ashift)
            let bytes = try #require(surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self))
            var alpha = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    var v: UInt32 = 0
                    for b in 0..<bpp { v |= UInt32(bytes[y * pitch + x * bpp + b]) << (8 * UInt32(b)) }
                    alpha[y * w + x] = UInt8((v >> UInt32(shift)) & 0xFF)
                }
            }
            return (w, h, alpha)
        }

        @Test(arguments: [15, 56]) func glyphBitmapsAreTheRowsTheyInk(pixels: Int) throws {
            let fonts = try FontLibrary(directory: FontLibrary.defaultDirectory())
            for scalar in "Hgx1,'ÉQ".unicodeScalars {
                let ref = try reference(scalar, pixels: pixels)
                let inked = (0..<ref.height).filter { y in (0..<ref.width).contains { ref.alpha[y * ref.width + $0] != 0 } }
                let first = try #require(inked.first), last = try #require(inked.last)
                let g = try #require(fonts.glyph(scalar, weight: .regular, pixels: pixels))
                #expect(g.offsetY == first && g.height == last - first + 1 && g.width == ref.width, "\(scalar): \(g)")
                var same = true
                for y in 0..<g.height {
                    for x in 0..<g.width where fonts.atlas[(g.atlasY + y) * FontLibrary.atlasSize + g.atlasX + x]
                        != ref.alpha[(first + y) * ref.width + x] { same = false }
                }
                #expect(same, "\(scalar): the atlas holds SDL_ttf's coverage")
            }
            // A capital is a cap height tall, well under the line SDL_ttf renders it in
            // (Inter: cap height 0.73 em, ascent + descent 1.21 em).
            let h = try #require(fonts.glyph("H", weight: .regular, pixels: pixels))
            let line = try reference("H", pixels: pixels).height
            #expect(Double(h.height) <= 0.75 * Double(pixels) + 2 && Double(line) >= 1.15 * Double(pixels), "\(h.height) of \(line)")
            // A space inks nothing: no bitmap at all.
            #expect(fonts.glyph(" ", weight: .regular, pixels: pixels)?.width == 0)
        }
    }
}
