import Canvas
import Foundation
import Motion
import Testing
@testable import Scenes

/// docs/behaviour.md §5.3.1's look points, read off the scene's display list at given times: words never
/// ride over glass they do not belong to and come and go by blurring (never a clip), an
/// arrival's words wait for it to land, Clear all's letters, the header's melt home, and
/// the collapsed stack's separate glass.
@Suite struct LiquidPileLookTests {
    let m = FixedMeasurer()

    /// Samples from `a` to `b` every 1/240 s (a 240 Hz display's frames).
    static func times(_ a: Double, _ b: Double) -> [Double] {
        stride(from: a, through: b, by: 1.0 / 240).map { $0 }
    }

    /// The line box of `run` (FixedMeasurer: 0.5 em a character, 1.2 em a line).
    func box(_ run: TextRun) -> Rect {
        Rect(x: run.origin.x, y: run.origin.y, width: m.width(of: run.text, style: run.style), height: m.lineHeight(of: run.style))
    }

    /// How much card `i`'s words are scaled at `t`: an arrival's words grow with its glass
    /// (drawn at the growth about the glass's centre); every other card's are at 1.
    static func wordScale(_ pile: LiquidPile, _ i: Int, at t: Double) -> Double {
        let g = pile.cards[i].growth.value(at: t)
        return pile.cards[i].melting ? 1 : g
    }

    /// Which card in the list `run` is a word of at `t` — by its text and where the card
    /// lays that text out (two notices may share a title) — or nil (a flying card's, a label).
    func owner(of run: TextRun, in pile: LiquidPile, at t: Double) -> Int? {
        for i in pile.cards.indices {
            let c = pile.cards[i], grown = pile.cardFrame(i, at: t), g = Self.wordScale(pile, i, at: t)
            // The words are laid out on the card at full size, then scaled by g about the centre.
            let mid = grown.center
            let f = Rect(x: mid.x - grown.width / g / 2, y: mid.y - grown.height / g / 2, width: grown.width / g, height: grown.height / g)
            func near(_ p: Point2, _ x: Double, _ y: Double) -> Bool {
                abs(p.x - (mid.x + (x - mid.x) * g)) < 1e-6 && abs(p.y - (mid.y + (y - mid.y) * g)) < 1e-6
            }
            let x = f.minX + 14 + 38 + 12
            if run.text == c.notice.title && near(run.origin, x, f.minY + 14) { return i }
            let time = Notice.relativeTime(age: c.notice.age, reference: LiquidPile.referenceDate)
            if run.text == time && near(run.origin, f.maxX - 14 - m.width(of: time, style: LiquidPile.timeStyle), f.minY + 16) { return i }
            var y = f.minY + 14 + m.lineHeight(of: LiquidPile.titleStyle) + 4
            for line in c.messageLines {
                if run.text == line && near(run.origin, x, y) { return i }
                y += m.lineHeight(of: LiquidPile.messageStyle)
            }
        }
        return nil
    }

    /// The blur a word shown at opacity `o` has: 6 pt × (1 − o), scaled with its card's words.
    func expectedBlur(_ run: TextRun, opacity o: Double, in pile: LiquidPile, at t: Double) -> Double {
        6 * (1 - o) * (owner(of: run, in: pile, at: t).map { Self.wordScale(pile, $0, at: t) } ?? 1)
    }

    /// The card texts of notice `id`'s card (title, time, message lines).
    static func texts(of card: LiquidPile.Card) -> Set<String> {
        Set([card.notice.title, Notice.relativeTime(age: card.notice.age, reference: LiquidPile.referenceDate)] + card.messageLines)
    }

    /// True when `inner` lies inside `outer` (to rounding).
    static func holds(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.maxX <= outer.maxX + 1e-9 && inner.minY >= outer.minY - 1e-9 && inner.maxY <= outer.maxY + 1e-9
    }

    /// True when `a` and `b` share no area (to rounding).
    static func apart(_ a: Rect, _ b: Rect) -> Bool {
        let o = a.intersection(b)
        return o.width < 1e-9 || o.height < 1e-9
    }

