import Canvas
import Motion

/// Every tunable of the Presence scene (docs/behaviour.md §4.3), with the documented defaults.
public struct PresenceSettings: Hashable, Sendable, Codable {
    /// Height and presence together: (duration 0.5, bounce 0) — response 0.5, ζ 1.
    public var animation = SpringSetting(0.5, 1.0)
    /// The base spacing inside each card's stack, pt.
    public var spacing = 8.0
    /// Between the cards of a column, pt.
    public var cardSpacing = 16.0
    /// The numeric card's alignment.
    public var numberAlignment = CollapsibleStack.Alignment.center
    public var reduceMotion = false
    /// Whether a detail's value change also blurs (the old text softening out as the new
    /// one sharpens in) on top of the crossfade. Off: the crossfade is opacity only, as the
    /// design's is.
    public var valueBlur = false

    public init() {}

    public var curve: MotionCurve { reduceMotion ? .instant : animation.curve }

    /// Files written before the blur switch existed hold no `valueBlur`: they load with it
    /// off, the default, and every other key as strict as before.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        animation = try c.decode(SpringSetting.self, forKey: .animation)
        spacing = try c.decode(Double.self, forKey: .spacing)
        cardSpacing = try c.decode(Double.self, forKey: .cardSpacing)
        numberAlignment = try c.decode(CollapsibleStack.Alignment.self, forKey: .numberAlignment)
        reduceMotion = try c.decode(Bool.self, forKey: .reduceMotion)
        valueBlur = try c.decodeIfPresent(Bool.self, forKey: .valueBlur) ?? false
    }
}

extension PresenceSettings: BoundedSettings {
    /// Every number of the Presence scene with its range (docs/behaviour.md §6's sliders).
    public static let limits: [SettingLimit<PresenceSettings>] =
        SettingLimit.spring("animation", response: \.animation.response, damping: \.animation.damping)
        + [.spacing, .cardSpacing]
}

/// The Presence scene's spacings: its sliders and what a file may hold.
extension SettingLimit where Settings == PresenceSettings {
    public static var spacing: Self { Self("spacing", \.spacing, 0...32, unit: " pt") }
    public static var cardSpacing: Self { Self("cardSpacing", \.cardSpacing, 0...48, unit: " pt") }
}

/// The Presence scene (docs/behaviour.md §4.3): the same three cards twice, side by side — left on the
/// collapsible stack with presence elements, right the naive version (instant insert and
/// remove, fixed spacing) — so the difference is the point. Show/Hide takes the two
/// optional details away and back; Next value cycles every row's content and shows the
/// details if they were hidden. The number row is a preview of its own: Show/Hide never
/// takes it away.
///
/// Page coordinates: a `pageWidth`-wide page, buttons at the top, the columns below.
public struct PresenceScene: Sendable, Codable {
    public static let pageWidth = 760.0
    static let columnWidth = 340.0
    static let columnX = [20.0, 400.0]
    static let cardsTop = 124.0
    static let padding = 16.0
    static let cardRadius = 16.0
    public static let toggleFrame = Rect(x: 20, y: 20, width: 124, height: 32)
    public static let nextFrame = Rect(x: 152, y: 20, width: 112, height: 32)

    static let titleStyle = TextStyle(.semibold, size: 15)
    static let detailStyle = TextStyle(.regular, size: 13)
    static let footerStyle = TextStyle(.regular, size: 12)
    static let numberStyle = TextStyle(.bold, size: 30)

    /// The optional detail: short, long (three lines, the limit) and medium (docs/behaviour.md §4.3).
    public static let texts = [
        "Ships tomorrow.",
        "The spacing around this row shrinks with it, so when it is gone the title and the footer sit exactly one "
            + "base spacing apart — no jump at the end of the collapse, however long the text was.",
        "Medium: one more line than the short text needs.",
    ]
    public static let numbers = [98, 104, 1_248, 99_300, 42]
    public static let nestedTexts = ["Built in 42 s on two cores.", "Nested: the row collapses, then the stack around it.",
                                     "Cache warm."]

    public var settings = PresenceSettings()
    public private(set) var showing = true
    public private(set) var index = 0
    public private(set) var text = PresenceElement<String>()
    public private(set) var number = PresenceElement<Int>()
    public private(set) var nested = PresenceElement<String>()
    let measurer: Measurer
    private var pressed: String?

    /// The page as it first appears: every optional row already there, settled.
    public init(measurer: some TextMeasuring, settings: PresenceSettings = PresenceSettings()) {
        self.measurer = Measurer(measurer)
        self.settings = settings
        _ = sync(at: 0)
    }

    // MARK: Values

    public var textValue: String? { showing ? Self.texts[index % Self.texts.count] : nil }
    /// The number is always there: Show/Hide is about the details, not the number's card.
    public var numberValue: Int? { Self.numbers[index % Self.numbers.count] }
    public var nestedValue: String? { showing ? Self.nestedTexts[index % Self.nestedTexts.count] : nil }

    static var contentWidth: Double { columnWidth - 2 * padding }
    /// The nested row's detail is indented under its label.
    static var nestedWidth: Double { contentWidth - 12 }

    /// The detail's lines at `width`: wrapped, and at most `detailLineLimit` of them.
    func lines(_ text: String, width: Double) -> [String] {
        Self.limit(TextLayout.wrap(text, width: width, style: Self.detailStyle, measurer: measurer), to: Self.detailLineLimit,
                   width: width, style: Self.detailStyle, measurer: measurer)
    }

