import Canvas
import Motion

/// What a scene's inspector shows, top to bottom, as data (docs/behaviour.md §6, §10): its page
/// buttons, its springs and its other tunables, each by id, label and key path. One
/// inspector in the workbench draws every scene's list, edits the values in place and
/// records each change for the trace; nothing there knows which scene it is drawing.
///
/// A scene that lists nothing gets `standard`: its title, a spring group for every
/// `X.response` / `X.damping` pair of its settings' limits table, and a slider for every
/// other number in it.
///
///     InspectorSpec([
///         .heading("Shuttle"),
///         .spring(SpringGroupSpec(id: "spring", title: "Spring", spring: \.spring)),
///         .number(NumberSpec(id: "travel", label: "travel", limit: .travel, step: 1, fine: 0.1, decimals: 0)),
///     ])
public struct InspectorSpec<S: Scene> {
    public var items: [InspectorItem<S>]

    public init(_ items: [InspectorItem<S>]) { self.items = items }
}

/// One row (or block) of an inspector.
public enum InspectorItem<S: Scene> {
    /// A section title.
    case heading(String)
    /// A row of page buttons, and a switch taking the rest of the row if one ends it.
    case actions([InspectorControl<S>])
    /// A switch on a row of its own.
    case toggle(SceneToggle<S>)
    /// A spring's group: its first slider and damping, the derived numbers, a small step
    /// response and a reset (docs/behaviour.md §6).
    case spring(SpringGroupSpec<S.Settings>)
    /// A slider over one number of the settings' limits table.
    case number(NumberSpec<S.Settings>)
    /// A row of choices, one selected.
    case choice(ChoiceSpec<S>)
    /// A one-line text setting.
    case text(TextFieldSpec<S.Settings>)
    /// A line the scene writes about itself.
    case readout(ReadoutSpec<S>)
    /// Step responses on one time axis with their 90 % and settle marks, and the lead of
    /// the second behind the first (docs/behaviour.md §6's curve plot).
    case curvePlot(CurvePlotSpec<S.Settings>)
}

/// What an actions row holds.
public enum InspectorControl<S: Scene> {
    case button(PageAction<S>)
    case toggle(SceneToggle<S>)
}

/// A page button in the inspector: what it does to the scene at scene time t, returning
/// the trace's events (Spread, Gather, Show/Hide …).
public struct PageAction<S: Scene> {
    public var id: ControlID
    /// The label for the scene as it is now ("Hide (T)" while the rows show).
    public var label: (S) -> String
    /// Lit while this holds (Spread while the pile is spread); nil: never lit.
    public var selected: ((S) -> Bool)?
    /// The button's width, pt: fixed, so a label that changes never moves its neighbours.
    public var width: Double
    public var perform: (inout S, Double) -> [SceneEvent]

    public init(id: ControlID, label: @escaping (S) -> String, width: Double = 90, selected: ((S) -> Bool)? = nil,
                perform: @escaping (inout S, Double) -> [SceneEvent]) {
        self.id = id
        self.label = label
        self.width = width
        self.selected = selected
        self.perform = perform
    }

    public init(id: ControlID, label: String, width: Double = 90, selected: ((S) -> Bool)? = nil,
                perform: @escaping (inout S, Double) -> [SceneEvent]) {
        self.init(id: id, label: { _ in label }, width: width, selected: selected, perform: perform)
    }
}

/// A switch over a Bool of the scene (a field view, Reduce Motion).
public struct SceneToggle<S: Scene> {
    public var id: ControlID
    public var label: String
    public var path: WritableKeyPath<S, Bool>
    /// Whether a flip is a setting the trace records (under `id`); a view switch is not.
    public var recorded: Bool

    public init(id: ControlID, label: String, path: WritableKeyPath<S, Bool>, recorded: Bool = false) {
        self.id = id
        self.label = label
        self.path = path
        self.recorded = recorded
    }
}

/// One spring's group. Its sliders are `id.<first label>` and `id.damping`, and span the
/// ranges of the settings' limits table, the same ones a preset is checked against.
public struct SpringGroupSpec<Settings: SceneSettings> {
    public var id: ControlID
    public var title: String
    /// The first slider's label, value and unit: the response (" s"), or a ratio of another
    /// spring's response ("×") for a spring that follows one.
    public var first: (label: String, path: WritableKeyPath<Settings, Double>, unit: String)
    public var damping: WritableKeyPath<Settings, Double>
    /// The spring the two numbers make, for the derived numbers and the plot.
    public var spring: (Settings) -> Spring

    public init(id: ControlID, title: String, first: (label: String, path: WritableKeyPath<Settings, Double>, unit: String),
                damping: WritableKeyPath<Settings, Double>, spring: @escaping (Settings) -> Spring) {
        self.id = id
        self.title = title
        self.first = first
        self.damping = damping
        self.spring = spring
    }

    /// The group of a response-and-damping spring at `spring`.
    public init(id: ControlID, title: String, spring path: WritableKeyPath<Settings, SpringSetting>) {
        self.init(id: id, title: title, first: ("response", path.appending(path: \.response), " s"),
                  damping: path.appending(path: \.damping), spring: { $0[keyPath: path].spring })
    }

    /// The group of a spring whose response is `ratio` × another spring's (leave, close).
    public init(id: ControlID, title: String, ratio: WritableKeyPath<Settings, Double>, damping: WritableKeyPath<Settings, Double>,
                spring: @escaping (Settings) -> Spring) {
        self.init(id: id, title: title, first: ("ratio", ratio, "×"), damping: damping, spring: spring)
    }
}

