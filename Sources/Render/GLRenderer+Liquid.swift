import CGL
import Canvas
import Foundation

/// The liquid pass (SPEC §5): per group, the backdrop under it is copied, shrunk and
/// blurred; the merged field of its region is written to a texture in strips, each with
/// only the shapes that can reach it; then one quad paints the glass from the two. Where
/// half-float targets are refused, strips of one pass do both.
extension GLRenderer {
    /// `slot`: which of the frame's liquid groups this is; `backdropKey`: a hash of all drawn
    /// before it in this target, or nil where that is not known (inside a layer).
    func drawLiquid(_ prim: Primitive, width: Int, height: Int, slot: Int, backdropKey: Int?) {
        guard let g = prim.liquid, let paint = prim.liquidPaint, !g.shapes.isEmpty else { return }
        let b = prim.bounds
        guard !b.isEmpty, let region = SoftwareRasterizer.backdropRegion(prim, width: width, height: height) else { return }
        var target: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &target)
        // A frame repainting only its damage scissors the target: the passes into the blur
        // and field textures are not the target's and must not be cut by it; the paint is.
        let scissored = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        if scissored { glDisable(GLenum(GL_SCISSOR_TEST)) }
        defer { if scissored { glEnable(GLenum(GL_SCISSOR_TEST)) } }
        let factor = SoftwareRasterizer.backdropFactor(paint), sigma = SoftwareRasterizer.backdropSigma(paint)
        // Where the glass samples the blur: pixels within half a pixel of the outline (the
        // group's bounds, within its clip), moved by the refraction.
        let read = g.bounds.intersection(prim.clipRect.insetBy(dx: -1, dy: -1)).insetBy(dx: -(max(paint.refraction, 0) + 1),
                                                                                        dy: -(max(paint.refraction, 0) + 1))
        let blurBefore = blurredTexels, fieldBefore = fieldPixels + coarsePixels
        let blurred = blurBackdrop(region, read: read, viewport: (width, height), factor: factor, sigma: sigma, slot: slot,
                                   content: backdropKey)
        passCount("liquid_blur", blurredTexels - blurBefore)
        passEnd("liquid_blur")
        let s = paint.shadow
        // Each strip takes the shapes that can reach it — within the kernel's reach, the
        // shadow's offset and blur, the debug band and the rim's sampling. A shape further
        // than that changes nothing there, so the union is exactly the whole group's while a
        // tall pile costs per strip what two cards do.
        let offset = s.map { ($0.offset.x * $0.offset.x + $0.offset.y * $0.offset.y).squareRoot() } ?? 0
        let reach = (g.kernel == .cubic ? 6 : 4) * g.smoothing + (s?.reach ?? 0) + offset
            + (paint.showField ? g.merge : 0) + max(paint.refraction, 1) + 2
        // The field pass may stop at a shape deeper than anything reads exactly: the bezel,
        // the rim, a neighbour's normal a pixel on, the shadow's offset, bilinear's reach.
        let edge = Shading.edgeDepth(paint, rimWidth: prim.radius)
        let deep = -(max(edge, offset) + 2.5)
        // A clip reaching a pixel past the bounds cuts nothing (coverage is 1 half a pixel in).
        let c = prim.clipRect, holds = c.insetBy(dx: 1, dy: 1).intersection(b) == b
        // Plain cores, inside the clip where its coverage is whole, none under a rounded clip:
        // painted plain deeper than the edge's depth by half a pixel (there the paint has no
        // slope, bend, rim or highlight); with no field computed deeper than anything the
        // paint reads exactly (`deep`) by half a pixel more — within the first, so every
        // pixel that reads the field at itself or a pixel on has it.
        let viewport = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        func cores(_ depth: Double) -> [Rect] {
            liquidFieldTexture && liquidCores && prim.roundClip == nil
                ? LiquidCores.cores(g.shapes, depth: depth, within: b.intersection(holds ? b : c.insetBy(dx: 1, dy: 1))
                    .intersection(viewport)) : []
        }
        // (A core thinner than `leastFieldCut` is not cut out of the field pass: it costs more
        // cut out than computed.)
        let plainCores = cores(edge + 0.5), fieldCores = cores(-deep + 0.5).filter { min($0.width, $0.height) >= Self.leastFieldCut }
        // The edges and the necks through the full paint; outside the glass its shadow
        // alone (none without one), the cores plain.
        let outside = shadowClass && !paint.showField ? LiquidCores.outside(g, within: b) : (near: [b], outside: [])
        // With a coarse field for the shadow, the full one only where the edges read it.
        let spacing = s.map { shadowSpacing($0) } ?? 1
        // A group of one shape: its paint computes the field it reads; the shadow reads
        // the coarse field (or there is none), so no full field is drawn.
        let single = singleShapeField && g.shapes.count == 1 && (s == nil || spacing > 1)
        let fieldRegion = liquidFieldTexture
            ? drawField(g, bounds: b, shadowOffset: s?.offset ?? .zero, reach: reach, width: width, height: height, deep: deep,
                        cores: fieldCores, spacing: spacing, onlyNear: spacing > 1 && !outside.outside.isEmpty, full: !single) : nil
        passCount("liquid_field", fieldPixels + coarsePixels - fieldBefore)
        passEnd("liquid_field")
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        if scissored { glEnable(GLenum(GL_SCISSOR_TEST)) }
        glActiveTexture(GLenum(GL_TEXTURE2))
        glBindTexture(GLenum(GL_TEXTURE_2D), blurred)
        glActiveTexture(GLenum(GL_TEXTURE0))
        // Without a clip to cut it or iso-lines to draw, a paint without either.
        let general = !(unclippedPaint && holds && prim.roundClip == nil && !paint.showField)
        let program = fieldRegion != nil ? liquidProgram(.shade, general: general, single: single)
            : liquidProgram(.direct, pinched: g.kernel == .pinched)
        let shadowProgram = liquidProgram(.shadow, general: general)
        // Where no continuous corner's curve is nearest a pixel or the two it reads on, the
        // one shape's paint has a program without the curve (`LiquidCores.straightColumns`).
        let straight = single && straightField && prim.roundClip == nil
            ? liquidProgram(.shade, straight: true, general: general, single: true) : 0
        // The paint's uniforms, on the program that paints the edges and on the one that
        // paints the shadow outside the glass (`LiquidCores.outside`).
        for program in fieldRegion == nil ? [program] : [shadowProgram, program] + (straight != 0 ? [straight] : []) {
            glUseProgram(program)
            let uniforms = liquidUniforms[program] ?? [:]
            func u(_ n: String) -> GLint { uniforms[n] ?? -1 }
            glUniform2f(u("uViewport"), GLfloat(width), GLfloat(height))
            setKernel(g, uniforms)
            let t = paint.tint, r = paint.rim
            glUniform4f(u("uTint"), GLfloat(t.r), GLfloat(t.g), GLfloat(t.b), GLfloat(t.a))
            glUniform4f(u("uRim"), GLfloat(r.r), GLfloat(r.g), GLfloat(r.b), GLfloat(r.a))
            glUniform1f(u("uRimWidth"), GLfloat(prim.radius))
            glUniform4f(u("uShadow"), GLfloat(s?.alpha ?? 0), GLfloat(s?.radius ?? 0), GLfloat(s?.offset.x ?? 0), GLfloat(s?.offset.y ?? 0))
            glUniform1f(u("uOpacity"), GLfloat(prim.fill.a))
            glUniform4f(u("uClip"), GLfloat(c.x), GLfloat(c.y), holds ? -1 : GLfloat(c.width), GLfloat(c.height))
            let rc = prim.roundClip
            glUniform4f(u("uRoundClip"), GLfloat(rc?.rect.x ?? 0), GLfloat(rc?.rect.y ?? 0), GLfloat(rc?.rect.width ?? 0),
                        GLfloat(rc?.rect.height ?? 0))
            glUniform2f(u("uRoundClipP"), GLfloat(rc?.radius ?? 0), rc == nil ? 0 : (rc?.continuous == true ? 2 : 1))
            setBackdrop(region: region, factor: factor, uniforms)
            glUniform1f(u("uBezel"), GLfloat(paint.bezel))
            glUniform1f(u("uRefraction"), GLfloat(paint.refraction))
            glUniform1f(u("uEdgeDepth"), GLfloat(edge))
            let sp = paint.specular, far = paint.farRim, light = LiquidPaint.lightDirection
            glUniform4f(u("uSpecular"), GLfloat(sp.r), GLfloat(sp.g), GLfloat(sp.b), GLfloat(sp.a))
            glUniform4f(u("uFarRim"), GLfloat(far.r), GLfloat(far.g), GLfloat(far.b), GLfloat(far.a))
            glUniform1f(u("uSpecularWidth"), GLfloat(paint.specularWidth))
            glUniform2f(u("uLight"), GLfloat(light.x), GLfloat(light.y))
            let step = paint.showField ? LiquidPaint.fieldStep * prim.radius / LiquidPaint.rimWidth : 0
            glUniform1f(u("uFieldStep"), GLfloat(step))
            glUniform1f(u("uMerge"), GLfloat(g.merge))
            if let f = fieldRegion, let texture = field {
                glUniform1i(u("uField"), 4)
                glUniform4f(u("uFieldRegion"), GLfloat(f.x), GLfloat(f.y), GLfloat(f.w), GLfloat(f.h))
                glUniform2f(u("uFieldCapacity"), GLfloat(texture.width), GLfloat(texture.height))
                let c = f.coarse
                glUniform4f(u("uShadowRegion"), GLfloat(c.x), 0, GLfloat(c.w), GLfloat(c.h))
                glUniform3f(u("uShadowGrid"), GLfloat(f.x), GLfloat(f.y), GLfloat(c.spacing))
                // The shape as the field pass would have had it: in the region's coordinates.
                if single, let shape = g.shapes.first {
                    setShapes([shape.offsetBy(dx: -Double(f.x), dy: -Double(f.y))], uniforms)
                }
            }
        }
        let uniforms = liquidUniforms[program] ?? [:]
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        if fieldRegion != nil, let texture = field {
            glActiveTexture(GLenum(GL_TEXTURE4))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture.texture)
            glActiveTexture(GLenum(GL_TEXTURE0))
            var edges: [Rect] = [], plain: [Rect] = []
            for r in outside.near {
                let parts = LiquidCores.partition(r, cuts: plainCores)
                edges += parts.rest
                plain += parts.covered
            }
            if straight != 0 {
                // (A pixel reads the field a pixel right and a pixel down.)
                let splits = edges.map { LiquidCores.straightSplit($0, shapes: g.shapes, neighbours: true) }
                let straightRects = splits.compactMap(\.straight)
                glUseProgram(straight)
                drawRects(straightRects)
                straightPixels += straightRects.reduce(0) { $0 + Int($1.width * $1.height) }
                glUseProgram(program)
                drawRects(splits.flatMap(\.curved))
            } else {
                glUseProgram(program)
                drawRects(edges)
            }
            let edgePixels = edges.reduce(0) { $0 + Int($1.width * $1.height) }
            passCount("liquid_edges", edgePixels)
            passEnd("liquid_edges")
            if !general { unclippedPixels += edgePixels }
            if single { singleShapePixels += edgePixels }
            if s != nil, !outside.outside.isEmpty {
                glUseProgram(shadowProgram)
                drawRects(outside.outside)
                let painted = outside.outside.reduce(0) { $0 + Int($1.width * $1.height) }
                shadowPixels += painted
                passCount("liquid_shadow", painted)
                passEnd("liquid_shadow")
            }
            if !plain.isEmpty { paintPlain(plain, prim: prim, region: region, factor: factor, viewport: (width, height)) }
            let plainPainted = plain.reduce(0) { $0 + Int($1.width * $1.height) }
            plainPixels += plainPainted
            passCount("liquid_plain", plainPainted)
            passEnd("liquid_plain")
        } else {
            forEachStrip(of: b, rows: height, shapes: g.shapes, reach: reach) { strip, near in
                setShapes(near, uniforms)
                drawRects([strip])
            }
        }
    }

    /// The least width and height (px) of a core the field pass is cut around. llvmpipe
    /// shades a rectangle's pixels in 4×4 blocks, the blocks its two triangles' shared
    /// diagonal and its edges cross once for each triangle: a thin hole in the field pass
    /// (a one-line card's cores at 1× are 33 and 8 px tall) costs more in broken-up
    /// rectangles than its pixels cost computed — and deep in a shape the field stops at
    /// the first shape (`deep`). Measured on the liquid bench drive, frames drawn both ways
    /// in one process: 48 is about 0.5 ms a frame faster at 1× than cutting every core, and
    /// the same at 2× (where cores are larger); cutting none is 1.5 ms slower at 2×.
    static let leastFieldCut = 48.0

    /// The plain cores of a group (`LiquidCores`): the tinted backdrop alone, as the full
    /// paint computes it there. Blending and the backdrop's texture are as the paint set them.
    private func paintPlain(_ rects: [Rect], prim: Primitive, region: (x: Int, y: Int, w: Int, h: Int), factor: Int,
                            viewport: (width: Int, height: Int)) {
        guard let paint = prim.liquidPaint else { return }
        let plainProgram = liquidProgram(.plain)
        glUseProgram(plainProgram)
        let uniforms = liquidUniforms[plainProgram] ?? [:]
        func u(_ n: String) -> GLint { uniforms[n] ?? -1 }
        glUniform2f(u("uViewport"), GLfloat(viewport.width), GLfloat(viewport.height))
        let t = paint.tint
        glUniform4f(u("uTint"), GLfloat(t.r), GLfloat(t.g), GLfloat(t.b), GLfloat(t.a))
        glUniform1f(u("uOpacity"), GLfloat(prim.fill.a))
        setBackdrop(region: region, factor: factor, uniforms)
        drawRects(rects)
    }

    /// The blurred backdrop on texture unit 2: the region it holds, shrunk by `factor`,
    /// which fills only the corner of the (grow-only) texture.
    private func setBackdrop(region: (x: Int, y: Int, w: Int, h: Int), factor: Int, _ uniforms: [String: GLint]) {
        glUniform1i(uniforms["uBackdrop"] ?? -1, 2)
        glUniform4f(uniforms["uRegion"] ?? -1, GLfloat(region.x), GLfloat(region.y), GLfloat(region.w), GLfloat(region.h))
        let cap = backdrop.map { (Double($0.width / 2), Double($0.height / 2)) } ?? (1, 1)
        glUniform2f(uniforms["uBackdropScale"] ?? -1, GLfloat(Double(region.w / factor) / cap.0),
                    GLfloat(Double(region.h / factor) / cap.1))
    }

    /// Writes the group's field over `bounds` (grown by the shadow's reach, within the
    /// viewport) into the field texture, but for `cores` (window pixels no pass reads the
    /// field of) and, with `onlyNear`, but for where only the shadow reads it; returns the
    /// pixel region it holds, or nil where the driver cannot render half floats. With a
    /// `spacing` over 1, the field the shadow reads is written beside it at that spacing
    /// (`coarse`: where in the texture, its size); else `coarse` is the field itself. With
    /// `full` false, only the coarse field is drawn (the region is still returned).
    private func drawField(_ g: LiquidGroup, bounds: Rect, shadowOffset: Point2, reach: Double, width: Int, height: Int,
                           deep: Double, cores: [Rect], spacing: Int, onlyNear: Bool, full: Bool)
        -> (x: Int, y: Int, w: Int, h: Int, coarse: (x: Int, w: Int, h: Int, spacing: Int))? {
        // The shadow reads the field `offset` up and left of each pixel: hold that too.
        let grown = bounds.union(bounds.offsetBy(dx: -shadowOffset.x, dy: -shadowOffset.y)).insetBy(dx: -2, dy: -2)
            .intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)).insetBy(dx: -reach, dy: -reach))
        guard !grown.isEmpty else { return nil }
        let x0 = Int(grown.minX.rounded(.down)), y0 = Int(grown.minY.rounded(.down))
        let w = Int(grown.maxX.rounded(.up)) - x0, h = Int(grown.maxY.rounded(.up)) - y0
        guard w > 0, h > 0 else { return nil }
        // The coarse field's texels: one every `spacing` pixels from the region's corner, and
        // one more each way for interpolating at its far edges; a column apart from the full.
        let cw = spacing > 1 ? (w + spacing - 1) / spacing + 1 : w, ch = spacing > 1 ? (h + spacing - 1) / spacing + 1 : h
        let cx = spacing > 1 ? w + 1 : 0
        guard let texture = fieldTexture(width: spacing > 1 ? cx + cw : w, height: max(h, ch), viewport: (width, height)) else {
            return nil
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), texture.fbo)
        glViewport(0, 0, GLsizei(w), GLsizei(h))
        glDisable(GLenum(GL_BLEND))
        // Where no continuous corner's curve is nearest, a program without it (`straightColumns`).
        let curved = liquidProgram(.field, pinched: g.kernel == .pinched)
        let straight = liquidProgram(.field, pinched: g.kernel == .pinched, straight: true)
        // The same, for strips of up to four shapes that carry them (`drawFieldRects`).
        let carried = instancedField ? (curved: liquidProgram(.field, pinched: g.kernel == .pinched, instanced: true),
                                        straight: liquidProgram(.field, pinched: g.kernel == .pinched, straight: true, instanced: true))
            : nil
        // The field programs over a target `size` wide and high, in pixels `scale` times
        // the window's (the smoothing scales with them).
        func setUp(_ size: (Int, Int), deep: Double, scale: Double) {
            for program in [curved, straight] + (carried.map { [$0.curved, $0.straight] } ?? []) {
                glUseProgram(program)
                let uniforms = liquidUniforms[program] ?? [:]
                glUniform2f(uniforms["uViewport"] ?? -1, GLfloat(size.0), GLfloat(size.1))
                glUniform1f(uniforms["uDeep"] ?? -1, GLfloat(deep))
                setKernel(g, uniforms, scale: scale)
            }
        }
        setUp((w, h), deep: deep, scale: 1)
        // In the region's own coordinates: half floats keep more of a small number.
        let shift = Point2(Double(x0), Double(y0))
        let local = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        let shapes = g.shapes.map { $0.offsetBy(dx: -shift.x, dy: -shift.y) }
        let skipped = cores.map { $0.offsetBy(dx: -shift.x, dy: -shift.y) }
        // The edges read the field a pixel on (their slope): the near boxes, a pixel wider.
        let wanted = onlyNear ? LiquidCores.outside(g, within: Rect(x: Double(x0), y: Double(y0), width: Double(w), height: Double(h)),
                                                    grow: 1).near.map { $0.offsetBy(dx: -shift.x, dy: -shift.y) } : [local]
        for part in full ? wanted.flatMap({ LiquidCores.partition($0, cuts: skipped).rest }) : [] {
            drawFieldStrips(part, rows: h, shapes: shapes, reach: reach, curved: curved, straight: straight, carried: carried)
            fieldPixels += Int(part.width * part.height)
        }
        guard spacing > 1 else { return (x0, y0, w, h, (0, w, h, 1)) }
        // The coarse field: texel (i, j) holds the field at the region's corner + spacing ×
        // (i + ½, j + ½), the full field scaled down by the spacing (every distance and the
        // smoothing scale with it); deep enough for what the shadow reads (d > −½ at the
        // pixel, its offset away, a texel's diagonal more for interpolating).
        let sp = Double(spacing)
        glViewport(0, 0, GLsizei(cx + cw), GLsizei(ch))
        let coarseDeep = (-(shadowOffset.x * shadowOffset.x + shadowOffset.y * shadowOffset.y).squareRoot() - 0.5 - 1.5 * sp) / sp
        setUp((cx + cw, ch), deep: min(coarseDeep, deep / sp), scale: sp)
        let coarse = shapes.map { Shape(rect: Rect(x: $0.rect.x / sp + Double(cx), y: $0.rect.y / sp, width: $0.rect.width / sp,
                                                   height: $0.rect.height / sp), radius: $0.radius / sp, continuous: $0.continuous) }
        drawFieldStrips(Rect(x: Double(cx), y: 0, width: Double(cw), height: Double(ch)), rows: ch, shapes: coarse, reach: reach / sp,
                        curved: curved, straight: straight, carried: carried)
        coarsePixels += cw * ch
        return (x0, y0, w, h, (cx, cw, ch, spacing))
    }

    /// The field over `part` in strips, each with the shapes that can reach it; the straight
    /// program where no continuous corner is nearest (`LiquidCores.straightColumns`). Strips
    /// with the same program and shapes are drawn in one call (llvmpipe spends on each call
    /// as much as on thousands of pixels; a card's strips all have the same one shape).
    /// With `carried` (the instanced programs), strips of up to four shapes carry them and
    /// are drawn in one call a program whatever their shapes (a pile's strips have many
    /// different lists: 9 fewer calls a frame of the liquid bench drive, of 60).
    private func drawFieldStrips(_ part: Rect, rows: Int, shapes: [Shape], reach: Double, curved: GLuint, straight: GLuint,
                                 carried: (curved: GLuint, straight: GLuint)?) {
        var batches: [(program: GLuint, shapes: ArraySlice<Shape>, rects: [Rect])] = []
        // The strips that carry their shapes, for the curved and the straight program.
        var carrying: (curved: [(rect: Rect, shapes: ArraySlice<Shape>)], straight: [(rect: Rect, shapes: ArraySlice<Shape>)]) = ([], [])
        func add(_ rects: [Rect], _ program: GLuint, _ near: ArraySlice<Shape>) {
            if carried != nil, near.count <= LiquidShaders.instanceShapes {
                if program == straight { carrying.straight += rects.map { ($0, near) } } else { carrying.curved += rects.map { ($0, near) } }
                instancedFieldPixels += rects.reduce(0) { $0 + Int($1.width * $1.height) }
                return
            }
            if let i = batches.firstIndex(where: { $0.program == program && $0.shapes == near }) {
                batches[i].rects += rects
            } else {
                batches.append((program, near, rects))
            }
        }
        forEachStrip(of: part, rows: rows, shapes: shapes, reach: reach, includeEmpty: true) { strip, near in
            let split = straightField ? LiquidCores.straightSplit(strip, shapes: near) : (straight: nil, curved: [strip])
            if let s = split.straight {
                add([s], straight, near)
                straightPixels += Int(s.width * s.height)
            }
            if !split.curved.isEmpty { add(split.curved, curved, near) }
        }
        for b in batches { drawField(strips: b.rects, b.program, b.shapes) }
        if let carried {
            for (program, strips) in [(carried.curved, carrying.curved), (carried.straight, carrying.straight)] where !strips.isEmpty {
                glUseProgram(program)
                drawFieldRects(strips)
            }
        }
    }

    /// The spacing (px) of the coarse field a shadow reads: a quarter of its σ, whole pixels
    /// (1: none; 2 at 1× for the glass's shadow of radius 18, 4 at 2×). Interpolated there,
    /// the field is off by about spacing² / 8 × its curvature, a small fraction of σ; outside
    /// a convex outline interpolation overshoots, so the shadow comes out lighter by up to a
    /// level, 2 where rounding falls apart (measured over the bench drives: the golden
    /// images' tolerance, CoarseShadowTests). Off (`coarseShadow`), 1.
    func shadowSpacing(_ shadow: Shadow) -> Int {
        coarseShadow ? max(1, Int((max(shadow.radius / 2, 0.5) / 4).rounded(.down))) : 1
    }

    /// Draws one instance per strip with the bound (instanced) field program, each record
    /// holding the strip and its shapes (`LiquidShaders.vertex`): the rects, then the
    /// radii and kinds two to a vec4, then the count.
    private func drawFieldRects(_ strips: [(rect: Rect, shapes: ArraySlice<Shape>)]) {
        guard !strips.isEmpty else { return }
        let n = LiquidShaders.instanceShapes
        scratch.removeAll(keepingCapacity: true)
        for (r, near) in strips {
            scratch += [Float(r.x), Float(r.y), Float(r.width), Float(r.height)]
            for i in 0..<n {
                let rect = i < near.count ? near[near.startIndex + i].rect : .zero
                scratch += [Float(rect.x), Float(rect.y), Float(rect.width), Float(rect.height)]
            }
            for i in 0..<n {
                let shape = i < near.count ? near[near.startIndex + i] : nil
                scratch += [Float(shape?.radius ?? 0), shape?.continuous == true ? 1 : 0]
            }
            scratch += [Float(near.count), 0, 0, 0]
            scratch += repeatElement(0, count: Self.floatsPerInstance - 4 - 4 * n - 2 * n - 4)
        }
        drawScratchQuads(strips.count)
    }

    private func drawField(strips: [Rect], _ program: GLuint, _ near: ArraySlice<Shape>) {
        glUseProgram(program)
        setShapes(near, liquidUniforms[program] ?? [:])
        drawRects(strips)
    }

    /// The grow-only field texture, at least `width`×`height`; nil (and never asked again)
    /// if it cannot be rendered to.
    private func fieldTexture(width: Int, height: Int, viewport: (width: Int, height: Int)) -> (texture: GLuint, fbo: GLuint, width: Int, height: Int)? {
        if let f = field, f.width >= width, f.height >= height { return f }
        // Grown in steps (a quarter more, whole 128-pixel blocks, at most the viewport, never
        // less than before): a pile that grows every frame as it spreads must not reallocate
        // every few frames, nor hold a viewport-sized texture for a card (memory, SPEC §9).
        let w = Self.grownCapacity(width, old: field?.width, limit: viewport.width)
        let h = Self.grownCapacity(height, old: field?.height, limit: viewport.height)
        if var old = field { glDeleteFramebuffers(1, &old.fbo); glDeleteTextures(1, &old.texture); field = nil }
        guard let made = makeTextureTarget(width: w, height: h, internalFormat: GL_R16F, format: GL_RED, type: GL_HALF_FLOAT,
                                           filter: GL_LINEAR) else {
            liquidFieldTexture = false
            return nil
        }
        field = (made.texture, made.fbo, w, h)
        return field
    }

    /// (`scale`: for a target whose pixels are that many of the window's.)
    private func setKernel(_ g: LiquidGroup, _ uniforms: [String: GLint], scale: Double = 1) {
        glUniform1f(uniforms["uK"] ?? -1, GLfloat(g.smoothing / scale))
        glUniform1i(uniforms["uKernel"] ?? -1, g.kernel == .cubic ? 1 : (g.kernel == .pinched ? 2 : 0))
    }

    private func setShapes(_ near: ArraySlice<Shape>, _ uniforms: [String: GLint]) {
        var rects: [GLfloat] = []
        var radii: [GLfloat] = []
        for shape in near {
            rects += [GLfloat(shape.rect.x), GLfloat(shape.rect.y), GLfloat(shape.rect.width), GLfloat(shape.rect.height)]
            radii += [GLfloat(shape.radius), shape.continuous ? 1 : 0]
        }
        if !near.isEmpty {
            glUniform4fv(uniforms["uRects"] ?? -1, GLsizei(near.count), rects)
            glUniform2fv(uniforms["uRadii"] ?? -1, GLsizei(near.count), radii)
        }
        glUniform1i(uniforms["uCount"] ?? -1, GLint(near.count))
    }

    /// A grow-only texture side holding `needed`: a quarter more than asked, in 128-pixel
    /// blocks, within `limit` (but never under what is needed or was there).
    static func grownCapacity(_ needed: Int, old: Int?, limit: Int) -> Int {
        let roomy = min(((needed + needed / 4) + 127) / 128 * 128, max(limit, needed))
        return max(needed, roomy, old ?? 0)
    }
}