    /// docs/behaviour.md §4.3: the long detail is three lines; a text that wraps to more (Inter at
    /// 13 pt fits the long sample in four at the 308 pt column) ends its third line with
    /// an ellipsis, as a line-limited label does. Both columns, and the heights they
    /// animate to, use these lines.
    static let detailLineLimit = 3

    /// `lines` cut to `count`: the last kept line loses whole words (then letters, for a
    /// single word too long) until it fits with "…", and any space or punctuation left
    /// dangling before the ellipsis.
    static func limit(_ lines: [String], to count: Int, width: Double, style: TextStyle, measurer: some TextMeasuring) -> [String] {
        guard count > 0, lines.count > count else { return lines }
        var last = lines[count - 1]
        func fits(_ s: String) -> Bool { measurer.width(of: s + "…", style: style) <= width + 1e-9 }
        while !fits(last), let space = last.lastIndex(of: " ") { last = String(last[..<space]) }
        while !fits(last), !last.isEmpty { last.removeLast() }
        while let c = last.last, " ,;:—–-".contains(c) { last.removeLast() }
        return Array(lines.prefix(count - 1)) + [last + "…"]
    }

    /// Natural height of a detail text at `width`, pt.
    func detailHeight(_ text: String?, width: Double) -> Double {
        guard let text else { return 0 }
        return Double(lines(text, width: width).count) * measurer.lineHeight(of: Self.detailStyle)
    }

    static func formatted(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }

    // MARK: Events (named after what the user did)

    /// Show/Hide: the two optional details go away, or come back.
    public mutating func toggleTapped(at t: Double) -> [SceneEvent] {
        showing.toggle()
        return [SceneEvent(.toggled, time: t, [("showing", .bool(showing))])] + sync(at: t)
    }

    /// Next value: every row moves to its next sample, and hidden details come back with
    /// theirs (the trace then records the show as well, as a `toggled` after the `next`).
    public mutating func nextTapped(at t: Double) -> [SceneEvent] {
        index += 1
        var events = [SceneEvent(.next, time: t, [("index", .number(Double(index)))])]
        if !showing {
            showing = true
            events.append(SceneEvent(.toggled, time: t, [("showing", .bool(true))]))
        }
        return events + sync(at: t)
    }

    /// Clicks on the page's two buttons (the press and the release on the same one), and
    /// the keys T (Show/Hide) and N (Next value).
    ///
    /// The rows are first brought up to the event's time: a T pressed after a hidden row
    /// has dropped out finds it gone (and shows it anew) whether or not a frame was drawn
    /// in between — `render --time` applies a script's inputs with no frame between them.
    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        let due = update(to: event.time)
        return due + respond(to: event)
    }

    private mutating func respond(to event: InputEvent) -> [SceneEvent] {
        switch event {
        case .pointerDown(let p, _, _):
            pressed = Self.toggleFrame.contains(p) ? "toggle" : (Self.nextFrame.contains(p) ? "next" : nil)
            return []
        case .pointerUp(let p, let t):
            defer { pressed = nil }
            if pressed == "toggle" && Self.toggleFrame.contains(p) { return toggleTapped(at: t) }
            if pressed == "next" && Self.nextFrame.contains(p) { return nextTapped(at: t) }
            return []
        case .key(.t, let t, _): return toggleTapped(at: t)
        case .key(.n, let t, _): return nextTapped(at: t)
        case .focusLost, .captureLost, .key(.escape, _, _): pressed = nil; return []
        default: return []
        }
    }

    /// Hands each element its value and natural height.
    private mutating func sync(at t: Double) -> [SceneEvent] {
        let curve = settings.curve
        let textChanges = text.set(textValue, naturalHeight: detailHeight(textValue, width: Self.contentWidth), curve: curve, at: t)
        let numberChanges = number.set(numberValue, naturalHeight: numberValue == nil ? 0 : measurer.lineHeight(of: Self.numberStyle),
                                       curve: curve, at: t)
        let nestedChanges = nested.set(nestedValue, naturalHeight: detailHeight(nestedValue, width: Self.nestedWidth), curve: curve,
                                       at: t)
        return events(textChanges, .textDetail, text, at: t) + events(numberChanges, .numberValue, number, at: t)
            + events(nestedChanges, .nestedDetail, nested, at: t)
    }

    private func events<V>(_ changes: [PresenceElement<V>.Change], _ id: PresenceRowID, _ element: PresenceElement<V>,
                           at t: Double) -> [SceneEvent] {
        changes.map { change in
            var fields: [(String, TraceValue)] = [("id", .string(id.rawValue)), ("targetHeight", .number(element.targetHeight))]
            if let v = element.shown { fields.append(("value", .string("\(v)"))) }
            return SceneEvent(EventName(rawValue: change.rawValue), time: t, fields)
        }
    }

    /// Completes drops and motions that finished by `t`.
    public mutating func update(to t: Double) -> [SceneEvent] {
        let a = text.update(to: t), b = number.update(to: t), c = nested.update(to: t)
        return events(a, .textDetail, text, at: t) + events(b, .numberValue, number, at: t) + events(c, .nestedDetail, nested, at: t)
    }

    public func isAnimating(at t: Double) -> Bool {
        text.isAnimating(at: t) || number.isAnimating(at: t) || nested.isAnimating(at: t)
    }
}
