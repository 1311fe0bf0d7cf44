import CGL
import Canvas

/// The GL backend behind `Renderer`: display lists flattened to batches (layers kept whole
/// for the layer cache), drawn into the offscreen target or the window's framebuffer.
extension GLRenderer: VideoFrameSource {
    public var name: String { "gl" }

    private func batches(_ list: DisplayList, offset: Point2, scale: Double) -> [RenderBatch] {
        Flattener.flattening(scale: scale, fonts: fonts) { $0.batches(list, offset: offset, layers: layerContents) }
    }

    public func draw(_ list: DisplayList, offset: Point2, into frame: RenderFrame) throws {
        let before = target.map { ($0.fbo, $0.color) }
        try bindOffscreenTarget(width: frame.width, height: frame.height)
        retainOffscreenTarget(fresh: target.map { ($0.fbo, $0.color) } ?? (0, 0) != before ?? (0, 0))
        draw(batches(list, offset: offset, scale: frame.scale), width: frame.width, height: frame.height,
             background: list.background, fonts: fonts)
        offscreenRepaint = lastRepaint
        offscreenDraws += 1
    }

    /// The offscreen target's pixels, read with the target bound; the window's framebuffer
    /// is bound again after.
    private func readTarget<T>(_ read: (_ width: Int, _ height: Int) -> T) -> T? {
        guard let t = target else { return nil }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.fbo)
        let out = read(t.width, t.height)
        bindWindowTarget()
        return out
    }

    public func readBack() -> [UInt8] {
        readTarget { readPixels(width: $0, height: $1) } ?? []
    }

    public func readBackForVideo() -> (rgba: [UInt8], bottomUp: Bool) {
        (readTarget { readPixelsRaw(width: $0, height: $1) } ?? [], true)
    }

    public func present(_ list: DisplayList, on surface: any RenderSurface) {
        let size = surface.drawableSize
        // A window that keeps its pixels is drawn in place; one that swaps them away gets
        // its frame from a texture that keeps them, copied whole.
        let inPlace = surface.keepsPixels
        if inPlace && options[.damageTracking] { retainedTargets.insert(0) } else { retainedTargets.remove(0) }
        let frame = options[.damageTracking] && !inPlace ? bindWindowFrame(width: size.width, height: size.height) : nil
        if frame == nil { bindWindowTarget() }
        draw(batches(list, offset: .zero, scale: surface.scale), width: size.width, height: size.height,
             background: list.background, fonts: fonts)
        if frame != nil { copyWindowFrame() }
        surface.show(.framebuffer)
    }

    /// Forgets what the window holds (its pixels were lost: an expose): the next frame is
    /// drawn whole.
    public func surfaceLost() {
        retained[0] = nil
        if let f = windowFrame { retained[f.fbo] = nil }
    }
}
