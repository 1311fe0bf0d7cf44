import CGL
import Canvas
import Foundation

/// The liquid pass (docs/behaviour.md §5): per group, the backdrop under it is copied, shrunk and
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
        let blurBefore = stats.blurredTexels, fieldBefore = stats.fieldPixels + stats.coarsePixels
        let blurred = blurBackdrop(region, read: read, viewport: (width, height), factor: factor, sigma: sigma, slot: slot,
                                   content: backdropKey)
        passCount("liquid_blur", stats.blurredTexels - blurBefore)
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
            liquidFieldTexture && options[.liquidCores] && prim.roundClip == nil
                ? LiquidCores.cores(g.shapes, depth: depth, within: b.intersection(holds ? b : c.insetBy(dx: 1, dy: 1))
                    .intersection(viewport)) : []
        }
        // (A core thinner than `leastFieldCut` is not cut out of the field pass: it costs more
        // cut out than computed.)
        let plainCores = cores(edge + 0.5), fieldCores = cores(-deep + 0.5).filter { min($0.width, $0.height) >= Self.leastFieldCut }
        // The edges and the necks through the full paint; outside the glass its shadow
        // alone (none without one), the cores plain.
        let outside = options[.shadowClass] && !paint.showField ? LiquidCores.outside(g, within: b) : (near: [b], outside: [])
        // With a coarse field for the shadow, the full one only where the edges read it.
        let spacing = s.map { shadowSpacing($0) } ?? 1
        // A group of one shape: its paint computes the field it reads; the shadow reads
        // the coarse field (or there is none), so no full field is drawn.
        let single = options[.singleShapeField] && g.shapes.count == 1 && (s == nil || spacing > 1)
        let fieldRegion = liquidFieldTexture
            ? drawField(g, bounds: b, shadowOffset: s?.offset ?? .zero, reach: reach, width: width, height: height, deep: deep,
                        cores: fieldCores, spacing: spacing, onlyNear: spacing > 1 && !outside.outside.isEmpty, full: !single) : nil
        passCount("liquid_field", stats.fieldPixels + stats.coarsePixels - fieldBefore)
        passEnd("liquid_field")
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        if scissored { glEnable(GLenum(GL_SCISSOR_TEST)) }
        glActiveTexture(GLenum(GL_TEXTURE2))
        glBindTexture(GLenum(GL_TEXTURE_2D), blurred)
        glActiveTexture(GLenum(GL_TEXTURE0))
        // Without a clip to cut it or iso-lines to draw, a paint without either.
        let general = !(options[.unclippedPaint] && holds && prim.roundClip == nil && !paint.showField)
        let program = fieldRegion != nil ? liquidProgram(.shade, general: general, single: single)
            : liquidProgram(.direct, pinched: g.kernel == .pinched)
        let shadowProgram = liquidProgram(.shadow, general: general)
        // Where no continuous corner's curve is nearest a pixel or the two it reads on, the
        // one shape's paint has a program without the curve (`LiquidCores.straightColumns`).
        let straight = single && options[.straightField] && prim.roundClip == nil
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
                stats.straightPixels += straightRects.reduce(0) { $0 + Int($1.width * $1.height) }
                glUseProgram(program)
                drawRects(splits.flatMap(\.curved))
            } else {
                glUseProgram(program)
                drawRects(edges)
            }
            let edgePixels = edges.reduce(0) { $0 + Int($1.width * $1.height) }
            passCount("liquid_edges", edgePixels)
            passEnd("liquid_edges")
            if !general { stats.unclippedPixels += edgePixels }
            if single { stats.singleShapePixels += edgePixels }
            if s != nil, !outside.outside.isEmpty {
                glUseProgram(shadowProgram)
                drawRects(outside.outside)
                let painted = outside.outside.reduce(0) { $0 + Int($1.width * $1.height) }
                stats.shadowPixels += painted
                passCount("liquid_shadow", painted)
                passEnd("liquid_shadow")
            }
            if !plain.isEmpty { paintPlain(plain, prim: prim, region: region, factor: factor, viewport: (width, height)) }
            let plainPainted = plain.reduce(0) { $0 + Int($1.width * $1.height) }
            stats.plainPixels += plainPainted
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
}
