/// Finds the element that moves in a clip, as it is in the first frame (docs/behaviour.md §16).
///
/// 1. The change map: how far each pixel ever departs from the first frame. Video noise
///    (H.264's blocks, a GIF's dither) moves a pixel a few levels; an element passing
///    moves it by its contrast with what is behind it. The threshold sits above the
///    noise of the pixels it never passes.
/// 2. The largest connected region of change is the element's path, from where it
///    started to where it went.
/// 3. In that path, the first frame differs from the frame that differs from it most (the
///    element elsewhere) in two places: where the element was and where it went. Of the
///    two, the element's first place is the one whose pixels changed first.
///
/// When the element moves less than its own length those two places overlap into one;
/// then `--region` names it.
public enum ElementFinder {
    /// The element's box in the first frame, and the box of its whole path (where the
    /// tracker needs to look).
    public static func find(in clip: Clip) throws(FitError) -> (element: PixelRect, path: PixelRect) {
        let w = clip.width, h = clip.height
        guard let first = clip.frames.first, clip.frames.count >= 2 else { throw FitError("the video has fewer than 2 frames") }
        // 1. The change map, and when each pixel first changed by more than the noise.
        let n = w * h, planes = clip.planes
        /// The largest difference of any plane at pixel i.
        func difference(_ a: [UInt8], _ b: [UInt8], _ i: Int) -> UInt8 {
            var d: UInt8 = 0
            for p in 0..<planes { d = max(d, absDiff(a[i + p * n], b[i + p * n])) }
            return d
        }
        var change = [UInt8](repeating: 0, count: n)
        for frame in clip.frames.dropFirst() {
            frame.withUnsafeBufferPointer { f in
                first.withUnsafeBufferPointer { o in
                    for p in 0..<planes {
                        let base = p * n
                        for i in 0..<n {
                            let d = absDiff(f[base + i], o[base + i])
                            if d > change[i] { change[i] = d }
                        }
                    }
                }
            }
        }
        let threshold = changeThreshold(change)
        // A few pixels of codec noise are no element: a moving one changes a patch.
        guard let region = regions(where: { change[$0] >= threshold }, within: PixelRect(x: 0, y: 0, width: w, height: h),
                                   width: w, height: h).max(by: { $0.pixels.count < $1.pixels.count }),
              region.pixels.count >= 48, region.box.width >= 4, region.box.height >= 4 else {
            throw FitError("no motion: nothing in the video changes beyond its noise")
        }
        let path = region.box
        // 2. The frame that differs most from the first within the path — the last one
        //    when it differs nearly as much (where the element came to rest: the cleanest).
        var counts: [Int] = []
        for frame in clip.frames {
            var count = 0
            for y in path.y..<path.maxY {
                for x in path.x..<path.maxX where difference(frame, first, y * w + x) >= threshold { count += 1 }
            }
            counts.append(count)
        }
        let most = counts.max() ?? 0
        let far = (counts.last ?? 0) * 5 >= most * 4 ? counts.count - 1 : counts.firstIndex(of: most) ?? counts.count - 1
        // 3. The places where the first frame and that one differ, and which changed first.
        let farFrame = clip.frames[far]
        var firstChange = [Int](repeating: Int.max, count: n)
        for y in path.y..<path.maxY {
            for x in path.x..<path.maxX {
                let i = y * w + x
                guard difference(farFrame, first, i) >= threshold else { continue }
                for k in 1..<clip.frames.count where difference(clip.frames[k], first, i) >= threshold {
                    firstChange[i] = k
                    break
                }
            }
        }
        let places = regions(where: { firstChange[$0] != Int.max }, within: path, width: w, height: h)
            .filter { $0.pixels.count >= 4 }
        guard let biggest = places.map(\.pixels.count).max() else {
            throw FitError("no motion: the video ends as it began")
        }
        // Of the sizeable places, the one whose pixels changed earliest on average.
        let sizeable = places.filter { $0.pixels.count * 5 >= biggest }
        func meanChange(_ r: Region) -> Double {
            Double(r.pixels.reduce(0) { $0 + firstChange[$1] }) / Double(r.pixels.count)
        }
        guard let start = sizeable.min(by: { meanChange($0) < meanChange($1) }) else {
            throw FitError("no motion: the video ends as it began")
        }
        return (start.box, path)
    }

    /// A level above what noise does, from the pixels the element never reaches (most of
    /// the frame): three times the change half of all pixels stay within, 12 levels at
    /// least and 40 at most (an element fainter than that against what it passes is
    /// for `--region`). Not a share of the strongest change: a bright detail on a
    /// dim element would then hide the element itself.
    static func changeThreshold(_ change: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for v in change { histogram[Int(v)] += 1 }
        var seen = 0, median = 255
        for v in 0...255 {
            seen += histogram[v]
            if seen * 2 >= change.count { median = v; break }
        }
        return UInt8(min(max(12, 3 * median + 6), 40))
    }

    struct Region {
        var pixels: [Int]
        var box: PixelRect
    }

    /// Connected regions (8-neighbours, bridging gaps of one pixel, so an outline broken by
    /// a dither pattern stays one region) of pixels where `inside` holds.
    static func regions(where inside: (Int) -> Bool, within area: PixelRect, width w: Int, height h: Int) -> [Region] {
        var seen = [Bool](repeating: false, count: w * h)
        var found: [Region] = []
        var stack: [Int] = []
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let i = y * w + x
                guard !seen[i], inside(i) else { continue }
                seen[i] = true
                stack.append(i)
                var pixels: [Int] = []
                var x0 = x, x1 = x, y0 = y, y1 = y
                while let j = stack.popLast() {
                    pixels.append(j)
                    let jx = j % w, jy = j / w
                    x0 = min(x0, jx); x1 = max(x1, jx); y0 = min(y0, jy); y1 = max(y1, jy)
                    for dy in -2...2 {
                        let ny = jy + dy
                        guard ny >= area.y, ny < area.maxY else { continue }
                        for dx in -2...2 {
                            let nx = jx + dx
                            guard nx >= area.x, nx < area.maxX else { continue }
                            let n = ny * w + nx
                            if !seen[n] && inside(n) {
                                seen[n] = true
                                stack.append(n)
                            }
                        }
                    }
                }
                found.append(Region(pixels: pixels, box: PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)))
            }
        }
        return found
    }

    public static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}

@inline(__always) func absDiff(_ a: UInt8, _ b: UInt8) -> UInt8 { a > b ? a - b : b - a }
