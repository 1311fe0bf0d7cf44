/// A video frame as an H.264 encoder takes it: 8-bit Y′CbCr 4:2:0 planes (`yuv420p`), Y′
/// then Cb then Cr, top row first, by ITU-R BT.709 at video range — the conversion ffmpeg
/// did for captures before (issue 17), done here instead so that a capture converts only
/// what a frame repainted (issue 16) and pipes 1.5 bytes a pixel instead of 4.
///
/// The formulas (ITU-R BT.709-6, items 3.2–3.5 — Kr 0.2126, Kb 0.0722 — with the 8-bit
/// quantisation of item 3.6: Y′ = 16 + 219·E′Y, C = 128 + 224·E′C), on R′G′B′ taken as
/// they are stored (the frame is already gamma-encoded sRGB, which BT.709's transfer is
/// close to and what every capture tool does):
///
///     Y′ = 16 + 219/255 · (0.2126 R + 0.7152 G + 0.0722 B)
///     Cb = 128 + 224/255 · (B − Y″) / 1.8556        Y″ = 0.2126 R + 0.7152 G + 0.0722 B
///     Cr = 128 + 224/255 · (R − Y″) / 1.5748
///
/// each rounded to the nearest level (halves up). Chroma is taken from the mean R, G, B of
/// each 2×2 block — sited at the block's centre. The arithmetic is exact: every value is
/// a ratio of integers (the coefficients have four decimals), so no rounding happens before
/// the last one.
public struct BT709Planes: Sendable {
    public let width: Int, height: Int
    /// The planes, back to back: Y′ (width × height), then Cb and Cr (each a quarter).
    public private(set) var bytes: [UInt8]

    public static func byteCount(width: Int, height: Int) -> Int { width * height + 2 * (width / 2) * (height / 2) }

    /// `width` and `height` must be even (4:2:0 halves both).
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0, "4:2:0 needs an even size")
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: Self.byteCount(width: width, height: height))
    }

    // Y′ · 2,550,000 = 16 · 2,550,000 + 219 · (2126 R + 7152 G + 722 B).
    static let lumaDenominator = 255 * 10_000
    // Cb · 4 · 255 · 18556 = 128 · that + 224 · (−2126 ΣR − 7152 ΣG + 9278 ΣB) over a 2×2
    // block's sums, and Cr likewise with 15748 and (7874 ΣR − 7152 ΣG − 722 ΣB).
    static let blueDenominator = 4 * 255 * 18_556
    static let redDenominator = 4 * 255 * 15_748

    /// Y′ of one pixel.
    @inline(__always) static func luma(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let d = lumaDenominator
        let n = 16 * d + 219 * (2126 * r + 7152 * g + 722 * b)
        return UInt8(truncatingIfNeeded: (n + d / 2) / d)
    }

    /// Cb and Cr of a 2×2 block, from the sums of its four R, G and B.
    @inline(__always) static func chroma(sumR r: Int, sumG g: Int, sumB b: Int) -> (cb: UInt8, cr: UInt8) {
        let db = blueDenominator, dr = redDenominator
        let nb = 128 * db + 224 * (9278 * b - 2126 * r - 7152 * g)
        let nr = 128 * dr + 224 * (7874 * r - 7152 * g - 722 * b)
        // Both numerators are at least 16 · their denominator: the divisions truncate
        // toward zero only where that is also the floor.
        return (UInt8(truncatingIfNeeded: (nb + db / 2) / db), UInt8(truncatingIfNeeded: (nr + dr / 2) / dr))
    }

    /// Converts the pixels of `rect` (frame coordinates, top row 0; every edge even) from
    /// `rgba`: exactly that rectangle's pixels as RGBA8 (alpha ignored), `rect.width × 4`
    /// bytes a row, its last row first when `bottomUp` (as GL reads them).
    public mutating func convert(_ rgba: UnsafeRawBufferPointer, rect: PixelRect, bottomUp: Bool) {
        precondition(rect.x0 % 2 == 0 && rect.y0 % 2 == 0 && rect.x1 % 2 == 0 && rect.y1 % 2 == 0, "4:2:0 blocks are 2×2")
        precondition(rect.x0 >= 0 && rect.y0 >= 0 && rect.x1 <= width && rect.y1 <= height && rect.width > 0 && rect.height > 0)
        precondition(rgba.count >= rect.area * 4)
        let w = width, cw = width / 2, stride = rect.width * 4
        let chromaPlane = w * height, chromaSize = cw * (height / 2)
        let source = rgba.bindMemory(to: UInt8.self).baseAddress!
        bytes.withUnsafeMutableBufferPointer { planes in
            let out = planes.baseAddress!
            var y = rect.y0
            while y < rect.y1 {
                // The source rows of frame rows y and y + 1.
                let k0 = bottomUp ? rect.y1 - 1 - y : y - rect.y0
                let top = source + k0 * stride
                let bottom = bottomUp ? top - stride : top + stride
                let lumaTop = out + y * w, lumaBottom = lumaTop + w
                let cb = out + chromaPlane + (y / 2) * cw, cr = cb + chromaSize
                var x = rect.x0, i = 0
                while x < rect.x1 {
                    let r0 = Int(top[i]), g0 = Int(top[i + 1]), b0 = Int(top[i + 2])
                    let r1 = Int(top[i + 4]), g1 = Int(top[i + 5]), b1 = Int(top[i + 6])
                    let r2 = Int(bottom[i]), g2 = Int(bottom[i + 1]), b2 = Int(bottom[i + 2])
                    let r3 = Int(bottom[i + 4]), g3 = Int(bottom[i + 5]), b3 = Int(bottom[i + 6])
                    lumaTop[x] = Self.luma(r0, g0, b0)
                    lumaTop[x + 1] = Self.luma(r1, g1, b1)
                    lumaBottom[x] = Self.luma(r2, g2, b2)
                    lumaBottom[x + 1] = Self.luma(r3, g3, b3)
                    let c = Self.chroma(sumR: r0 + r1 + r2 + r3, sumG: g0 + g1 + g2 + g3, sumB: b0 + b1 + b2 + b3)
                    cb[x / 2] = c.cb
                    cr[x / 2] = c.cr
                    x += 2
                    i += 8
                }
                y += 2
            }
        }
    }

    /// Converts a whole frame: `rgba` is `width × height` RGBA8 pixels.
    public mutating func convertAll(_ rgba: UnsafeRawBufferPointer, bottomUp: Bool) {
        convert(rgba, rect: PixelRect(x0: 0, y0: 0, x1: width, y1: height), bottomUp: bottomUp)
    }

    /// Copies the planes into `buffer`, resizing it only if it is not already their size.
    public func copy(into buffer: inout [UInt8]) {
        if buffer.count != bytes.count {
            buffer = bytes
            return
        }
        buffer.withUnsafeMutableBytes { to in bytes.withUnsafeBytes { to.copyMemory(from: $0) } }
    }

    /// The smallest rectangle of whole 2×2 blocks holding `rect`, within the frame.
    public func blocks(holding rect: PixelRect) -> PixelRect {
        PixelRect(x0: max(0, rect.x0 & ~1), y0: max(0, rect.y0 & ~1),
                  x1: min(width, (rect.x1 + 1) & ~1), y1: min(height, (rect.y1 + 1) & ~1))
    }
}
