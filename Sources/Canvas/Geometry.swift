import Foundation
@_exported import struct Motion.Point2

/// A size in points.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

/// An axis-aligned rectangle in points; y grows downward.
public struct Rect: Hashable, Sendable, CustomStringConvertible, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// A rectangle larger than any window: "no clip".
    public static let infinite = Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point2 { Point2(midX, midY) }
    public var size: Size { Size(width, height) }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    public func contains(_ p: Point2) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public func union(_ o: Rect) -> Rect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The rectangle scaled by `s` about the origin (points → pixels).
    public func scaled(_ s: Double) -> Rect { Rect(x: x * s, y: y * s, width: width * s, height: height * s) }

    public var description: String { "Rect(\(x), \(y), \(width), \(height))" }

    /// [x, y, w, h] for traces and JSON.
    public var array: [Double] { [x, y, width, height] }
}
