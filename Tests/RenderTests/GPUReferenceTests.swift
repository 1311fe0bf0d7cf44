import Canvas
import Foundation
import Render
import Scenes
import Testing

/// GPU output (offscreen EGL, llvmpipe) against the Swift reference on a test card of
/// shapes, strokes, shadows, clips and text (issue 3).
///
/// Tolerance: every channel of every pixel within 2/255 of the reference (measured: 1/255).
/// Why not 0: the GPU rounds into an 8-bit framebuffer after each blended primitive while
/// the reference keeps doubles until the end (up to ½/255 per overlapping layer), and the
/// shader's 32-bit floats move an edge pixel's coverage by ~1e-4. Why not more: a real
/// disagreement (a stroke blended twice, a corner off by a pixel) shows as 10/255 or more.
extension RenderSuite {
    @Suite struct GPUReferenceTests {
        static func testCard() -> DisplayList {
            var list = DisplayList(background: Color(hex: 0xFFFFFF))
            let ink = Color(hex: 0x322614)
            list.fill(.roundedRect(Rect(x: 10, y: 10, width: 120, height: 60), radius: 14),
                      Paint(fill: Color(hex: 0xFFF4E5), stroke: Color(hex: 0xFF9F0A, alpha: 0.34), strokeWidth: 1))
            list.fill(.roundedRect(Rect(x: 140, y: 10, width: 120, height: 60), radius: 14, continuous: false),
                      Paint(fill: Color(hex: 0x9CC2FF)), opacity: 0.6)
            list.fill(.capsule(Rect(x: 270, y: 20, width: 80, height: 30)), Paint(fill: Color(hex: 0xFF9F0A)))
            list.fill(.circle(center: Point2(385, 40), radius: 25), Paint(fill: Color(hex: 0xA9DCB7), stroke: ink, strokeWidth: 1))
            list.fill(.roundedRect(Rect(x: 20, y: 90, width: 140, height: 70), radius: 22),
                      Paint(fill: Color(hex: 0xF3F2EE), shadow: Shadow(alpha: 0.07, radius: 18, offset: Point2(0, 8))))
            // A plain rectangle clip cutting a card, and a rounded clip cutting text and a bar.
            list.clip(.rect(Rect(x: 180, y: 95, width: 90, height: 40))) { l in
                l.fill(.roundedRect(Rect(x: 170, y: 85, width: 120, height: 80), radius: 18), Paint(fill: Color(hex: 0xCDB8FF)))
            }
            let panel = Shape.roundedRect(Rect(x: 290, y: 90, width: 110, height: 60), radius: 14)
            list.fill(panel, Paint(fill: Color(hex: 0xE8E8E8)))
            list.clip(panel) { l in
                l.fill(.rect(Rect(x: 280, y: 120, width: 140, height: 40)), Paint(fill: Color(hex: 0xFF0000)), opacity: 0.8)
                l.text(TextRun("Clipped", origin: Point2(300, 128), style: TextStyle(.semibold, size: 15), color: ink))
            }
            list.text(TextRun("Update · Inter 13", origin: Point2(20, 170), style: TextStyle(.semibold, size: 13), color: ink))
            list.text(TextRun("×", origin: Point2(200, 172), style: TextStyle(.bold, size: 10), color: ink.opacity(0.45)))
            list.polyline([Point2(230, 190), Point2(260, 172), Point2(300, 186), Point2(340, 170)], width: 1.6,
                          color: Color(hex: 0x0A84FF))
            return list
        }

        @Test(arguments: [1.0, 2.0])
        func testCardMatchesTheReference(scale: Double) throws {
            let h = try Headless()
            let w = Int(420 * scale), ht = Int(200 * scale)
            let list = Self.testCard()
            let prims = Flattener(scale: scale, fonts: h.fonts).flatten(list)
            let gpu = try h.gpu(prims, width: w, height: ht, background: list.background)
            let ref = h.reference(prims, width: w, height: ht, background: list.background)
            let diff = ImageDiff(gpu, ref, width: w, threshold: 2)
            if diff.maxDifference > 2 {
                try? PNG.write(rgba: gpu, width: w, height: ht, to: "/tmp/springlab-card-gpu@\(Int(scale))x.png")
                try? PNG.write(rgba: ref, width: w, height: ht, to: "/tmp/springlab-card-ref@\(Int(scale))x.png")
            }
            #expect(diff.maxDifference <= 2, "worst \(diff.maxDifference)/255 at \(diff.worst)")
            // The card is not blank: the reference itself has ink where the shapes are.
            let centre = (Int(40 * scale) * w + Int(70 * scale)) * 4
            #expect(gpu[centre] == 0xFF && gpu[centre + 1] == 0xF4 && gpu[centre + 2] == 0xE5)
        }

