import Motion

extension DisplayList {
    /// Draws `text` with each ASCII digit in a cell one "0" wide (tabular figures), so a
    /// readout that changes every frame (the HUD's frame time, the Spring Lab's playhead)
    /// does not shuffle sideways; other characters keep their width.
    public mutating func tabularText(_ text: String, at origin: Point2, style: TextStyle, color: Color, opacity: Double = 1,
                                     measurer: some TextMeasuring) {
        let cell = measurer.width(of: "0", style: style)
        var x = origin.x
        var run = ""
        func flush(_ list: inout DisplayList) {
            guard !run.isEmpty else { return }
            list.text(TextRun(run, origin: Point2(x.rounded(), origin.y), style: style, color: color), opacity: opacity)
            x += measurer.width(of: run, style: style)
            run = ""
        }
        for ch in text {
            if ch.isASCII, ch.isNumber {
                flush(&self)
                let w = measurer.width(of: String(ch), style: style)
                self.text(TextRun(String(ch), origin: Point2((x + (cell - w) / 2).rounded(), origin.y), style: style, color: color),
                          opacity: opacity)
                x += cell
            } else {
                run.append(ch)
            }
        }
        flush(&self)
    }

    /// The width `tabularText` draws `text` at.
    public static func tabularWidth(_ text: String, style: TextStyle, measurer: some TextMeasuring) -> Double {
        let cell = measurer.width(of: "0", style: style)
        let digits = text.filter { $0.isASCII && $0.isNumber }.count
        let rest = String(text.filter { !($0.isASCII && $0.isNumber) })
        return Double(digits) * cell + measurer.width(of: rest, style: style)
    }
}
