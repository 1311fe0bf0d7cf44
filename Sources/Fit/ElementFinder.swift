/// Finds the element that moves in a clip, as it is in the first frame (SPEC §16).
///
/// 1. The change map: how far each pixel ever departs from the first frame. Video noise
///    (H.264's blocks, a GIF's dither) moves a pixel a few levels; an element passing
///    moves it by its contrast with what is behind it. The threshold is a share of the
///    map's strong end, never below the noise.
/// 2. The largest connected region of change is the element's path, from where it
///    started to where it went.
/// 3. In that path, the first frame differs from the frame that differs from it most (the
///    element elsewhere) in two places: where the element was and where it went. Of the
///    two, the element's first place is the one whose pixels changed first.
///
/// When the element moves less than its own length those two places overlap into one;
/// then `--region` names it.
public enum ElementFinder {
    public static func find(in clip: GreyClip) throws(FitError) -> PixelRect {
        let w = clip.width, h = clip.height
        guard let first = clip.frames.first, clip.frames.count >= 2 else { throw FitError("the video has fewer than 2 frames") }
        // 1. The change map, and when each pixel first changed by more than the noise.
        var change = [UInt8](repeating: 0, count: w * h)
        for frame in clip.frames.dropFirst() {
            for i in 0..<(w * h) {
                let d = frame[i] > first[i] ? frame[i] - first[i] : first[i] - frame[i]
                if d > change[i] { change[i] = d }
            }
        }
        let threshold = changeThreshold(change)
        guard let path = largestRegion(where: { change[$0] >= threshold }, width: w, height: h) else {
            throw FitError("no motion: nothing in the video changes beyond its noise")
        }
        // 2. The frame that differs most from the first within the path.
        var far = clip.frames.count - 1, farCount = -1
        for (k, frame) in clip.frames.enumerated() {
            var count = 0
            for y in path.y..<path.maxY {
                for x in path.x..<path.maxX where absDiff(frame[y * w + x], first[y * w + x]) >= threshold { count += 1 }
            }
            if count > farCount { (far, farCount) = (k, count) }
        }
        // 3. The places where the first frame and that one differ, and which changed first.
        let farFrame = clip.frames[far]
        var firstChange = [Int](repeating: Int.max, count: w * h)
        for y in path.y..<path.maxY {
            for x in path.x..<path.maxX {
                let i = y * w + x
                guard absDiff(farFrame[i], first[i]) >= threshold else { continue }
                for k in 1..<clip.frames.count where absDiff(clip.frames[k][i], first[i]) >= threshold {
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
        // Everything that changed as early as that place is the element too (its parts
        // can be apart: a label beside an icon).
        let early = meanChange(start)
        let late = sizeable.map(meanChange).max() ?? early
        let parts = sizeable.filter { meanChange($0) - early <= (late - early) / 3 }
        return parts.map(\.box).reduce(start.box) { union($0, $1) }
    }

    /// A level above what noise does: half of the 99.5th percentile of the change map's
    /// non-zero values, and never under 12 grey levels.
    static func changeThreshold(_ change: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for v in change { histogram[Int(v)] += 1 }
        let total = change.count - histogram[0]
        guard total > 0 else { return 255 }
        var seen = 0, high = 255
        for v in stride(from: 255, through: 1, by: -1) {
            seen += histogram[v]
            if Double(seen) >= Double(total) * 0.005 { high = v; break }
        }
        return UInt8(max(12, high / 2))
    }

    struct Region {
        var pixels: [Int]
        var box: PixelRect
    }

    static func largestRegion(where inside: (Int) -> Bool, width: Int, height: Int) -> PixelRect? {
        regions(where: inside, within: PixelRect(x: 0, y: 0, width: width, height: height), width: width, height: height)
            .max { $0.pixels.count < $1.pixels.count }?.box
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

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}

@inline(__always) func absDiff(_ a: UInt8, _ b: UInt8) -> UInt8 { a > b ? a - b : b - a }
