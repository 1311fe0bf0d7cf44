import Render
import Testing

/// The capture's conversion for the encoder (issue 16) against ITU-R BT.709-6: the 100 %
/// colour bars' published 8-bit Y′CbCr at video range, chroma from each 2×2 block's mean,
/// and a rectangle converted in place, from rows in either order.
@Suite struct BT709PlanesTests {
    /// One 2×2 block of one colour, converted: (Y′, Cb, Cr).
    func convert(_ rgb: (Int, Int, Int)) -> (Int, Int, Int) {
        var planes = BT709Planes(width: 2, height: 2)
        let px: [UInt8] = [UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2), 255]
        let block = Array([[UInt8]](repeating: px, count: 4).joined())
        block.withUnsafeBytes { planes.convertAll($0, bottomUp: false) }
        #expect(Set(planes.bytes[0..<4]).count == 1)
        return (Int(planes.bytes[0]), Int(planes.bytes[4]), Int(planes.bytes[5]))
    }

    /// BT.709 100 % bars, 8-bit video range: the values of the BT.709 colour-bar tables
    /// (white 235/128/128 … blue 32/240/118), which follow from items 3.2–3.6 of the
    /// Recommendation rounded to the nearest level.
    @Test func colourBarsHaveTheirPublishedValues() {
        let bars: [((Int, Int, Int), (Int, Int, Int))] = [
            ((255, 255, 255), (235, 128, 128)), ((255, 255, 0), (219, 16, 138)), ((0, 255, 255), (188, 154, 16)),
            ((0, 255, 0), (173, 42, 26)), ((255, 0, 255), (78, 214, 230)), ((255, 0, 0), (63, 102, 240)),
            ((0, 0, 255), (32, 240, 118)), ((0, 0, 0), (16, 128, 128)),
        ]
        for (rgb, want) in bars {
            let got = convert(rgb)
            #expect(got == want, "\(rgb): \(got)")
        }
    }

    /// Every grey is achromatic (Cb = Cr = 128) and its Y′ is 16 + 219·v/255 rounded.
    @Test func greysAreAchromaticAndEvenlySpaced() {
        for v in 0...255 {
            let got = convert((v, v, v))
            let exact = 16 + 219 * Double(v) / 255
            #expect(got.0 == Int(exact.rounded(.toNearestOrAwayFromZero)) && got.1 == 128 && got.2 == 128, "\(v): \(got)")
        }
    }

    /// Chroma is the block's mean colour: red, green, blue and white average to a grey
    /// (128/128), two reds and two blacks to a half red; each pixel keeps its own Y′.
    @Test func chromaComesFromTheBlocksMean() {
        func block(_ px: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
            var planes = BT709Planes(width: 2, height: 2)
            let rgba = px.flatMap { p -> [UInt8] in [p.0, p.1, p.2, 255] }
            rgba.withUnsafeBytes { planes.convertAll($0, bottomUp: false) }
            return planes.bytes
        }
        #expect(block([(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]) == [63, 173, 32, 235, 128, 128])
        // Half red: Cb = 128 − 112·0.2126/0.9278·½ → 115.17, Cr = 128 + 112·½ = 184.
        #expect(block([(255, 0, 0), (0, 0, 0), (0, 0, 0), (255, 0, 0)]) == [63, 16, 16, 63, 115, 184])
    }

    /// A rectangle lands where it says, rows top first or last first, and nothing outside
    /// it changes.
    @Test(arguments: [false, true]) func aRectangleIsConvertedInPlace(bottomUp: Bool) {
        var planes = BT709Planes(width: 8, height: 6)
        let white = [UInt8](repeating: 255, count: 8 * 6 * 4)
        white.withUnsafeBytes { planes.convertAll($0, bottomUp: false) }
        // A 4×2 rectangle at (2, 2): its top row red, its bottom row blue.
        let rect = PixelRect(x0: 2, y0: 2, x1: 6, y1: 4)
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let top = Array([[UInt8]](repeating: red, count: 4).joined()), bottom = Array([[UInt8]](repeating: blue, count: 4).joined())
        let rows = bottomUp ? bottom + top : top + bottom
        rows.withUnsafeBytes { planes.convert($0, rect: rect, bottomUp: bottomUp) }
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = rect.x0 <= x && x < rect.x1 && rect.y0 <= y && y < rect.y1
                let want: UInt8 = !inside ? 235 : (y == 2 ? 63 : 32)
                #expect(planes.bytes[y * 8 + x] == want, "Y′ at \(x),\(y)")
            }
        }
        // Chroma of the two blocks: the mean of red and blue (Cb 128 + 112·(0.5 − 0.1424)/0.9278,
        // Cr 128 + 112·(0.5 − 0.1424)/0.7874); white everywhere else.
        let cb = planes.bytes[48..<60], cr = planes.bytes[60..<72]
        for i in 0..<12 {
            let inside = i / 4 == 1 && (i % 4 == 1 || i % 4 == 2)
            #expect(cb[48 + i] == (inside ? 171 : 128) && cr[60 + i] == (inside ? 179 : 128), "block \(i)")
        }
    }

    /// A damaged rectangle grows to whole 2×2 blocks, within the frame.
    @Test func repaintsGrowToWholeBlocks() {
        let planes = BT709Planes(width: 10, height: 8)
        #expect(planes.blocks(holding: PixelRect(x0: 3, y0: 1, x1: 6, y1: 7)) == PixelRect(x0: 2, y0: 0, x1: 6, y1: 8))
        #expect(planes.blocks(holding: PixelRect(x0: 9, y0: 7, x1: 10, y1: 8)) == PixelRect(x0: 8, y0: 6, x1: 10, y1: 8))
    }
}
