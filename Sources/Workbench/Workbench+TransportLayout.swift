import Canvas
import Inspector

/// Where the transport's buttons and scrub bar sit (docs/behaviour.md §6, §15.6).
///
/// The bar's buttons at their comfortable widths take 726 pt before the scrub bar and the
/// readout 134 after it: at the minimum window (900 pt) the scrub bar was left 40 pt — a
/// drive of 2 s scrubbed at 20 ms a point, which is no scrubbing at all. When the regular
/// layout leaves the scrub bar less than `minimumScrubWidth`, the bar is compacted:
/// tighter buttons and gaps, and the four time scales become one button that cycles
/// through them (id `rate`, its label the scale in force).
package struct TransportLayout: Sendable, Equatable {
    /// docs/behaviour.md §15.6: the scrub bar keeps at least this much at any window size.
    package static let minimumScrubWidth = 200.0
    package static let height = 30.0

    package var showAlert: Rect
    package var stepBack: Rect
    package var play: Rect
    package var stepForward: Rect
    /// One frame per time scale (regular), or the one cycling button's (compact).
    package var rates: [Rect]
    package var loop: Rect
    package var hud: Rect
    package var capture: Rect
    package var scrub: Rect
    package var compact: Bool { rates.count == 1 }

    /// Widths and the gap after each, in bar order: drive, ←, play, →, rates, loop, HUD,
    /// capture. The regular widths are the ones the bar always had.
    private struct Metrics {
        package var show = (96.0, 16.0), step = (34.0, 6.0), play = (64.0, 6.0), stepForwardGap = 16.0
        package var rate = (44.0, 4.0), rateCount = 4, afterRates = 12.0
        package var loop = (56.0, 6.0), hud = (52.0, 16.0), capture = (88.0, 16.0)

        package static let compact = Metrics(show: (96, 8), step: (30, 4), play: (56, 4), stepForwardGap: 8, rate: (48, 0),
                                     rateCount: 1, afterRates: 8, loop: (48, 4), hud: (44, 8), capture: (80, 12))

        package var buttonsWidth: Double {
            show.0 + show.1 + 2 * step.0 + step.1 + stepForwardGap + play.0 + play.1
                + Double(rateCount) * (rate.0 + rate.1) + afterRates + loop.0 + loop.1 + hud.0 + hud.1 + capture.0 + capture.1
        }
    }

    /// The layout of a bar `bar` wide with `readoutWidth` kept at its right end.
    package init(bar: Rect, readoutWidth: Double) {
        let margin = 16.0
        let room = bar.width - 2 * margin - readoutWidth
        let regular = Metrics()
        let m = room - regular.buttonsWidth >= Self.minimumScrubWidth ? regular : Metrics.compact
        let y = bar.minY + (Workbench.barHeight - Self.height) / 2
        var x = bar.minX + margin
        func next(_ w: Double, gap: Double) -> Rect {
            defer { x += w + gap }
            return Rect(x: x, y: y, width: w, height: Self.height)
        }
        showAlert = next(m.show.0, gap: m.show.1)
        stepBack = next(m.step.0, gap: m.step.1)
        play = next(m.play.0, gap: m.play.1)
        stepForward = next(m.step.0, gap: m.stepForwardGap)
        rates = (0..<m.rateCount).map { _ in next(m.rate.0, gap: m.rate.1) }
        x += m.afterRates
        loop = next(m.loop.0, gap: m.loop.1)
        hud = next(m.hud.0, gap: m.hud.1)
        capture = next(m.capture.0, gap: m.capture.1)
        // The rest, up to the readout: at least the minimum whenever the window is at least
        // its minimum size (a smaller bar, never shown, still gets a usable 40 pt).
        scrub = Rect(x: x, y: y, width: max(bar.maxX - margin - readoutWidth - x, 40), height: Self.height)
    }
}