    /// Every visible run of card words at `t`: the card's glass must hold it, no card in
    /// front of it may cover it, its blur is 6 × (1 − opacity), and no clip is in force.
    func expectWordsOnTheirOwnGlass(_ pile: LiquidPile, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let list = pile.draw(at: t, theme: .light, pageHeight: 640)
        #expect(!list.commands.contains { if case .pushClip = $0 { true } else { false } }, "t \(t): a clip would slice words",
                sourceLocation: sourceLocation)
        for (run, o) in list.textRuns where o > 0.01 {
            guard let i = owner(of: run, in: pile, at: t) else { continue }
            let b = box(run)
            let own = pile.cardFrame(i, at: t)
            #expect(Self.holds(own, b), "t \(t): \(run.text) pokes out of its glass", sourceLocation: sourceLocation)
            // (A melting card's glass below 70 % of its size is on its way out: the card
            // closing up under it brings its words in meanwhile.)
            for j in 0..<i where pile.cards[j].opacity.value(at: t) > 0.01
                && !(pile.cards[j].melting && pile.cards[j].growth.value(at: t) < 0.7) {
                #expect(Self.apart(pile.cardFrame(j, at: t), b), "t \(t): \(run.text) over card \(j)'s glass",
                        sourceLocation: sourceLocation)
            }
            #expect(abs(run.blur - expectedBlur(run, opacity: o, in: pile, at: t)) < 1e-9, "t \(t): \(run.text) blur \(run.blur) at opacity \(o)",
                    sourceLocation: sourceLocation)
        }
    }

    // MARK: Card words

    @Test func cardWordsBlurFadeAndNeverRideOverGlassWhileSpreadingAndGathering() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        for t in Self.times(0, 1.2) { expectWordsOnTheirOwnGlass(pile, at: t) }
        _ = pile.update(to: 2)
        _ = pile.gather(at: 2)
        for t in Self.times(2, 3) { expectWordsOnTheirOwnGlass(pile, at: t) }
    }

    @Test func wordsOfTheCardsBehindWaitATenthOfASecondThenSharpenIn() {
        var pile = LiquidPile(measurer: m)
        let front = Self.texts(of: pile.cards[0])
        let words = pile.cards.dropFirst().reduce(Set<String>()) { $0.union(Self.texts(of: $1)) }
        _ = pile.spread(at: 0)
        func behind(_ t: Double) -> [(run: TextRun, opacity: Double)] {
            pile.draw(at: t, theme: .light, pageHeight: 640).textRuns.filter { words.contains($0.run.text) && !front.contains($0.run.text) }
        }
        for t in Self.times(0, 0.1) {
            #expect(behind(t).allSatisfy { $0.opacity <= 0.01 }, "t \(t)")
        }
        let mid = behind(0.2)
        #expect(mid.contains { $0.opacity > 0.01 && $0.run.blur > 0.5 }, "coming in blurred")
        let rest = behind(1.5)
        #expect(rest.count == 4 + 4 + 3 && rest.allSatisfy { $0.opacity == 1 && $0.run.blur == 0 }, "four titles, times, messages")
        _ = pile.update(to: 1.5)
        _ = pile.gather(at: 1.5)
        #expect(behind(1.5 + 0.3).allSatisfy { $0.opacity <= 0.01 }, "gone once gathered")
    }

    /// A card's words come and go as one block: its title shows, at the same opacity,
    /// whenever any of its words does — never the lower lines of a card sliding out from
    /// under another before its title, nor a half-covered card missing its title.
    func expectWordsComeTogether(_ pile: LiquidPile, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        var opacity: [Int: [Double]] = [:]
        for (run, o) in pile.draw(at: t, theme: .light, pageHeight: 640).textRuns where o > 0.01 {
            if let i = owner(of: run, in: pile, at: t) { opacity[i, default: []].append(o) }
        }
        for (i, os) in opacity {
            #expect(os.count == 2 + pile.cards[i].messageLines.count, "t \(t): card \(i) shows \(os.count) of its words",
                    sourceLocation: sourceLocation)
            #expect(os.allSatisfy { abs($0 - os[0]) < 1e-9 }, "t \(t): card \(i) at \(os)", sourceLocation: sourceLocation)
        }
    }

    @Test func aCardsWordsComeAndGoTogether() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        for t in Self.times(0, 1) { expectWordsComeTogether(pile, at: t) }
        _ = pile.update(to: 1.5)
        _ = pile.insert(Notice(id: 77, tint: .sage, glyph: .bell, title: "Arrived", message: "A new notice.", age: 5 * 3600), at: 1.5)
        for t in Self.times(1.5, 2.5) { expectWordsComeTogether(pile, at: t) }
        _ = pile.update(to: 2.5)
        _ = pile.gather(at: 2.5)
        for t in Self.times(2.5, 3.2) { expectWordsComeTogether(pile, at: t) }
    }

    // MARK: Bubble labels

    /// The header's labels at `t`: each visible one's bubble is clear of every card's glass,
    /// and its blur is 6 × (1 − opacity). Returns the visible labels.
    @discardableResult
    func expectLabelsOffTheCards(_ pile: LiquidPile, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let list = pile.draw(at: t, theme: .dark, pageHeight: 640)
        var shown: [String] = []
        for (run, o) in list.textRuns where o > 0.01 && (run.text == "Show less" || run.text == "×") {
            shown.append(run.text)
            let id: BubbleID = run.text == "×" ? .clear : .showLess
            guard let b = pile.bubbles.first(where: { $0.id == id }) else { continue }
            let f = pile.bubbleFrame(b, at: t)
            for i in pile.cards.indices {
                #expect(Self.apart(pile.cardFrame(i, at: t), f), "t \(t): \(run.text) over card \(i)", sourceLocation: sourceLocation)
            }
            #expect(abs(run.blur - 6 * (1 - o)) < 1e-9, "t \(t): blur \(run.blur) at opacity \(o)", sourceLocation: sourceLocation)
        }
        return shown
    }

    @Test func aLabelSharpensInAsItsBubbleComesOut() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        // Born inside the top card: no label there.
        #expect(expectLabelsOffTheCards(pile, at: 0.06).isEmpty)
        var sharpening = false
        for t in Self.times(0, 1.5) {
            expectLabelsOffTheCards(pile, at: t)
            let runs = pile.draw(at: t, theme: .dark, pageHeight: 640).textRuns
            if runs.contains(where: { $0.run.text == "Show less" && $0.opacity > 0.1 && $0.opacity < 0.9 }) { sharpening = true }
        }
        #expect(sharpening, "it fades in over frames, not at once")
        let rest = pile.draw(at: 2, theme: .dark, pageHeight: 640).textRuns.filter { $0.run.text == "Show less" || $0.run.text == "×" }
        #expect(rest.count == 2 && rest.allSatisfy { $0.opacity == 1 && $0.run.blur == 0 })
    }

    @Test func goingHomeALabelIsGoneWithinAHundredAndFortyMilliseconds() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        _ = pile.gather(at: 2)
        for t in Self.times(2, 2.5) {
            let shown = expectLabelsOffTheCards(pile, at: t)
            if t >= 2.14 { #expect(shown.isEmpty, "t \(t): \(shown)") }
        }
    }

    @Test func clearAllsLettersAndLabelsAreGoneWithinAHundredAndFortyMilliseconds() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        _ = pile.clickBubble(.clear, at: 2)
        _ = pile.update(to: 3)
        _ = pile.clickBubble(.clear, at: 3)
        let t0 = 3.02
        #expect(pile.clearingSince == t0)
        for t in Self.times(t0, t0 + 0.6) {
            expectLabelsOffTheCards(pile, at: t)
            guard t >= t0 + 0.14 else { continue }
            let words = pile.draw(at: t, theme: .light, pageHeight: 640).textRuns
                .filter { $0.opacity > 0.01 && ($0.run.text.count == 1 || $0.run.text == "Show less") }
            #expect(words.isEmpty, "t \(t): \(words.map(\.run.text))")
        }
    }

    // MARK: Clear all

    @Test(arguments: Theme.allCases)
    func clearAllsLettersAreDarkInkArrivingWithABlurAndScaleSpring(theme: Theme) {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        _ = pile.clickBubble(.clear, at: 2)
        let armed = 2.02
        #expect(pile.clearArmedAt == armed)
        func letters(_ t: Double) -> [(run: TextRun, opacity: Double)] {
            pile.draw(at: t, theme: theme, pageHeight: 640).textRuns.filter { $0.run.text.count == 1 && $0.run.text != "×" }
        }
        // "Clear all" is eight letters; each waits for its turn, 22 ms after the one before.
        for t in Self.times(armed, armed + 0.3) {
            for (run, o) in letters(t) where o > 0.01 {
                #expect(run.color == Color(hex: 0x141414), "dark ink, not white")
                let k = Array("Clearall").firstIndex(of: Character(run.text)) ?? 0
                #expect(t > armed + 0.022 * Double(k), "t \(t): \(run.text) before its turn")
                #expect(abs(run.blur - 6 * (1 - o)) < 1e-9, "t \(t): \(run.text) blur \(run.blur) at opacity \(o)")
            }
        }
        // Mid-arrival a letter is small and blurred; at rest every one is 13 pt, sharp, whole.
        #expect(letters(armed + 0.1).contains { $0.opacity > 0.01 && $0.run.style.size < 12.5 && $0.run.blur > 0.5 })
        let rest = letters(armed + 1)
        #expect(rest.count == 8 && rest.allSatisfy { $0.opacity > 0.999 && $0.run.blur < 0.01 && $0.run.style.size == 13 })
        #expect(rest.allSatisfy { $0.run.color == Color(hex: 0x141414) })
    }

    @Test func clearAllMeltsTheHeaderOnTheHomeMotionLastFirst() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        _ = pile.clickBubble(.clear, at: 2)
        _ = pile.update(to: 3)
        let events = pile.clickBubble(.clear, at: 3)
        let t0 = 3.02
        let homes = events.filter { $0.name == "budHome" }
        #expect(homes.map { $0["id"] } == [.string("clear"), .string("showLess")])
        #expect(homes.map(\.time) == [t0, t0 + 0.04])
        // Home motion (0.5, bounce 0), critically damped: what is left of the way home after
        // τ is (1 + ωτ) e^(−ωτ) with ω = 2π / 0.5 — worked by hand, not by the code.
        func left(_ tau: Double) -> Double { let w = 2 * Double.pi / 0.5; return (1 + w * tau) * exp(-w * tau) }
        for (id, start) in [(BubbleID.clear, t0), (.showLess, t0 + 0.04)] {
            guard let b = pile.bubbles.first(where: { $0.id == id }) else { Issue.record("no \(id)"); continue }
            #expect(abs(b.scale.value(at: start) - 1) < 1e-9, "\(id) waits its turn")
            for tau in [0.05, 0.1, 0.2, 0.3] {
                #expect(abs(b.scale.value(at: start + tau) - (0.72 + 0.28 * left(tau))) < 1e-6, "\(id) at \(tau)")
            }
        }
    }

    // MARK: Arrival

    @Test(arguments: [false, true])
    func anArrivalsWordsBlurInDuringTheDropAndTheCardItCoversIsNeitherClippedNorDoubled(spread: Bool) {
        var pile = LiquidPile(measurer: m)
        if spread { _ = pile.spread(at: 0) }
        _ = pile.update(to: 2)
        let old = pile.cards[0].notice.title
        _ = pile.insert(Notice(id: 77, tint: .sage, glyph: .bell, title: "Arrived", message: "A new notice.", age: 5 * 3600), at: 2)
        guard let lands = pile.cards[0].landsAt else { Issue.record("no landing time"); return }
        #expect(lands > 2.1)
        for t in Self.times(2, lands + 0.5) {
            let list = pile.draw(at: t, theme: .light, pageHeight: 640)
            let runs = list.textRuns.filter { $0.opacity > 0.01 }
            let new = runs.first { $0.run.text == "Arrived" }
            // None for the first 0.12 s of the drop; from then they come in, before it lands.
            if t < 2.12 - 1e-9 { #expect(new == nil, "t \(t): words before 0.12 s") }
            // The card it covers: its title never shows under the new glass, and the two
            // titles never show on top of each other.
            if let o = runs.first(where: { $0.run.text == old }) {
                #expect(Self.apart(pile.cardFrame(0, at: t), box(o.run)), "t \(t): covered title shows")
                if let n = new { #expect(Self.apart(box(n.run), box(o.run)), "t \(t): doubled") }
            }
            expectWordsOnTheirOwnGlass(pile, at: t)
        }
        // Whole and sharp once landed and faded in (to the reveal spring's last wobble).
        let rest = pile.draw(at: lands + 0.5, theme: .light, pageHeight: 640).textRuns.first { $0.run.text == "Arrived" }
        #expect((rest?.opacity ?? 0) > 0.999 && (rest?.run.blur ?? 1) < 0.01)
        // 0.1 s after they start (0.22 s into the drop, before it lands): half in, blurred,
        // and smaller than at rest — they grow with the glass.
        #expect(lands > 2.22)
        let mid = pile.draw(at: 2.22, theme: .light, pageHeight: 640).textRuns.first { $0.run.text == "Arrived" }
        #expect(abs((mid?.opacity ?? 0) - 0.5) < 0.01 && (mid?.run.blur ?? 0) > 1, "blurring in during the drop")
        #expect((mid?.run.style.size ?? 15) < 15 && (mid?.run.style.size ?? 0) > 7, "growing with the glass")
    }

    @Test(arguments: [false, true])
    func aCardMeltingInPlaceTakesItsWordsFirst(spread: Bool) {
        var pile = LiquidPile(measurer: m)
        if spread { _ = pile.spread(at: 0) }
        _ = pile.update(to: 2)
        let card = pile.cards[0]
        _ = pile.meltAway(id: card.notice.id, at: 2)
        let words = Self.texts(of: card)
        for t in Self.times(2, 2.6) {
            _ = pile.update(to: t)
            guard let melting = pile.cards.first(where: { $0.notice.id == card.notice.id }) else { break }
            let shown = pile.draw(at: t, theme: .light, pageHeight: 640).textRuns.filter { $0.opacity > 0.01 && words.contains($0.run.text) }
            // Gone by the time its glass is 70 % of its size: words at their own size in
            // shrinking glass would crowd over each other.
            if melting.growth.value(at: t) <= 0.7 { #expect(shown.isEmpty, "t \(t): \(shown.map(\.run.text))") }
            for (run, o) in shown { #expect(abs(run.blur - 6 * (1 - o)) < 1e-9) }
        }
    }

    /// The card that moves up to the front of the pile when the one before it melts away or
    /// is thrown: its words come in as it grows to full width, or stay as the throw showed
    /// them — never in or out in one frame.
    @Test(arguments: ["melt", "throw"])
    func aPeekMovingToTheFrontBringsItsWordsInGradually(how: String) {
        var pile = LiquidPile(measurer: m)
        _ = pile.update(to: 1)
        let next = pile.cards[1].notice.title
        if how == "melt" {
            _ = pile.meltAway(id: pile.cards[0].notice.id, at: 1)
        } else {
            let y = pile.cardFrame(0, at: 1).midY
            _ = pile.handle(.pointerDown(Point2(200, y), time: 1, shift: false))
            for k in 1...6 { _ = pile.handle(.pointerMoved(Point2(200 - 40 * Double(k), y), time: 1 + 0.016 * Double(k))) }
            _ = pile.handle(.pointerUp(Point2(-40, y), time: 1.1))
        }
        // From the release on (during the drag the second card's words show in the columns
        // the top card uncovers, by the finger's travel).
        let from = how == "melt" ? 1 : 1.1
        var last = pile.draw(at: from, theme: .light, pageHeight: 640).textRuns.first { $0.run.text == next }?.opacity ?? 0
        var seen = false
        for t in Self.times(from, 2.5) {
            _ = pile.update(to: t)
            let o = pile.draw(at: t, theme: .light, pageHeight: 640).textRuns.first { $0.run.text == next }?.opacity ?? 0
            #expect(abs(o - last) < 0.1, "t \(t): \(next) jumped from \(last) to \(o)")
            last = o
            seen = seen || o > 0.999
        }
        #expect(seen, "\(next) is the front card's words at last")
    }

    @Test func noOutlineOrRingIsDrawnWhereThereIsNoGlassYet() {
        var pile = LiquidPile(measurer: m)
        _ = pile.update(to: 1)
        _ = pile.insert(Notice(id: 77, tint: .sage, glyph: .bell, title: "Arrived", age: 5 * 3600), at: 1)
        for t in Self.times(1, 2.5) {
            let list = pile.draw(at: t, theme: .light, pageHeight: 640)
            var glass: [Rect] = []
            for c in list.commands {
                switch c {
                case .liquid(let g, _, _): glass += g.shapes.map(\.rect)
                case .shape(let s, let p, _) where p.strokeWidth > 0 || p.stroke != .clear:
                    // A stroke (the arrival's cue) is drawn only on glass that is there.
                    #expect(glass.contains { Self.holds($0, s.rect) }, "t \(t): a ring at \(s.rect) with no glass under it")
                default: break
                }
            }
        }
    }

    // MARK: The collapsed stack

    /// The liquid groups of a frame, each as its shapes' rects.
    static func groups(_ list: DisplayList) -> [[Rect]] {
        list.commands.compactMap { if case .liquid(let g, _, _) = $0 { g.shapes.map(\.rect) } else { nil } }
    }

    @Test func collapsedTheStackIsOneGlassSurface() {
        let pile = LiquidPile(measurer: m)
        let groups = Self.groups(pile.draw(at: 0, theme: .light, pageHeight: 640))
        // One group, back to front the second peek, the first, then the front card: the
        // backdrop is frosted once under the front card, and one rim follows the stack's
        // merged outline (issue 39). Nothing else is glass while the pile is collapsed.
        #expect(groups == [[pile.cardFrame(2, at: 0), pile.cardFrame(1, at: 0), pile.cardFrame(0, at: 0)]])
    }

    @Test func aCardStillFadingUnderTheStackIsGlassOfItsOwn() {
        // Gathering, a card beyond the two peeks slides under them fading out: while it is
        // tucked and not yet whole glass it stays out of the stack's surface (no neck to
        // it, no jump to full glass), and only whole cards are in the stack's group.
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 3)
        _ = pile.gather(at: 3)
        var seen = false
        for t in Self.times(3, 4.5) {
            _ = pile.update(to: t)
            let list = pile.draw(at: t, theme: .light, pageHeight: 640)
            for c in list.commands {
                guard case .liquid(let g, _, let opacity) = c, g.shapes.count > 1 else { continue }
                #expect(opacity == 1, "t \(t): the stack's group at \(opacity)")
                for i in pile.cards.indices.dropFirst() {
                    let o = pile.cards[i].opacity.value(at: t)
                    guard g.shapes.map(\.rect).contains(pile.cardFrame(i, at: t)) else { continue }
                    #expect(o >= 0.5, "t \(t): card \(i) at opacity \(o) merged into the stack")
                    if pile.isTucked(i, at: t) {
                        seen = true
                        #expect(o > 0.99, "t \(t): card \(i) tucked at opacity \(o) merged into the stack")
                    }
                }
            }
        }
        #expect(seen, "the peeks tucked under the front card were seen in the stack's group")
    }

    @Test func spreadTheCardsAreOneLiquidGroupThatNecks() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        var necking = false
        for t in Self.times(0, 1.5) {
            let groups = Self.groups(pile.draw(at: t, theme: .light, pageHeight: 640))
            // Cards out from under each other melt together while within the merge distance.
            if let big = groups.last, big.count >= 2 {
                let cards = big.prefix { $0.width > 100 }
                for (a, b) in zip(cards, cards.dropFirst()) {
                    let gap = min(abs(a.minY - b.maxY), abs(b.minY - a.maxY))
                    if gap < LiquidPile.merge { necking = true }
                }
            }
        }
        #expect(necking, "cards neck as they part")
        let rest = Self.groups(pile.draw(at: 3, theme: .light, pageHeight: 640))
        #expect(rest.count == 1 && rest[0].count == pile.cards.count + 2, "five cards and the two bubbles")
    }

    // MARK: Anything a hand can do

    /// Random spreads, gathers, swipes, clears, arrivals and removals, with Reduce Motion
    /// switched on the way, drawn every frame: a word on the glass is never over a card in
    /// front of it nor out of its own glass (but for the drag in the pile, which cuts by
    /// columns), its blur always goes with its fade, and a label is never over a card.
    @Test(arguments: 0..<24)
    func noWordEverRidesOverGlassItDoesNotBelongTo(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed) &+ 1000)
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = seed % 3 == 0
        var t = 0.5
        for _ in 0..<24 {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: _ = pile.spread(at: t)
            case 1: _ = pile.gather(at: t)
            case 2, 3:
                guard !pile.cards.isEmpty else { break }
                let i = pile.expanded ? Int.random(in: 0..<pile.cards.count, using: &rng) : 0
                let y = pile.cardFrame(i, at: t).midY, dx = Double.random(in: -300...300, using: &rng)
                _ = pile.handle(.pointerDown(Point2(200, y), time: t, shift: false))
                for k in 1...6 {
                    t += 0.016
                    _ = pile.handle(.pointerMoved(Point2(200 + dx * Double(k) / 6, y), time: t))
                    expectTheLookHolds(pile, at: t)
                }
                _ = pile.handle(.pointerUp(Point2(200 + dx, y), time: t + 0.004))
            case 4: _ = pile.clickBubble(.clear, at: t)
            case 5: _ = pile.addSampleNotice(at: t)
            case 6: if let c = pile.cards.randomElement(using: &rng) { _ = pile.meltAway(id: c.notice.id, at: t) }
            default: pile.reduceMotion.toggle()
            }
            let next = t + Double.random(in: 0.02...0.5, using: &rng)
            while t < next {
                t += 1.0 / 60
                _ = pile.update(to: t)
                expectTheLookHolds(pile, at: t)
            }
        }
    }

    /// docs/behaviour.md §5.3.1's word rules in one frame (see `noWordEverRidesOverGlassItDoesNotBelongTo`).
    func expectTheLookHolds(_ pile: LiquidPile, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let list = pile.draw(at: t, theme: .light, pageHeight: 640)
        for (run, o) in list.textRuns where o > 0.01 {
            #expect(run.origin.isFinite && abs(run.blur - expectedBlur(run, opacity: o, in: pile, at: t)) < 1e-9, "t \(t): \(run.text)",
                    sourceLocation: sourceLocation)
        }
        if !list.commands.contains(where: { if case .pushClip = $0 { true } else { false } }) {
            expectWordsOnTheirOwnGlass(pile, at: t, sourceLocation: sourceLocation)
        }
        for (run, o) in list.textRuns where o > 0.01 && (run.text == "Show less" || run.text == "×") {
            guard let b = pile.bubbles.first(where: { $0.id == (run.text == "×" ? .clear : .showLess) }) else { continue }
            for i in pile.cards.indices where pile.cards[i].opacity.value(at: t) > 0.01 {
                #expect(Self.apart(pile.cardFrame(i, at: t), pile.bubbleFrame(b, at: t)), "t \(t): \(run.text) over card \(i)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Reduce Motion

    @Test func underReduceMotionLabelsFadeWithTheirBubblesAtTheirSlots() {
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = true
        _ = pile.spread(at: 0)
        for t in Self.times(0, 1) {
            expectLabelsOffTheCards(pile, at: t)
            for b in pile.bubbles {
                let label = pile.draw(at: t, theme: .light, pageHeight: 640).textRuns
                    .first { $0.run.text == (b.id == .clear ? "×" : "Show less") }
                #expect((label?.opacity ?? 0) <= b.opacity.value(at: t) + 1e-9, "t \(t): a label ahead of its bubble")
            }
        }
        _ = pile.update(to: 2)
        _ = pile.gather(at: 2)
        for t in Self.times(2, 2.5) { expectLabelsOffTheCards(pile, at: t) }
    }

    @Test func underReduceMotionClearAllsLettersOnlyBlurAndFadeIn() {
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = true
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        _ = pile.clickBubble(.clear, at: 2)
        var blurred = false
        for t in Self.times(2.02, 2.6) {
            for (run, o) in pile.draw(at: t, theme: .light, pageHeight: 640).textRuns where o > 0.01 && run.text.count == 1 && run.text != "×" {
                #expect(run.style.size == 13, "t \(t): \(run.text) scaled under Reduce Motion")
                if run.blur > 0.5 { blurred = true }
            }
        }
        #expect(blurred, "they still sharpen in")
    }

    @Test func underReduceMotionAnArrivalsWordsBlurInAsItGrows() {
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = true
        _ = pile.update(to: 1)
        _ = pile.insert(Notice(id: 77, tint: .sage, glyph: .bell, title: "Arrived", age: 5 * 3600), at: 1)
        for t in Self.times(1, 1.5) { expectWordsOnTheirOwnGlass(pile, at: t) }
        let mid = pile.draw(at: 1.2, theme: .light, pageHeight: 640).textRuns.first { $0.run.text == "Arrived" }
        #expect((mid?.opacity ?? 0) > 0.01 && (mid?.run.blur ?? 0) > 0.5)
        let rest = pile.draw(at: 1.5, theme: .light, pageHeight: 640).textRuns.first { $0.run.text == "Arrived" }
        #expect(rest?.opacity == 1 && rest?.run.blur == 0)
    }
}
