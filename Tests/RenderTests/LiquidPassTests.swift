import Canvas
import Foundation
import Render
import Testing

/// The liquid pass's fast paths (issue 5's frame budget): the two-pass field texture, the
/// blur kept for a still backdrop, and layers redrawn by the bands that changed — each
/// against the Swift reference or a full redraw, so a shortcut cannot change a pixel.
extension RenderSuite {
    @Suite struct LiquidPassTests {
        /// Three shapes merging over a coloured backdrop, one group clipped by a rounded rect.
        static func scene(groupX: Double = 0, barColor: Color = Color(hex: 0x9CC2FF)) -> DisplayList {
            var list = DisplayList(background: Color(hex: 0xF3F2EE))
            list.fill(.roundedRect(Rect(x: 20, y: 60, width: 260, height: 30), radius: 6), Paint(fill: barColor))
            list.fill(.circle(center: Point2(250, 40), radius: 30), Paint(fill: Color(hex: 0xFFD66B)))
            let group = LiquidGroup(shapes: [.roundedRect(Rect(x: 30 + groupX, y: 36, width: 80, height: 36), radius: 14),
                                             .capsule(Rect(x: 114 + groupX, y: 40, width: 80, height: 30)),
                                             .circle(center: Point2(230 + groupX, 55), radius: 15)])
            list.commands.append(.liquid(group, .light, opacity: 1))
            list.clip(.roundedRect(Rect(x: 20, y: 100, width: 200, height: 60), radius: 20)) { l in
                l.commands.append(.liquid(LiquidGroup(shapes: [.capsule(Rect(x: 10, y: 110, width: 120, height: 34)),
                                                                .capsule(Rect(x: 134, y: 110, width: 120, height: 34))]),
                                          .dark, opacity: 0.9))
            }
            return list
        }

        @Test(arguments: [(true, false), (false, false), (true, true), (false, true)])
        func bothPathsMatchTheReference(twoPass: Bool, es: Bool) throws {
            let h = try Headless(esOnly: es)
            h.gl.liquidFieldTexture = twoPass
            let list = Self.scene()
            for scale in [1.0, 2.0] {
                let w = Int(300 * scale), ht = Int(180 * scale)
                let prims = Flattener(scale: scale, fonts: nil).flatten(list)
                let gpu = try h.gpu(prims, width: w, height: ht, background: list.background)
                let ref = h.reference(prims, width: w, height: ht, background: list.background)
                let diff = ImageDiff(gpu, ref, width: w, threshold: 3)
                #expect(diff.maxDifference <= 3, "two-pass \(twoPass) ES \(es) at \(scale)x: \(diff.maxDifference)/255 at \(diff.worst)")
            }
        }

        @Test func aStillBackdropIsBlurredOnceAndAChangedOneAgain() throws {
            let h = try Headless()
            let w = 300, ht = 180
            func frame(_ list: DisplayList) throws -> (blurs: Int, diff: Int) {
                let before = h.gl.stats.backdropBlurs
                let prims = Flattener(scale: 1, fonts: nil).flatten(list)
                let gpu = try h.gpu(prims, width: w, height: ht, background: list.background)
                let ref = h.reference(prims, width: w, height: ht, background: list.background)
                return (h.gl.stats.backdropBlurs - before, ImageDiff(gpu, ref, width: w, threshold: 3).maxDifference)
            }
            // Two groups a frame: the second (clipped, drawn over the first) has its own slot.
            let first = try frame(Self.scene())
            #expect(first.blurs == 2 && first.diff <= 3)
            let again = try frame(Self.scene())
            #expect(again.blurs == 0 && again.diff <= 3, "nothing changed: both blurs kept")
            // The group moves 2 px: its region (on a 64-px grid) holds, the backdrop is still.
            let moved = try frame(Self.scene(groupX: 2))
            #expect(moved.diff <= 3, "moved: \(moved.diff)/255")
            #expect(moved.blurs == 1, "the first group's blur kept; the second's backdrop (the first group) changed")
            // The backdrop changes colour under a group that stays: blurred again, no stale glass.
            let recoloured = try frame(Self.scene(groupX: 2, barColor: Color(hex: 0xFF6B6B)))
            #expect(recoloured.blurs == 2 && recoloured.diff <= 3, "recoloured: \(recoloured.blurs) blurs, \(recoloured.diff)/255")
        }

