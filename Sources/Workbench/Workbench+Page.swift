import Canvas
import Inspector
import Scenes

/// Where the scene's page sits on the stage and how large it is drawn (docs/behaviour.md §15.6).
///
/// At the minimum window (900×560) the stage is 560 pt wide and Presence's page 760:
/// centred at full size, its naive column and Hide button fell off both edges. A page
/// wider than its stage is drawn scaled down to fit — never cut — and the one placement
/// maps everything between page and window points: the drawing, the pointer (hit
/// testing), the trace's positions and the `layout` event's frames. Pages that fit keep
/// scale 1 and the placement they always had.
public struct PagePlacement: Sendable, Equatable {
    /// The page's top-left in window points.
    public var origin: Point2
    /// Window points per page point: 1, or less when the page is wider than the stage.
    public var scale: Double

    /// A page point in window points.
    public func window(_ p: Point2) -> Point2 { Point2(origin.x + p.x * scale, origin.y + p.y * scale) }
    /// A page rectangle in window points.
    public func window(_ r: Rect) -> Rect { r.scaled(scale).offsetBy(dx: origin.x, dy: origin.y) }
    /// A window point in page points.
    public func page(_ p: Point2) -> Point2 { Point2((p.x - origin.x) / scale, (p.y - origin.y) / scale) }
}

extension Workbench {
    /// The page's placement on the stage now: full size and centred when it fits, else
    /// scaled to the stage's width (the page's height follows the stage, so only its width
    /// can be too large).
    public var placement: PagePlacement {
        let width = sceneType.pageWidth
        let scale = stage.width > 0 && width > stage.width ? stage.width / width : 1
        return PagePlacement(origin: Point2(((stage.width - width * scale) / 2).rounded(), 0), scale: scale)
    }

    /// The page's height in page points: the stage's, over the scale (a page drawn at 0.74
    /// has that much more room below).
    package var pageHeight: Double { stage.height / placement.scale }

    /// `event` with its position in page points (the scene's coordinates).
    package func pageEvent(_ event: InputEvent) -> InputEvent {
        let place = placement
        return event.mapped { place.page($0) }
    }

    /// A scene's trace event with its positions (`x`, `y`) in window points, as the
    /// pointer was.
    package func windowEvent(_ event: SceneEvent) -> SceneEvent {
        let place = placement
        var e = event
        e.fields = e.fields.map { key, value in
            switch (key, value) {
            case ("x", .number(let x)): return (key, .number(place.origin.x + x * place.scale))
            case ("y", .number(let y)): return (key, .number(place.origin.y + y * place.scale))
            default: return (key, value)
            }
        }
        return e
    }
}
