/// A measurer whose widths are known by hand: every character is 0.5 em wide and a line
/// is 1.2 em tall. Layout and scene tests use it so their expected values can be worked
/// out on paper, without fonts or SDL.
public struct FixedAdvanceMeasurer: TextMeasuring {
    public init() {}
    public func width(of text: String, style: TextStyle) -> Double { Double(text.count) * style.size * 0.5 }
    public func lineHeight(of style: TextStyle) -> Double { style.size * 1.2 }
    public func ascent(of style: TextStyle) -> Double { style.size }
}
