import Foundation
import Motion

/// A shape the renderers draw as a signed-distance field: a rounded rectangle with
/// continuous or circular corners. Capsules and circles are rounded rectangles whose
/// radius is half the short side.
public struct Shape: Hashable, Sendable {
    public var rect: Rect
    public var radius: Double
    /// Continuous ("squircle") corners: curvature grows smoothly from the straight edge
    /// instead of jumping to 1/r, the way iOS draws cards. Circular corners otherwise.
    public var continuous: Bool

    public init(rect: Rect, radius: Double, continuous: Bool = true) {
        self.rect = rect
        self.radius = max(0, min(radius.isFinite ? radius : 0, min(rect.width, rect.height) / 2))
        self.continuous = continuous
    }

    public static func roundedRect(_ rect: Rect, radius: Double, continuous: Bool = true) -> Shape {
        Shape(rect: rect, radius: radius, continuous: continuous)
    }

    public static func capsule(_ rect: Rect) -> Shape {
        Shape(rect: rect, radius: min(rect.width, rect.height) / 2, continuous: false)
    }

    public static func circle(center: Point2, radius: Double) -> Shape {
        Shape(rect: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
              radius: radius, continuous: false)
    }

    public static func rect(_ rect: Rect) -> Shape { Shape(rect: rect, radius: 0, continuous: false) }

    /// The same shape moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Shape {
        var moved = self
        moved.rect = rect.offsetBy(dx: dx, dy: dy)
        return moved
    }

    /// Signed distance in points from `p` to the outline: negative inside.
    public func distance(to p: Point2) -> Double {
        SDF.roundedRect(p, center: rect.center, halfSize: Size(rect.width / 2, rect.height / 2),
                        radius: radius, continuous: continuous)
    }
}

/// Signed-distance functions: the reference the GPU shader is tested against, and what
/// hit testing and the software renderer use. Keep in step with `Shaders.swift`.
public enum SDF {
    /// Continuous corners are a superellipse |x|ⁿ + |y|ⁿ = Rⁿ spanning 1.28 r along each
    /// edge with n = 2.67, which cuts the corner exactly as deep as a circular radius r
    /// does at 45° (0.293 r) while meeting the edges with zero curvature — so a
    /// continuous 14 pt corner reads as "14" but has no visible kink where it starts.
    public static let continuousSpan = 1.28
    public static let continuousExponent = 2.67

    /// How far a corner's curve runs along each edge of a rounded rectangle with half
    /// extents `halfSize`, and whether it is the superellipse: continuous corners short of
    /// a capsule's `limit` × the short half side (0.999 in the distance; a caller that
    /// must include what single precision might call a superellipse passes a little more).
    public static func corner(halfSize: Size, radius: Double, continuous: Bool,
                              limit: Double = 0.999) -> (span: Double, superellipse: Bool) {
        let shortHalf = min(max(halfSize.width, 0), max(halfSize.height, 0))
        let r = min(max(radius, 0), shortHalf)
        let superellipse = continuous && r > 0 && r < shortHalf * limit
        return (superellipse ? min(r * continuousSpan, shortHalf) : r, superellipse)
    }

    /// Distance to a rounded rectangle centred at `center` with half extents `halfSize`.
    /// Exact for circular corners; for continuous ones the superellipse's implicit value
    /// divided by its gradient length (a first-order distance, exact on the outline —
    /// what anti-aliasing needs).
    public static func roundedRect(_ p: Point2, center: Point2, halfSize: Size, radius: Double,
                                   continuous: Bool) -> Double {
        let hx = max(halfSize.width, 0), hy = max(halfSize.height, 0)
        let (span, useSuperellipse) = corner(halfSize: halfSize, radius: radius, continuous: continuous)
        let qx = abs(p.x - center.x) - (hx - span)
        let qy = abs(p.y - center.y) - (hy - span)
        let inside = min(max(qx, qy), 0)
        let ox = max(qx, 0), oy = max(qy, 0)
        guard useSuperellipse, ox > 0, oy > 0 else {
            return (ox * ox + oy * oy).squareRoot() + inside - span
        }
        let n = continuousExponent
        let px = pow(ox, n), py = pow(oy, n)
        let norm = pow(px + py, 1 / n)
        // |∇‖q‖ₙ| = ‖(q_x^(n−1), q_y^(n−1))‖₂ / ‖q‖ₙ^(n−1)
        let gx = pow(ox, n - 1), gy = pow(oy, n - 1)
        let grad = (gx * gx + gy * gy).squareRoot() / pow(norm, n - 1)
        return (norm - span) / max(grad, 1e-6)
    }

    /// Distance to the segment a–b thickened to `halfWidth` (round caps).
    public static func segment(_ p: Point2, _ a: Point2, _ b: Point2, halfWidth: Double) -> Double {
        let ab = b - a, ap = p - a
        let len2 = ab.x * ab.x + ab.y * ab.y
        let h = len2 > 0 ? min(max((ap.x * ab.x + ap.y * ab.y) / len2, 0), 1) : 0
        return (ap - ab * h).length - halfWidth
    }

    /// Distance to an axis-aligned box (a plain rectangular clip).
    public static func box(_ p: Point2, rect: Rect) -> Double {
        roundedRect(p, center: rect.center, halfSize: Size(rect.width / 2, rect.height / 2), radius: 0,
                    continuous: false)
    }

    /// Coverage of a pixel whose centre lies `d` pixels from an edge: a 1-pixel linear
    /// ramp, the analytic anti-aliasing both renderers use.
    @inline(__always)
    public static func coverage(_ d: Double) -> Double { min(max(0.5 - d, 0), 1) }
}