/// A slider over the number of a limits table row: the row gives its key path, range and
/// unit, so a slider can reach exactly what a preset may hold.
public struct NumberSpec<Settings: SceneSettings> {
    public var id: ControlID
    public var label: String
    /// The limits table's row: `.merge`, `.commitFraction`.
    public var limit: SettingLimit<Settings>
    /// Wheel notch and arrow key step; `fine` with Shift.
    public var step: Double
    public var fine: Double
    /// Decimal places shown (and typed).
    public var decimals: Int
    /// Written after the number; nil: the limits row's unit.
    public var unit: String?
    /// Where a double-click puts it, for a number whose default follows another (the
    /// neck's k follows merge / 4); nil: the value in `Settings()`.
    public var resetValue: ((Settings) -> Double)?

    public init(id: ControlID, label: String, limit: SettingLimit<Settings>, step: Double, fine: Double, decimals: Int,
                unit: String? = nil, resetValue: ((Settings) -> Double)? = nil) {
        self.id = id
        self.label = label
        self.limit = limit
        self.step = step
        self.fine = fine
        self.decimals = decimals
        self.unit = unit
        self.resetValue = resetValue
    }

    /// A slider for `limit` stepping a hundredth of its range (a thousandth with Shift),
    /// with as many decimals as its span needs.
    public static func standard(id: ControlID, label: String, limit: SettingLimit<Settings>) -> NumberSpec {
        let span = limit.range.upperBound - limit.range.lowerBound
        return NumberSpec(id: id, label: label, limit: limit, step: span / 100, fine: span / 1000,
                          decimals: span <= 4 ? 3 : span <= 100 ? 1 : 0)
    }
}

/// A row of choices, one selected (a kernel, an alignment, a shape).
public struct ChoiceSpec<S: Scene> {
    /// Each option's button is `id.<option id>`.
    public var id: ControlID
    public var label: String
    /// The name the trace records a choice under.
    public var setting: String
    public var options: [(id: String, label: String)]
    /// The option chosen now, by id.
    public var selected: (S) -> String?
    /// Applies the option with this id.
    public var choose: (inout S, String) -> Void
    /// Whether choosing the selected option applies it again (the neck's shapes re-lay the
    /// pieces out); otherwise it does nothing.
    public var reapplies: Bool

    public init(id: ControlID, label: String, setting: String? = nil, options: [(id: String, label: String)],
                reapplies: Bool = false, selected: @escaping (S) -> String?, choose: @escaping (inout S, String) -> Void) {
        self.id = id
        self.label = label
        self.setting = setting ?? id.rawValue
        self.options = options
        self.reapplies = reapplies
        self.selected = selected
        self.choose = choose
    }

    /// Every case of `Value`, labelled by its name capitalised, chosen by `get` / `set`.
    public init<Value: CaseIterable & RawRepresentable>(id: ControlID, label: String, setting: String? = nil, reapplies: Bool = false,
                                                          get: @escaping (S) -> Value?, set: @escaping (inout S, Value) -> Void)
        where Value.RawValue == String {
        self.init(id: id, label: label, setting: setting, options: Value.allCases.map { ($0.rawValue, $0.rawValue.capitalized) },
                  reapplies: reapplies, selected: { get($0)?.rawValue }, choose: { scene, id in
                      if let value = Value(rawValue: id) { set(&scene, value) }
                  })
    }

    /// Every case of the setting at `path`.
    public init<Value: CaseIterable & RawRepresentable>(id: ControlID, label: String, setting: String? = nil,
                                                          path: WritableKeyPath<S.Settings, Value>) where Value.RawValue == String {
        self.init(id: id, label: label, setting: setting, get: { $0.settings[keyPath: path] },
                  set: { $0.settings[keyPath: path] = $1 })
    }
}

/// A one-line text setting, at most `maxCharacters` characters.
public struct TextFieldSpec<Settings: SceneSettings> {
    public var id: ControlID
    public var label: String
    public var path: WritableKeyPath<Settings, String>
    public var maxCharacters: Int

    public init(id: ControlID, label: String, path: WritableKeyPath<Settings, String>, maxCharacters: Int) {
        self.id = id
        self.label = label
        self.path = path
        self.maxCharacters = maxCharacters
    }
}

/// How a readout reads.
public enum ReadoutStyle: Sendable {
    /// Small and grey, under the slider column ("k follows merge / 4").
    case note
    /// A value across the panel ("snaps apart at 10.0 pt").
    case value
}

/// A line the scene writes about itself: a note under a slider, or a value.
public struct ReadoutSpec<S: Scene> {
    public var id: ControlID
    public var style: ReadoutStyle
    public var text: (S) -> String

    public init(id: ControlID, style: ReadoutStyle, text: @escaping (S) -> String) {
        self.id = id
        self.style = style
        self.text = text
    }
}

/// The curve plot: a titled block of step responses, the first two compared for the lead.
public struct CurvePlotSpec<Settings: SceneSettings> {
    public struct Curve {
        public var name: String
        public var color: Color
        public var spring: (Settings) -> Spring
        /// The spring group whose spring this curve is: dragging the curve's peak or settle
        /// mark on the plot tunes that group (nil: the curve cannot be dragged).
        public var group: ControlID?

        public init(_ name: String, color: Color, group: ControlID? = nil, spring: @escaping (Settings) -> Spring) {
            self.name = name
            self.color = color
            self.group = group
            self.spring = spring
        }
    }

    public var id: ControlID
    public var title: String
    public var curves: [Curve]

    public init(id: ControlID, title: String, curves: [Curve]) {
        self.id = id
        self.title = title
        self.curves = curves
    }
}
