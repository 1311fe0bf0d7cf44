import Canvas

/// The liquid passes' strips: each drawn with only the shapes that can reach it.
extension GLRenderer {
    /// Cuts `bounds` into 32-pixel strips on halves of llvmpipe's 64-pixel tile rows
    /// (counted from the bottom of a target `rows` high, as GL counts) — a card and a half
    /// of a spread pile rather than three per strip (measured: p50 9.4 → 8.7 ms) — and hands
    /// each the shapes that can be among any of its pixels' three nearest within `reach`.
    /// A strip with more than the shader holds (a gathered pile stacks a dozen cards in one
    /// place) is halved until each part has few enough, so the union stays exact.
    func forEachStrip(of bounds: Rect, rows: Int, shapes: [Shape], reach: Double, includeEmpty: Bool = false,
                              _ body: (Rect, ArraySlice<Shape>) -> Void) {
        let stripHeight = 32.0
        let phase = Double(rows).truncatingRemainder(dividingBy: stripHeight)
        var y = bounds.minY
        while y < bounds.maxY {
            let next = min((((y - phase) / stripHeight).rounded(.down) + 1) * stripHeight + phase, bounds.maxY)
            let strip = Rect(x: bounds.minX, y: y, width: bounds.width, height: next - y)
            y = next
            let near = shapes.filter { !$0.rect.insetBy(dx: -reach, dy: -reach).intersection(strip).isEmpty }
            forEachTile(strip, near, reach: reach, includeEmpty: includeEmpty, body)
        }
    }

    func forEachTile(_ tile: Rect, _ shapes: [Shape], reach: Double, includeEmpty: Bool,
                             _ body: (Rect, ArraySlice<Shape>) -> Void) {
        let candidates = Self.candidates(shapes, in: tile, reach: reach)
        if candidates.count <= LiquidShaders.maxShapes || max(tile.width, tile.height) <= 8 {
            if candidates.isEmpty && !includeEmpty { return }
            // Nearest first: a pixel deep inside the first shape stops there. (Past the cap
            // only in a tile of 8 px: the nearest to it are kept.)
            let kept = candidates.sorted { SDF.box(tile.center, rect: $0.rect) < SDF.box(tile.center, rect: $1.rect) }
            body(tile, kept.prefix(LiquidShaders.maxShapes))
            return
        }
        let halves = tile.width >= tile.height
            ? [Rect(x: tile.minX, y: tile.minY, width: tile.width / 2, height: tile.height),
               Rect(x: tile.midX, y: tile.minY, width: tile.width / 2, height: tile.height)]
            : [Rect(x: tile.minX, y: tile.minY, width: tile.width, height: tile.height / 2),
               Rect(x: tile.minX, y: tile.midY, width: tile.width, height: tile.height / 2)]
        for half in halves { forEachTile(half, candidates, reach: reach, includeEmpty: includeEmpty, body) }
    }

    /// The shapes that can be one of the three nearest to some point of `tile`, or matter
    /// within `reach` of it: a shape whose least possible distance over the tile exceeds
    /// the third-smallest greatest distance of the others never is. Bounds from the boxes:
    /// a rounded outline lies inside its box, at most half its radius from the box's
    /// corner (a superellipse corner cuts 0.41 r, a circular one 0.41 r along the diagonal).
    static func candidates(_ shapes: [Shape], in tile: Rect, reach: Double) -> [Shape] {
        guard shapes.count > 3 else { return shapes.filter { LiquidCores.ShapeBounds($0).lowest(tile) <= reach } }
        let corners = [Point2(tile.minX, tile.minY), Point2(tile.maxX, tile.minY), Point2(tile.minX, tile.maxY),
                       Point2(tile.maxX, tile.maxY)]
        let highest = shapes.map { s in corners.map { SDF.box($0, rect: s.rect) }.max()! + 0.5 * s.radius }.sorted()
        let limit = min(highest[2], reach)
        return shapes.filter { LiquidCores.ShapeBounds($0).lowest(tile) <= limit }
    }
}