        /// The Push Alert's clip pattern — a plain rectangle clip holding a rounded clip —
        /// checked against hand-known pixels, not the reference: a clip that flattened wrong
        /// on both sides would still fail here.
        @Test func clipsCutWhereTheyShould() throws {
            let h = try Headless()
            var list = DisplayList(background: .white)
            let panel = Shape.roundedRect(Rect(x: 10, y: 10, width: 100, height: 60), radius: 20, continuous: false)
            list.clip(.rect(Rect(x: 0, y: 0, width: 200, height: 50))) { l in
                l.clip(panel) { l in l.fill(.rect(Rect(x: 0, y: 0, width: 200, height: 100)), Paint(fill: .black)) }
            }
            let px = try h.gpu(Flattener(scale: 1, fonts: nil).flatten(list), width: 200, height: 100, background: .white)
            func value(_ x: Int, _ y: Int) -> UInt8 { px[(y * 200 + x) * 4] }
            #expect(value(60, 30) == 0, "inside both clips: ink")
            #expect(value(12, 12) == 255, "outside the rounded corner (circle centre 30,30, r 20): page")
            #expect(value(60, 55) == 255, "below the rectangle clip at y = 50")
            #expect(value(150, 30) == 255, "right of the panel")
            #expect(value(31, 11) == 0, "just inside the top edge, right of the corner's start")
        }

        @Test func layersCompositeExactlyAndAreNotRedrawnWhenUnchanged() throws {
            let h = try Headless()
            let direct = Self.testCard()
            var layered = DisplayList(background: direct.background)
            layered.layer("card", frame: Rect(x: 0, y: 0, width: 420, height: 200)) { $0.commands = direct.commands }
            for scale in [1.0, 2.0] {
                let w = Int(420 * scale), ht = Int(200 * scale)
                let flat = Flattener(scale: scale, fonts: h.fonts)
                let a = try h.gpu(flat.flatten(direct), width: w, height: ht, background: direct.background)
                try h.gl.bindOffscreenTarget(width: w, height: ht)
                h.gl.draw(flat.batches(layered), width: w, height: ht, background: direct.background, fonts: h.fonts)
                let b = h.gl.readPixels(width: w, height: ht)
                let diff = ImageDiff(a, b, width: w, threshold: 2)
                #expect(diff.maxDifference <= 2, "layer vs direct at \(scale)x: \(diff.maxDifference)/255 at \(diff.worst)")
                let redraws = h.gl.stats.layerRedraws
                for _ in 0..<5 {
                    h.gl.draw(flat.batches(layered), width: w, height: ht, background: direct.background, fonts: h.fonts)
                }
                #expect(h.gl.stats.layerRedraws == redraws, "an unchanged layer is composited, not redrawn")
            }
        }

        @Test func opaqueLayersAreCopiedToTheRightPlace() throws {
            // A layer whose first command fills it opaque is blitted, not blended: the copy
            // must land exactly where the direct drawing does (GL's rows run bottom-up).
            let h = try Headless()
            var content = DisplayList(background: .white)
            let frame = Rect(x: 40, y: 30, width: 200, height: 120)
            content.fill(.rect(frame), Paint(fill: Color(hex: 0xF2F2F4)))
            content.fill(.roundedRect(Rect(x: 60, y: 50, width: 100, height: 40), radius: 12), Paint(fill: Color(hex: 0x0A84FF)))
            content.text(TextRun("Blit", origin: Point2(70, 100), style: TextStyle(.semibold, size: 15), color: .black))
            var layered = DisplayList(background: .white)
            layered.layer("panel", frame: frame) { $0.commands = content.commands }
            for scale in [1.0, 2.0] {
                let w = Int(300 * scale), ht = Int(200 * scale)
                let flat = Flattener(scale: scale, fonts: h.fonts)
                guard case .layer(_, _, _, _, let opaque)? = flat.batches(layered).first else { Issue.record("no layer"); return }
                #expect(opaque)
                let a = try h.gpu(flat.flatten(content), width: w, height: ht, background: .white)
                try h.gl.bindOffscreenTarget(width: w, height: ht)
                h.gl.draw(flat.batches(layered), width: w, height: ht, background: .white, fonts: h.fonts)
                let b = h.gl.readPixels(width: w, height: ht)
                let diff = ImageDiff(a, b, width: w, threshold: 2)
                #expect(diff.maxDifference <= 2, "blit vs direct at \(scale)x: \(diff.maxDifference)/255 at \(diff.worst)")
            }
        }

        @Test func glesContextDrawsTheSameCard() throws {
            let h = try Headless(esOnly: true)
            #expect(h.window.isES)
            let list = Self.testCard()
            let prims = Flattener(scale: 1, fonts: h.fonts).flatten(list)
            let gpu = try h.gpu(prims, width: 420, height: 200, background: list.background)
            let ref = h.reference(prims, width: 420, height: 200, background: list.background)
            let diff = ImageDiff(gpu, ref, width: 420, threshold: 2)
            #expect(diff.maxDifference <= 2, "GLES: \(diff.maxDifference)/255 at \(diff.worst)")
        }


