import Canvas
@testable import Render
import Testing

/// A layer's flattened content kept between frames (`LayerContentCache`): reused only
/// while the layer's commands, its placement and the glyph atlas are what they were, and
/// then the very primitives a fresh flatten gives.
@Suite struct LayerContentCacheTests {
    static func list(label: String, x: Double) -> DisplayList {
        var list = DisplayList(background: .white)
        let inner: [DrawCommand] = [.shape(Shape(rect: Rect(x: 4, y: 4, width: 30, height: 12), radius: 3), Paint(fill: .black),
                                           opacity: 1)]
        list.commands = [
            .shape(Shape(rect: Rect(x: 0, y: 0, width: 40, height: 40), radius: 8), Paint(fill: Color(r: 1, g: 0, b: 0, a: 1)),
                   opacity: 1),
            .layer(id: "panel", frame: Rect(x: x, y: 20, width: 200, height: 100), content: [
                .shape(Shape(rect: Rect(x: x, y: 20, width: 200, height: 100), radius: 0), Paint(fill: .white), opacity: 1),
                .text(TextRun(label, origin: Point2(x + 10, 40), style: TextStyle(.regular, size: 13), color: .black), opacity: 1),
                .layer(id: "badge", frame: Rect(x: x + 150, y: 30, width: 40, height: 20), content: inner),
            ]),
        ]
        return list
    }

    static func panel(_ batches: [RenderBatch]) -> [Primitive]? { panelLayer(batches)?.content }

    static func panelLayer(_ batches: [RenderBatch]) -> (content: [Primitive], key: [DrawCommand])? {
        for case .layer(let id, _, let content, let key, _) in batches where id == "panel" { return (content, key) }
        return nil
    }

    static func storage<T>(_ a: [T]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }

    @Test func aLayerKeepsItsContentOnlyWhileItsCommandsPlacementAndAtlasAreTheSame() throws {
        let fonts = try FontLibrary(directory: FontLibrary.defaultDirectory())
        let cache = LayerContentCache()
        var last: (content: [Primitive], key: [DrawCommand])?
        /// Flattens a frame with the cache and without; returns whether the cached one reused
        /// the previous frame's content. Its commands then are the previous frame's array too
        /// (the layer cache compares them at once), and otherwise the frame's own.
        func frame(_ label: String, x: Double, scale: Double = 1, offset: Double = 0) throws -> Bool {
            let list = Self.list(label: label, x: x), moved = Point2(offset, 0)
            let cached = try #require(Self.panelLayer(Flattener(scale: scale, fonts: fonts).batches(list, offset: moved, layers: cache)))
            let fresh = try #require(Self.panelLayer(Flattener(scale: scale, fonts: fonts).batches(list, offset: moved)))
            #expect(cached.content == fresh.content, "\(label) at \(x) @\(scale)×")
            #expect(cached.key == fresh.key)
            #expect(cached.content.count == fresh.content.count && cached.content.count > 3)
            defer { last = cached }
            let reused = last.map { Self.storage($0.content) == Self.storage(cached.content) } ?? false
            #expect(reused == (last.map { Self.storage($0.key) == Self.storage(cached.key) } ?? false))
            return reused
        }
        #expect(try !frame("Stiffness", x: 10))
        #expect(try frame("Stiffness", x: 10))
        #expect(try !frame("Damping", x: 10))
        #expect(try frame("Damping", x: 10))
        // Moved by a whole and by part of a pixel (its commands, or the whole list: the same
        // commands placed elsewhere), and drawn at another scale.
        #expect(try !frame("Damping", x: 10, offset: 0.4))
        #expect(try frame("Damping", x: 10, offset: 0.4))
        #expect(try !frame("Damping", x: 11))
        #expect(try !frame("Damping", x: 11.25))
        #expect(try frame("Damping", x: 11.25))
        #expect(try !frame("Damping", x: 11.25, scale: 2))
        #expect(try frame("Damping", x: 11.25, scale: 2))
        // The atlas filled and cleared: every glyph's place in it is new.
        let generation = fonts.atlasGeneration
        var n = 0
        while fonts.atlasGeneration == generation && n < 2_000 {
            _ = fonts.glyph(Unicode.Scalar(UInt8(65 + n % 58)), weight: .bold, pixels: 120 + n / 58)
            n += 1
        }
        #expect(fonts.atlasGeneration != generation)
        #expect(try !frame("Damping", x: 11.25, scale: 2))
        #expect(try frame("Damping", x: 11.25, scale: 2))
    }
}
