import Canvas
import Foundation
import Motion

/// The header bubbles' words (docs/behaviour.md §5.3.1): "Show less", the ×, and the letters of Clear all.
///
/// What a first version did, and what a user saw: a label faded with its bubble's scale,
/// so while the header gathered, and all through Clear all, "Show less" and "Clear all"
/// rode over the top card's glass as it slid up under them (or as they sank into it), and
/// the Clear all letters were white with opacity ramps — 4.0:1 on the red.
///
/// Here a label shows only while its bubble is out: it sharpens in (blur 6 → 0 with its
/// fade) as the bubble clears the top card, and on the way home it is gone by the time the
/// bubble is 30 % of the way back — about 0.09 s on the home motion, within the documented 0.14 s —
/// and in any case before the bubble's glass reaches a card's.
extension LiquidPile {
    /// A bubble's label is gone by this far along its way home (scale 1 → 0.72).
    static let labelGoneHome = 0.3
    /// The smallest a Clear all letter arrives from (its font size × this).
    static let letterFromScale = 0.5

    /// 0…1: how much of bubble `b`'s label shows at `t` (its frame `f`).
    func labelVisibility(_ b: Bubble, frame f: Rect, at t: Double) -> Double {
        var v = b.opacity.value(at: t)
        for i in cards.indices where cards[i].opacity.value(at: t) > 0.01 {
            v = min(v, Self.clearance(of: f, from: cardFrame(i, at: t)) / Self.wordClearance)
        }
        if b.homing {
            let home = (1 - b.scale.value(at: t)) / (1 - LiquidGroup.homeScale)
            v = min(v, 1 - home / Self.labelGoneHome)
        } else if reduceMotion {
            // Growing at its slot: the label comes in over the last of the growth, never
            // full-size text on a capsule still too small for it.
            v = min(v, Self.ramp(b.scale.value(at: t), 0.7...0.95))
        }
        return min(max(v, 0), 1)
    }

    /// How far the × has stretched into Clear all, 0…1.
    func stretch(_ b: Bubble, at t: Double) -> Double {
        guard b.id == .clear else { return 0 }
        let base = bubbleSlot(b.id).width
        return min(max((b.width.value(at: t) - base) / max(clearWidth - base, 1), 0), 1)
    }

    /// Every bubble's label, the red of Clear all under its letters.
    func drawBubbleLabels(at t: Double, theme: Theme, into list: inout DisplayList) {
        let ink = Self.ink(theme)
        let style = Self.bubbleStyle
        let h = measurer.lineHeight(of: style)
        for b in bubbles {
            let f = bubbleFrame(b, at: t)
            let v = labelVisibility(b, frame: f, at: t)
            guard v > 0.01 else { continue }
            let stretch = stretch(b, at: t)
            if stretch > 0 {
                list.fill(.capsule(f), Paint(fill: Self.clearRed), opacity: stretch * v)
                drawClearLetters(in: f, stretch: stretch, visibility: v, at: t, ink: ink, into: &list)
            }
            // The × is gone by the time the capsule is half stretched, before the letters
            // arrive where it stood.
            let shown = v * max(1 - 2 * stretch, 0)
            guard shown > 0.01 else { continue }
            let w = measurer.width(of: b.label, style: style)
            list.text(TextRun(b.label, origin: Point2(f.midX - w / 2, f.midY - h / 2), style: style, color: ink.label,
                              blur: Self.wordBlur * (1 - shown)), opacity: shown)
        }
    }

    /// Clear all's letters on its red (docs/behaviour.md §5.3, §5.3.1): dark ink, each arriving 22 ms
    /// after the one before on the morph spring — growing from half size and sharpening
    /// from a 6 pt blur as it fades in. Folding back, they shrink and blur out with the
    /// stretch. A letter shows only inside the red (the capsule grows leftward, so the first
    /// letters wait for it). Under Reduce Motion they only blur and fade in place.
    func drawClearLetters(in f: Rect, stretch: Double, visibility v: Double, at t: Double, ink: PileInk,
                          into list: inout DisplayList) {
        let style = Self.bubbleStyle
        let h = measurer.lineHeight(of: style)
        let advances = measurer.advances(of: Self.clearLabel, style: style)
        let x0 = f.midX - (advances.last ?? 0) / 2
        for (k, ch) in Self.clearLabel.enumerated() where k + 1 < advances.count && ch != " " {
            let arrival = clearArmedAt.map { letterArrival(k, armedAt: $0, at: t) } ?? stretch
            let w = advances[k + 1] - advances[k]
            let box = Rect(x: x0 + advances[k], y: f.midY - h / 2, width: w, height: h)
            // Inside the red: none while its box pokes out past the capsule's round end.
            let inside = min(max((Self.inset(of: box, in: f.insetBy(dx: f.height / 4, dy: 0)) + 2) / 4, 0), 1)
            let shown = min(min(max(arrival, 0), 1), v, inside)
            guard shown > 0.01 else { continue }
            let s = reduceMotion ? 1 : Self.letterFromScale + (1 - Self.letterFromScale) * arrival
            // Font sizes in half points: each size is a set of glyphs in the atlas.
            let size = max((style.size * s * 2).rounded() / 2, 1)
            let scaled = TextStyle(style.weight, size: size)
            let k = size / style.size
            let origin = Point2(box.midX - w * k / 2, box.midY - h * k / 2)
            list.text(TextRun(String(ch), origin: origin, style: scaled, color: ink.onRed, blur: Self.wordBlur * (1 - shown)),
                      opacity: shown)
        }
    }

    /// Letter `k` of Clear all at `t`: 0 before its turn, then the morph spring from 0 to 1
    /// (past 1 a little as it bounces).
    func letterArrival(_ k: Int, armedAt: Double, at t: Double) -> Double {
        var a = AnimatedValue(0.0)
        a.animate(to: 1, curve: curve(for: .morph), at: armedAt + Self.letterStagger * Double(k))
        return a.value(at: t)
    }
}
