/// A decoded clip: frames of one size, each with its presentation time, and how much
/// smaller than the video's frames they are (docs/behaviour.md §16: large videos are tracked
/// downscaled, positions scaled back).
///
/// Colour, not grey: a blue card on a purple gradient can have the same luma as what is
/// behind it, and would vanish in grey. Each frame is `planes` planes one after another
/// (three for colour, as ffmpeg's planar `gbrp` lays them out; one for grey), each a byte
/// per pixel, rows top first.
public struct Clip: Sendable {
    public var width: Int
    public var height: Int
    public var planes: Int
    /// `planes * width * height` bytes per frame.
    public var frames: [[UInt8]]
    /// Seconds, from the container's timestamps, the first frame at 0.
    public var times: [Double]
    /// Video pixels per clip pixel, horizontally and vertically.
    public var scaleX: Double
    public var scaleY: Double

    public init(width: Int, height: Int, planes: Int = 1, frames: [[UInt8]], times: [Double], scaleX: Double = 1, scaleY: Double = 1) {
        self.width = width
        self.height = height
        self.planes = planes
        self.frames = frames
        self.times = times
        self.scaleX = scaleX
        self.scaleY = scaleY
    }

    /// The frame shown at time `t`: the last one that starts at or before it.
    public func frameIndex(at t: Double) -> Int {
        times.lastIndex { $0 <= t + 1e-9 } ?? 0
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Equatable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(x),\(y),\(width),\(height)" }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    func clamped(width w: Int, height h: Int) -> PixelRect? {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(w, maxX), y1 = min(h, maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func insetBy(_ d: Int) -> PixelRect { PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
}
