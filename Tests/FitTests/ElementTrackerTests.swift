import Foundation
import Testing

@testable import Fit

/// Finding and following an element in frames drawn here: a rectangle with soft (area-
/// sampled) edges at known fractional positions over a textured background, in colour
/// whose luma matches the background's — so only its colour tells it apart.
struct ElementTrackerTests {
    static let width = 160, height = 90

    /// Coverage of pixel [x, x+1) by the span [a, b).
    static func cover(_ x: Int, _ a: Double, _ b: Double) -> Double {
        max(0, min(Double(x + 1), b) - max(Double(x), a))
    }

    /// One planar RGB frame with a 30×20 card whose left edge is at `left` (fractional).
    static func frame(left: Double, top: Double = 30) -> [UInt8] {
        let n = width * height
        var bytes = [UInt8](repeating: 0, count: 3 * n)
        for y in 0..<height {
            for x in 0..<width {
                // A texture of equal brightness in every plane: grey 120 ± 20.
                let grey = 120 + Double((x * 7 + y * 13) % 5) * 10 - 20
                let a = cover(x, left, left + 30) * cover(y, top, top + 20)
                // The card: (60, 150, 150) — far from the grey in colour.
                let card = [60.0, 150, 150]
                for p in 0..<3 {
                    bytes[p * n + y * width + x] = UInt8((grey * (1 - a) + card[p] * a).rounded())
                }
            }
        }
        return bytes
    }

    @Test func aSoftEdgedCardIsFoundAndFollowedToAQuarterOfAPixel() throws {
        let lefts: [Double] = (0..<24).map { (k: Int) -> Double in
            let phase = Double(k) / 23 * Double.pi
            return 20.37 + 40 * (1 - cos(phase))
        }
        let clip = Clip(width: Self.width, height: Self.height, planes: 3, frames: lefts.map { Self.frame(left: $0) },
                        times: lefts.indices.map { Double($0) / 30 })
        let found = try ElementFinder.find(in: clip)
        // The card's box in the first frame, to the pixel its soft edges allow.
        let box = found.element
        #expect(abs(box.x - 20) <= 1 && abs(box.width - 31) <= 2, "\(box.description)")
        #expect(abs(box.y - 30) <= 1 && abs(box.height - 20) <= 2, "\(box.description)")
        let centres = try ElementTracker.track(clip, element: found.element, area: found.path)
        // Within a quarter pixel: the card's soft edges carry the texture under them into the
        // template, which the parabola's vertex then leans toward by up to about 0.2 px.
        let origin = centres[0].x - lefts[0]
        for (k, c) in centres.enumerated() {
            #expect(abs(c.x - origin - lefts[k]) < 0.25, "frame \(k): \(c.x - origin) for \(lefts[k])")
            #expect(abs(c.y - centres[0].y) < 0.05)
        }
    }

    @Test func aStillClipHasNoElement() {
        let still = Self.frame(left: 40)
        let clip = Clip(width: Self.width, height: Self.height, planes: 3, frames: [still, still, still], times: [0, 0.1, 0.2])
        #expect(throws: FitError.self) { try ElementFinder.find(in: clip) }
    }
}
