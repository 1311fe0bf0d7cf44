import Canvas
@testable import Render
import Testing

/// The damage diff on its own (issue 16): which items of a frame differ from the last,
/// matched in order by hash and compared in full. Expected results follow from the rule
/// itself — an item repaints where it was and where it is unless an equal one is matched
/// in the same order — written out by hand for each case.
@Suite struct DamageDiffTests {
    static func box(_ x: Double, _ y: Double, fill: Color = Color(r: 1, g: 1, b: 1, a: 1)) -> Primitive {
        Primitive(rect: Rect(x: x, y: y, width: 10, height: 10), radius: 2, kind: .continuous, strokeWidth: 0, fill: fill,
                  stroke: .clear, clipRect: Rect(x: 0, y: 0, width: 1000, height: 1000), roundClip: nil)
    }

    static func frame(_ prims: [Primitive]) -> RetainedFrame {
        RetainedFrame(width: 1000, height: 1000, background: .clear, atlasGeneration: 0, batches: [.primitives(prims)])
    }

    /// Each primitive's bounds reach a pixel past its rect (anti-aliasing).
    static func bounds(_ x: Double, _ y: Double) -> Rect { Rect(x: x - 1, y: y - 1, width: 12, height: 12) }

    @Test func oneChangedItemInALongListRepaintsOnlyWhereItWasAndIs() {
        let old = (0..<500).map { Self.box(Double($0 % 50) * 20, Double($0 / 50) * 20) }
        var new = old
        new[250] = Self.box(3, 900)
        let changed = Damage.changedBounds(old: Self.frame(old), new: Self.frame(new))
        #expect(Set(changed.map(\.description)) == Set([Self.bounds(0, 100), Self.bounds(3, 900)].map(\.description)))
    }

    @Test func anItemMovedInFrontOfAnotherIsRepainted() {
        let a = Self.box(0, 0), b = Self.box(5, 5), c = Self.box(100, 100)
        let changed = Damage.changedBounds(old: Self.frame([a, b, c]), new: Self.frame([b, a, c]))
        // One of the two swapped is matched in order; the other is repainted (old and new
        // place are the same rect).
        #expect(changed.count == 2)
        #expect(changed.allSatisfy { $0 == Self.bounds(0, 0) || $0 == Self.bounds(5, 5) })
    }

    @Test func minusZeroEqualsZero() {
        // −0 == +0 for Double: the same primitive, whatever the sign of a zero.
        let changed = Damage.changedBounds(old: Self.frame([Self.box(0, 0), Self.box(-0.0, 20)]),
                                           new: Self.frame([Self.box(-0.0, 0), Self.box(0, 20)]))
        #expect(changed.isEmpty)
    }

    @Test func oneOfSeveralIdenticalItemsRemoved() {
        let same = Self.box(40, 40)
        let changed = Damage.changedBounds(old: Self.frame([same, Self.box(0, 0), same, same]),
                                           new: Self.frame([same, Self.box(0, 0), same]))
        #expect(changed == [Self.bounds(40, 40)])
    }

    @Test func anEqualHashIsNotAMatchWhenTheItemsDiffer() {
        // The quick hash leaves the stroke's red out; the comparison must still see it.
        var a = Self.box(0, 0), b = Self.box(0, 0)
        a.stroke = Color(r: 0, g: 0, b: 0, a: 1)
        b.stroke = Color(r: 1, g: 0, b: 0, a: 1)
        #expect(a.quickHash == b.quickHash)
        let changed = Damage.changedBounds(old: Self.frame([Self.box(50, 50), a]), new: Self.frame([Self.box(50, 50), b]))
        #expect(changed == [Self.bounds(0, 0), Self.bounds(0, 0)])
    }

    /// A glass group built afresh each frame (its group and paint are held boxed, apart from
    /// the primitive) is the same item while its shapes and paint are equal, and a new one
    /// when either changes, by the smallest amount, or when one is dropped.
    @Test func glassComparesByItsShapesAndPaint() {
        func glass(_ x: Double, tint: Double = 0.3, paint: Bool = true) -> Primitive {
            var p = Primitive(rect: .zero, radius: 1.5, kind: .liquid, strokeWidth: 0, fill: Color(r: 1, g: 1, b: 1, a: 1),
                              stroke: .clear, clipRect: Rect(x: 0, y: 0, width: 1000, height: 1000), roundClip: nil)
            p.liquid = LiquidGroup(shapes: [Shape(rect: Rect(x: x, y: 200, width: 80, height: 40), radius: 12)])
            if paint {
                p.liquidPaint = LiquidPaint(tint: Color(r: 1, g: 1, b: 1, a: tint), rim: Color(r: 1, g: 1, b: 1, a: 0.5), shadow: nil)
            }
            p.rect = p.bounds
            return p
        }
        let a = glass(100), same = glass(100)
        #expect(a == same)
        #expect(a.hashValue == same.hashValue)
        #expect(a.liquid?.shapes.first?.rect.x == 100 && a.liquidPaint?.tint.a == 0.3)
        for other in [glass(100 + 1e-9), glass(100, tint: 0.3 + 1e-9), glass(100, paint: false)] {
            #expect(a != other)
            let changed = Damage.changedBounds(old: Self.frame([Self.box(0, 0), a]), new: Self.frame([Self.box(0, 0), other]))
            #expect(changed.count == 2, "\(changed)")
        }
        #expect(Damage.changedBounds(old: Self.frame([Self.box(0, 0), a]), new: Self.frame([Self.box(0, 0), same])).isEmpty)
        // Setting the paint keeps the group, and dropping both leaves a primitive without either.
        var b = glass(100, paint: false)
        b.liquidPaint = a.liquidPaint
        #expect(b == a)
        b.liquid = nil
        b.liquidPaint = nil
        #expect(b.liquid == nil && b.liquidPaint == nil && b.liquidBox == nil)
    }

    @Test func theDrawnItemFormAgreesWithTheInPlaceForm() {
        let old = (0..<40).map { Self.box(Double($0) * 7, Double($0 % 3) * 30) }
        var new = old
        new.remove(at: 12)
        new.insert(Self.box(900, 900), at: 30)
        new[5] = Self.box(1, 2)
        let inPlace = Damage.changedBounds(old: Self.frame(old), new: Self.frame(new))
        let copied = Damage.changedBounds(old: old.map { .primitive($0) }, new: new.map { .primitive($0) })
        #expect(inPlace.map(\.description).sorted() == copied.map(\.description).sorted())
        #expect(Set(inPlace.map(\.description)) == Set([Self.bounds(84, 0), Self.bounds(900, 900), Self.bounds(35, 60),
                                                        Self.bounds(1, 2)].map(\.description)))
    }
}