        /// A liquid group — two capsules at the joined gap and a bubble — through the liquid
        /// pass against `Shading.shadeLiquid`. Tolerance 3/255: the rim's normal comes from
        /// finite differences of the field, which float and double round differently.
        @Test(arguments: [(1.0, false, LiquidKernel.quadratic), (2.0, false, .quadratic), (1.0, true, .quadratic),
                          (1.0, false, .pinched), (1.0, false, .cubic)])
        func liquidGroupMatchesTheReference(scale: Double, debugField: Bool, kernel: LiquidKernel) throws {
            let h = try Headless()
            var list = DisplayList(background: Color(hex: 0xF3F2EE))
            list.fill(.roundedRect(Rect(x: 20, y: 60, width: 260, height: 30), radius: 6), Paint(fill: Color(hex: 0x9CC2FF)))
            let group = LiquidGroup(shapes: [.capsule(Rect(x: 30, y: 40, width: 80, height: 30)),
                                             .capsule(Rect(x: 114, y: 40, width: 80, height: 30)),
                                             .circle(center: Point2(230, 55), radius: 15)], kernel: kernel)
            var paint = LiquidPaint.light
            paint.showField = debugField
            list.commands.append(.liquid(group, paint, opacity: 1))
            let w = Int(300 * scale), ht = Int(120 * scale)
            let prims = Flattener(scale: scale, fonts: nil).flatten(list)
            let gpu = try h.gpu(prims, width: w, height: ht, background: list.background)
            let ref = h.reference(prims, width: w, height: ht, background: list.background)
            let diff = ImageDiff(gpu, ref, width: w, threshold: 3)
            if diff.maxDifference > 0 {
                try? PNG.write(rgba: gpu, width: w, height: ht, to: "/tmp/springlab-liquid-gpu.png")
                try? PNG.write(rgba: ref, width: w, height: ht, to: "/tmp/springlab-liquid-ref.png")
            }
            #expect(diff.maxDifference <= 3, "liquid at \(scale)x: \(diff.maxDifference)/255 at \(diff.worst)")
            // The neck is there: the middle of the 4 pt gap, on the centre line, is glass
            // (lighter than the blue bar behind), not the bar.
            let i = (Int(55 * scale) * w + Int(112 * scale)) * 4
            if !debugField { #expect(gpu[i] > 0xC0, "neck pixel \(gpu[i])") }
        }

        /// Two groups in one frame — a tall column of cards (strips each see only their
        /// neighbours) and a small pair drawn after it (the backdrop textures are reused,
        /// larger than its region) — against the reference.
        @Test func severalGroupsAndStripsMatchTheReference() throws {
            let h = try Headless()
            var list = DisplayList(background: Color(hex: 0xF3F2EE))
            for i in 0..<4 {
                list.fill(.circle(center: Point2(60 + Double(i) * 90, 150), radius: 50), Paint(fill: Color(hex: 0xCDB8FF)))
            }
            let column = (0..<6).map { i in Shape.roundedRect(Rect(x: 20, y: 10 + Double(i) * 46, width: 200, height: 40), radius: 16) }
            list.commands.append(.liquid(LiquidGroup(shapes: column, merge: 8), .light, opacity: 1))
            let pair = LiquidGroup(shapes: [.capsule(Rect(x: 250, y: 60, width: 60, height: 24)),
                                            .capsule(Rect(x: 313, y: 60, width: 60, height: 24))])
            // The pair inside a rounded clip that cuts its right end.
            list.clip(.roundedRect(Rect(x: 240, y: 50, width: 110, height: 44), radius: 18)) { l in
                l.commands.append(.liquid(pair, .dark, opacity: 0.9))
            }
            let prims = Flattener(scale: 1, fonts: nil).flatten(list)
            let gpu = try h.gpu(prims, width: 400, height: 300, background: list.background)
            let ref = h.reference(prims, width: 400, height: 300, background: list.background)
            let diff = ImageDiff(gpu, ref, width: 400, threshold: 3)
            #expect(diff.maxDifference <= 3, "\(diff.maxDifference)/255 at \(diff.worst)")
        }

        @Test func antiAliasedEdgesAreExactAtAnyScale() throws {
            // A 100 pt square's left edge at x = 10.5 pt covers half of pixel 10 at 1× and
            // all of pixel 21 at 2×: the distance field is evaluated in device pixels.
            let h = try Headless()
            var list = DisplayList(background: .white)
            list.fill(.rect(Rect(x: 10.5, y: 0, width: 100, height: 20)), Paint(fill: .black))
            for scale in [1.0, 2.0] {
                let w = Int(120 * scale)
                let prims = Flattener(scale: scale, fonts: nil).flatten(list)
                let px = try h.gpu(prims, width: w, height: Int(20 * scale), background: .white)
                let row = Int(5 * scale) * w * 4
                if scale == 1 {
                    #expect(abs(Int(px[row + 10 * 4]) - 128) <= 1)  // half covered: mid grey
                    #expect(px[row + 11 * 4] == 0 && px[row + 9 * 4] == 255)
                } else {
                    #expect(px[row + 21 * 4] == 0 && px[row + 20 * 4] == 255)
                }
            }
        }
    }
}
