import CGL
import Canvas

/// Damage repaint (issue 16, docs/behaviour.md §9): a target that keeps its pixels between frames —
/// the window's frame, the offscreen frame of renders and captures — remembers what it
/// holds, and the next frame repaints only the rectangles where it differs (`Damage`),
/// scissored. The window keeps no pixels of its own (a swap leaves the back buffer
/// undefined), so its frame is drawn into a texture and copied to it whole.
extension GLRenderer {
    /// The rectangles of `target` to repaint for `batches`, nil for the whole frame (a
    /// target that keeps nothing, a first frame, a new size, background or glyph atlas);
    /// remembers the frame either way.
    func repaintRects(_ batches: [RenderBatch], target: GLuint, width: Int, height: Int, background: Color) -> [PixelRect]? {
        guard retainedTargets.contains(target) else { return nil }
        var liquidRegions: [PixelRect] = []
        var layerRects: [Rect] = []
        for batch in batches {
            switch batch {
            case .primitives(let prims):
                for p in prims where p.kind == .liquid {
                    if let r = liquidRegion(p, width: width, height: height) { liquidRegions.append(r) }
                }
            case .layer(let id, let composite, _, _, _):
                // What was redrawn in the layer this frame is damage where it lands — when
                // the target holds the layer as it was just before (else the whole composite).
                let redrawn = layerRectsChanged[id]
                let held = retained[target]?.layerVersions[id]
                let current = layers[id]?.version
                if let current, held != nil, held != current - (redrawn == nil ? 0 : 1) {
                    // The layer changed while this target was not drawn (the window drew it
                    // between two screenshots): all of it is stale here.
                    layerRects.append(composite.bounds)
                    continue
                }
                for r in redrawn ?? [] {
                    layerRects.append(r.rect.offsetBy(dx: composite.rect.minX, dy: composite.rect.minY).intersection(composite.bounds))
                }
            }
        }
        var now = RetainedFrame(width: width, height: height, background: background, atlasGeneration: atlasGeneration,
                                batches: batches)
        for case .layer(let id, _, _, _, _) in batches { now.layerVersions[id] = layers[id]?.version }
        let before = retained[target]
        retained[target] = now
        guard options[.damageTracking], let before, before.width == width, before.height == height, before.background == background,
              before.atlasGeneration == atlasGeneration else { return nil }
        let changed = Damage.changedBounds(old: before, new: now) + layerRects
        return Damage.rects(changed: changed, liquidRegions: liquidRegions, width: width, height: height)
    }

    /// Every pixel a liquid group reads or paints: its bounds and its backdrop's region.
    private func liquidRegion(_ p: Primitive, width: Int, height: Int) -> PixelRect? {
        let painted = PixelRect(covering: p.bounds, width: width, height: height)
        guard let r = SoftwareRasterizer.backdropRegion(p, width: width, height: height), r.w > 0, r.h > 0 else { return painted }
        let read = PixelRect(x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h)
        return painted.map { $0.union(read) } ?? read
    }

    /// Marks the bound offscreen target as keeping its pixels; `fresh` when it was just
    /// made (its pixels are undefined, whatever an earlier target of the same name held).
    func retainOffscreenTarget(fresh: Bool) {
        guard let t = target else { return }
        if fresh { retained[t.fbo] = nil }
        retainedTargets.insert(t.fbo)
    }

    /// Binds the window's frame texture at `width`×`height` (made or remade as needed);
    /// nil when the driver refuses it.
    func bindWindowFrame(width: Int, height: Int) -> GLuint? {
        if let f = windowFrame, f.width == width, f.height == height {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f.fbo)
            return f.fbo
        }
        if var f = windowFrame {
            retained[f.fbo] = nil
            retainedTargets.remove(f.fbo)
            glDeleteFramebuffers(1, &f.fbo)
            glDeleteTextures(1, &f.color)
            windowFrame = nil
        }
        guard let made = makeColorTarget(width: width, height: height) else {
            bindWindowTarget()
            return nil
        }
        retained[made.fbo] = nil
        retainedTargets.insert(made.fbo)
        windowFrame = (made.fbo, made.color, width, height)
        return made.fbo
    }

    /// Copies the window's frame to the window's framebuffer, whole.
    func copyWindowFrame() {
        guard let f = windowFrame else { return }
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), f.fbo)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBlitFramebuffer(0, 0, GLint(f.width), GLint(f.height), 0, 0, GLint(f.width), GLint(f.height),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        bindWindowTarget()
    }
}