        /// Issue 16: under a group whose backdrop keeps changing (a bar sliding beneath it),
        /// only the texels the glass can read are blurred — far fewer than its region holds —
        /// and the glass is byte for byte what blurring the whole region gives. The texels
        /// left out hold an older frame's blur, so reading one would show.
        @Test func aChangingBackdropBlursOnlyWhatTheGlassReads() throws {
            // Two renderers in one context: one blurs only what is read, one every region whole.
            let h = try Headless()
            let tight = h.gl, whole = try GLRenderer(es: h.window.isES)
            whole.options[.tightBlur] = false
            func pixels(_ r: GLRenderer, _ prims: [Primitive], _ w: Int, _ ht: Int, _ background: Color) throws -> [UInt8] {
                try r.bindOffscreenTarget(width: w, height: ht)
                r.draw(prims, width: w, height: ht, background: background, fonts: h.fonts)
                return r.readPixels(width: w, height: ht)
            }
            let w = 420, ht = 260
            for i in 0..<6 {
                var list = DisplayList(background: Color(hex: 0xF3F2EE))
                list.fill(.rect(Rect(x: 60 + Double(i) * 9, y: 80, width: 50, height: 100)), Paint(fill: Color(hex: 0x2F6BFF)))
                list.fill(.rect(Rect(x: 300 - Double(i) * 11, y: 70, width: 40, height: 110)), Paint(fill: Color(hex: 0xFFB020)))
                list.commands.append(.liquid(LiquidGroup(shapes: [.roundedRect(Rect(x: 140, y: 100, width: 140, height: 50), radius: 16)]),
                                             .light, opacity: 1))
                let prims = Flattener(scale: 1, fonts: nil).flatten(list)
                let (a0, b0) = (tight.stats.blurredTexels, whole.stats.blurredTexels)
                let a = try pixels(tight, prims, w, ht, list.background)
                let b = try pixels(whole, prims, w, ht, list.background)
                let (ta, tb) = (tight.stats.blurredTexels - a0, whole.stats.blurredTexels - b0)
                let diff = ImageDiff(a, b, width: w, threshold: 0)
                #expect(diff.maxDifference == 0, "frame \(i): \(diff.maxDifference)/255 at \(diff.worst)")
                // The first frame blurs the slot's whole region (it may stay still); then the
                // backdrop changes every frame: the read texels only.
                if i > 0 { #expect(tb > 0 && Double(ta) < 0.6 * Double(tb), "frame \(i): \(ta) texels blurred, \(tb) in the region") }
            }
        }

        /// docs/behaviour.md §5: the backdrop is frosted by σ = blur / 2 points at any scale. A scale-2
        /// frame blurs it on the texels of a scale-1 frame (issue 16: a quarter of the texels at
        /// half the taps, where it blurred four times the texels at twice the taps), and its
        /// glass shows the same frosted backdrop: deep in the glass, where only the tinted
        /// blur shows, each 2×2 block at 2× averages to the 1× pixel it covers.
        @Test func aScale2BackdropIsBlurredOnTheTexelsOfScale1() throws {
            let h = try Headless()
            var list = DisplayList(background: Color(hex: 0xF3F2EE))
            // Bars 5 pt wide under a wide card: detail the blur has to frost.
            for i in 0..<20 {
                list.fill(.rect(Rect(x: 40 + Double(i) * 10, y: 30, width: 5, height: 120)),
                          Paint(fill: i % 2 == 0 ? Color(hex: 0x2F6BFF) : Color(hex: 0xFFB020)))
            }
            let card = Rect(x: 50, y: 40, width: 180, height: 100)
            list.commands.append(.liquid(LiquidGroup(shapes: [.roundedRect(card, radius: 20)]), .light, opacity: 1))
            var texels: [Double: Int] = [:], images: [Double: [UInt8]] = [:]
            for scale in [1.0, 2.0] {
                let w = Int(280 * scale), ht = Int(180 * scale)
                let prims = Flattener(scale: scale, fonts: nil).flatten(list)
                let before = h.gl.stats.blurredTexels
                images[scale] = try h.gpu(prims, width: w, height: ht, background: list.background)
                texels[scale] = h.gl.stats.blurredTexels - before
            }
            let one = try #require(texels[1.0]), two = try #require(texels[2.0])
            // The regions snap to a 64-pixel grid, a 32-pt one at 2×: not exactly alike.
            #expect(one > 0 && Double(two) <= 1.25 * Double(one), "blurred texels: \(one) at 1×, \(two) at 2×")
            // 20 pt in from the card's edges: past the bezel (12 pt), rim and highlight.
            let a = try #require(images[1.0]), b = try #require(images[2.0])
            var worst = 0
            for y in Int(card.minY + 20)..<Int(card.maxY - 20) {
                for x in Int(card.minX + 20)..<Int(card.maxX - 20) {
                    for c in 0..<3 {
                        let quad = [(0, 0), (1, 0), (0, 1), (1, 1)].map { dx, dy in Int(b[((2 * y + dy) * 560 + 2 * x + dx) * 4 + c]) }
                        worst = max(worst, abs(quad.reduce(0, +) - 4 * Int(a[(y * 280 + x) * 4 + c])))
                    }
                }
            }
            #expect(worst <= 4 * 2, "a 2×2 block at 2× is off the 1× pixel by \(Double(worst) / 4)/255")
        }

        /// Glass deeper than its bezel (12 pt), rim and highlight shows its tinted backdrop
        /// and nothing else: from a pixel past the edge's depth (the bezel and one) it is
        /// painted by the plain program, not the full paint — byte for byte the same
        /// (LiquidCoresTests) — though the field is still computed a few pixels deeper
        /// (a pixel on the edge reads its neighbour's).
        @Test func glassIsPaintedPlainFromJustPastTheBezel() throws {
            let h = try Headless()
            var list = DisplayList(background: Color(hex: 0xF3F2EE))
            list.fill(.circle(center: Point2(150, 90), radius: 60), Paint(fill: Color(hex: 0x9CC2FF)))
            let card = Rect(x: 50, y: 40, width: 200, height: 100)
            list.commands.append(.liquid(LiquidGroup(shapes: [.rect(card)]), .light, opacity: 1))
            let prims = Flattener(scale: 1, fonts: nil).flatten(list)
            let before = h.gl.stats.plainPixels
            let gpu = try h.gpu(prims, width: 300, height: 180, background: list.background)
            let plain = h.gl.stats.plainPixels - before
            // Every pixel at least 14 px in (12 + 1 + a pixel's margin) is plain: 172 × 72.
            let inner = (200 - 2 * 14) * (100 - 2 * 14)
            #expect(plain >= inner && plain < 200 * 100, "plain pixels: \(plain), at least \(inner)")
            let ref = h.reference(prims, width: 300, height: 180, background: list.background)
            #expect(ImageDiff(gpu, ref, width: 300, threshold: 3).maxDifference <= 3)
        }

        /// Glass cut by the window's edge samples its blur clamped to its region, as the
        /// reference does: its frame is the same whatever another group left in the blur
        /// texture beyond the region (it once read those texels with up to a quarter's weight).
        @Test func glassAtTheWindowsEdgeReadsOnlyItsOwnBlur() throws {
            let w = 300, ht = 180
            // A wide group over saturated red fills the blur texture with red.
            var dirty = DisplayList(background: Color(hex: 0xFF2020))
            dirty.commands.append(.liquid(LiquidGroup(shapes: [.roundedRect(Rect(x: 20, y: 20, width: 260, height: 140), radius: 30)]),
                                          .light, opacity: 1))
            // A capsule running off the window's top right, over a pale page with a blue bar.
            var edge = DisplayList(background: Color(hex: 0xF3F2EE))
            edge.fill(.roundedRect(Rect(x: 150, y: 0, width: 150, height: 40), radius: 6), Paint(fill: Color(hex: 0x9CC2FF)))
            edge.commands.append(.liquid(LiquidGroup(shapes: [.capsule(Rect(x: 200, y: -16, width: 140, height: 44))]), .light, opacity: 1))
            let prims = Flattener(scale: 1, fonts: nil).flatten(edge)
            let used = try Headless()
            _ = try used.gpu(Flattener(scale: 1, fonts: nil).flatten(dirty), width: w, height: ht, background: dirty.background)
            let afterRed = try used.gpu(prims, width: w, height: ht, background: edge.background)
            let fresh = try Headless().gpu(prims, width: w, height: ht, background: edge.background)
            let history = ImageDiff(afterRed, fresh, width: w, threshold: 0)
            #expect(history.maxDifference == 0, "after a red blur: \(history.maxDifference)/255 at \(history.worst)")
            let ref = used.reference(prims, width: w, height: ht, background: edge.background)
            let diff = ImageDiff(afterRed, ref, width: w, threshold: 3)
            #expect(diff.maxDifference <= 3, "\(diff.maxDifference)/255 at \(diff.worst)")
        }

        @Test func aChangedRowRedrawsOnlyItsPixelsAndMatchesAFullRedraw() throws {
            // A tall panel of rows (the inspector's shape): one row's value changes.
            func panel(value: Double) -> DisplayList {
                var content = DisplayList(background: .white)
                let frame = Rect(x: 0, y: 0, width: 240, height: 600)
                content.fill(.rect(frame), Paint(fill: Color(hex: 0xF2F2F4)))
                for i in 0..<12 {
                    let y = 10 + Double(i) * 48
                    let width = i == 7 ? 40 + 150 * value : 120
                    content.fill(.roundedRect(Rect(x: 12, y: y, width: 200, height: 8), radius: 4), Paint(fill: Color(hex: 0xD8D8DE)))
                    content.fill(.roundedRect(Rect(x: 12, y: y, width: width, height: 8), radius: 4), Paint(fill: Color(hex: 0x0A84FF)))
                    content.fill(.circle(center: Point2(12 + width, y + 4), radius: 9),
                                 Paint(fill: .white, stroke: Color(hex: 0xB0B0B8), strokeWidth: 1,
                                       shadow: Shadow(alpha: 0.2, radius: 4, offset: Point2(0, 1))))
                }
                var layered = DisplayList(background: .white)
                layered.layer("inspector", frame: Rect(x: 30, y: 20, width: 240, height: 600)) { $0.commands = content.commands }
                return layered
            }
            let w = 300, ht = 640
            let h = try Headless()
            let flat = Flattener(scale: 1, fonts: h.fonts)
            try h.gl.bindOffscreenTarget(width: w, height: ht)
            h.gl.draw(flat.batches(panel(value: 0.2)), width: w, height: ht, background: .white, fonts: h.fonts)
            let pixels = h.gl.stats.layerPixelsRedrawn
            h.gl.draw(flat.batches(panel(value: 0.7)), width: w, height: ht, background: .white, fonts: h.fonts)
            let banded = h.gl.readPixels(width: w, height: ht)
            let redrawn = h.gl.stats.layerPixelsRedrawn - pixels
            // Row 7's bar runs from x 12 to 12 + 40 + 150 × 0.7 = 157 (it was 82), its knob of
            // radius 9 (y 341…359) on its end, with a radius-4 shadow 1 px down reaching at
            // most 1.5 × 4 = 6 px, and a pixel of antialiasing: the change lies within
            // x 11…157 + 9 + 6 + 1, y 341 − 6 − 1…359 + 1 + 6 + 1 — 162 × 33 of the 240 × 600.
            #expect(redrawn > 0 && redrawn <= 162 * 33, "pixels redrawn: \(redrawn) of \(240 * 600)")
            let fresh = try Headless()
            try fresh.gl.bindOffscreenTarget(width: w, height: ht)
            fresh.gl.draw(Flattener(scale: 1, fonts: fresh.fonts).batches(panel(value: 0.7)), width: w, height: ht, background: .white,
                          fonts: fresh.fonts)
            let whole = fresh.gl.readPixels(width: w, height: ht)
            let diff = ImageDiff(banded, whole, width: w, threshold: 0)
            #expect(diff.maxDifference == 0, "banded vs whole: \(diff.maxDifference)/255 at \(diff.worst)")
        }

        /// More shapes than the shader holds (a pile of 20 gathered in one place, and a
        /// column of 20 through several strips): each strip takes the nearest 16, which
        /// must still give every pixel its three nearest.
        @Test func moreShapesThanTheShaderHoldsMatchTheReference() throws {
            let h = try Headless()
            var list = DisplayList(background: Color(hex: 0xF3F2EE))
            list.fill(.circle(center: Point2(160, 120), radius: 80), Paint(fill: Color(hex: 0xCDB8FF)))
            let stack = (0..<20).map { i in
                Shape.roundedRect(Rect(x: 20 + Double(i), y: 20 + Double(i) * 3, width: 160, height: 60), radius: 18)
            }
            list.commands.append(.liquid(LiquidGroup(shapes: stack), .light, opacity: 1))
            let column = (0..<20).map { i in Shape.capsule(Rect(x: 220, y: 10 + Double(i) * 14, width: 70, height: 12)) }
            list.commands.append(.liquid(LiquidGroup(shapes: column, merge: 6), .light, opacity: 1))
            let prims = Flattener(scale: 1, fonts: nil).flatten(list)
            let gpu = try h.gpu(prims, width: 320, height: 300, background: list.background)
            let ref = h.reference(prims, width: 320, height: 300, background: list.background)
            let diff = ImageDiff(gpu, ref, width: 320, threshold: 3)
            #expect(diff.maxDifference <= 3, "\(diff.maxDifference)/255 at \(diff.worst)")
        }

        /// A liquid group inside a cached layer: drawn into the layer's own target (its
        /// backdrop is the layer's content, not the window's), composited, like the reference.
        @Test func aGroupInsideALayerMatchesTheReference() throws {
            let h = try Headless()
            var layered = DisplayList(background: Color(hex: 0xF3F2EE))
            layered.layer("glass", frame: Rect(x: 20, y: 20, width: 260, height: 140)) { l in
                l.fill(.rect(Rect(x: 20, y: 20, width: 260, height: 140)), Paint(fill: Color(hex: 0xE9E6DF)))
                l.fill(.circle(center: Point2(90, 90), radius: 40), Paint(fill: Color(hex: 0x9CC2FF)))
                l.commands.append(.liquid(LiquidGroup(shapes: [.capsule(Rect(x: 50, y: 70, width: 90, height: 32)),
                                                                .capsule(Rect(x: 144, y: 70, width: 90, height: 32))]),
                                          .light, opacity: 1))
            }
            for scale in [1.0, 2.0] {
                let w = Int(300 * scale), ht = Int(180 * scale)
                let flat = Flattener(scale: scale, fonts: nil)
                try h.gl.bindOffscreenTarget(width: w, height: ht)
                for _ in 0..<2 { h.gl.draw(flat.batches(layered), width: w, height: ht, background: layered.background, fonts: nil) }
                let gpu = h.gl.readPixels(width: w, height: ht)
                let ref = h.reference(flat.flatten(layered), width: w, height: ht, background: layered.background)
                let diff = ImageDiff(gpu, ref, width: w, threshold: 3)
                #expect(diff.maxDifference <= 3, "layer at \(scale)x: \(diff.maxDifference)/255 at \(diff.worst)")
            }
        }
    }
}
