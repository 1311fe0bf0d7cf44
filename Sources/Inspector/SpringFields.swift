import Foundation
import Motion
import Scenes

/// The sliders of one spring group in one form (docs/behaviour.md §11.2), each converted from the
/// stored response and damping ratio (docs/behaviour.md §1.1) and knowing the one stored setting it
/// writes back:
///
///     response   response (s) · damping                 → .response · .damping
///     duration   duration (s) · bounce                  → .response · .damping
///     stiffness  mass · stiffness · damping c           → (the view) · .response · .damping
///     origami    bounciness · speed                     → .damping · .response and .damping
///
/// Each slider spans what the stored ranges map to: duration the response's 0.05 – 2 s,
/// bounce −0.5 – 0.95 (ζ 2 – 0.05), stiffness m·9.87 – m·15 791 (response 2 – 0.05 s, on
/// a logarithmic track), and the damping coefficient 2ζ√(mk) for ζ 0.05 – 2 at the
/// current stiffness — so the whole track is usable and a typed value outside it, whose
/// conversion would leave the stored range, is refused with the form's own range.
///
/// A group whose first number is a ratio of another spring's response (the Push Alert's
/// leave and close) keeps its ratio slider in every form: the lead between the springs is
/// what it tunes. Its damping is shown as bounce, or as a damping coefficient at unit mass
/// over the stiffness the ratio gives (shown read-only with the derived numbers).
package struct SpringFields<Settings: SceneSettings> {
    package struct Field {
        /// The widget's id: `gap.bounce`, `gap.stiffness`.
        package var id: ControlID
        package var label: String
        package var spec: SliderSpec
        /// The number shown, converted from the stored values.
        package var shown: Double
        /// The stored setting a new value moves, by its trace name; nil for the mass, which
        /// only changes how stiffness and damping coefficient read.
        package var target: (name: String, path: WritableKeyPath<Settings, Double>, range: ClosedRange<Double>)?
        /// The stored value a shown value means.
        package var stored: (Double) -> Double
        /// A second stored setting the value moves with the first (Origami's speed sets the
        /// tension and, through Rebound's friction curve, the damping ratio): its trace name,
        /// path, range and the value it takes.
        package var also: (name: String, path: WritableKeyPath<Settings, Double>, range: ClosedRange<Double>,
                           stored: (Double) -> Double)?
    }

    /// The mass slider's range (a way of reading the spring; 1 unless changed).
    package static var massRange: ClosedRange<Double> { 0.1...10 }

    package let fields: [Field]

    package init(_ group: SpringGroupSpec<Settings>, settings: Settings, defaults: Settings, form: SpringForm, mass: Double) {
        typealias C = SpringConversion
        let firstID: ControlID = "\(group.id).\(group.first.label)", dampingID: ControlID = "\(group.id).damping"
        let firstRange = Settings.range(of: group.first.path), zetaRange = Settings.range(of: group.damping)
        let ratio = group.first.unit == "×"
        let zeta = settings[keyPath: group.damping], zetaDefault = defaults[keyPath: group.damping]
        let first = Field(id: firstID, label: group.first.label,
                          spec: SliderSpec(range: firstRange, defaultValue: defaults[keyPath: group.first.path], step: 0.01,
                                           fine: 0.001, decimals: 3, unit: group.first.unit),
                          shown: settings[keyPath: group.first.path], target: (firstID.rawValue, group.first.path, firstRange),
                          stored: { $0 }, also: nil)
        let dampingTarget = (name: dampingID.rawValue, path: group.damping, range: zetaRange)
        switch form {
        case .response:
            let damping = Field(id: dampingID, label: "damping",
                                spec: SliderSpec(range: zetaRange, defaultValue: zetaDefault, step: 0.01, fine: 0.001, decimals: 3,
                                                 labelAbove: (1, "overdamped")),
                                shown: zeta, target: dampingTarget, stored: { $0 }, also: nil)
            fields = [first, damping]
        case .duration:
            var duration = first
            if !ratio {
                duration.id = "\(group.id).duration"
                duration.label = "duration"
            }
            let bounces = C.bounce(dampingRatio: zetaRange.upperBound)...C.bounce(dampingRatio: zetaRange.lowerBound)
            var spec = SliderSpec(range: bounces, defaultValue: C.bounce(dampingRatio: zetaDefault), step: 0.01, fine: 0.001,
                                  decimals: 3, labelAbove: (0, "overdamped"))
            spec.labelBelow = true
            let bounce = Field(id: "\(group.id).bounce", label: "bounce", spec: spec, shown: C.bounce(dampingRatio: zeta),
                               target: dampingTarget, stored: { C.dampingRatio(bounce: $0) }, also: nil)
            fields = [duration, bounce]
        case .stiffness:
            // A ratio group's spring follows another's response: unit mass, k as it derives.
            let m = ratio ? 1 : mass
            let k = ratio ? group.spring(settings).stiffness
                : C.stiffness(response: settings[keyPath: group.first.path], mass: m)
            var leading: [Field] = [first]
            if !ratio {
                let massField = Field(id: "\(group.id).mass", label: "mass",
                                      spec: SliderSpec(range: Self.massRange, defaultValue: 1, step: 0.1, fine: 0.01, decimals: 2),
                                      shown: mass, target: nil, stored: { $0 }, also: nil)
                let ks = C.stiffness(response: firstRange.upperBound, mass: m)...C.stiffness(response: firstRange.lowerBound, mass: m)
                var spec = SliderSpec(range: ks, defaultValue: C.stiffness(response: defaults[keyPath: group.first.path], mass: m),
                                      step: 1, fine: 0.1, decimals: 1)
                spec.logarithmic = true
                let stiffness = Field(id: "\(group.id).stiffness", label: "stiffness", spec: spec, shown: k,
                                      target: first.target, stored: { C.response(stiffness: $0, mass: m) }, also: nil)
                leading = [massField, stiffness]
            }
            let scale = 2 * (m * k).squareRoot()
            let coefficient = Field(id: "\(group.id).coefficient", label: "damping c",
                                    spec: SliderSpec(range: zetaRange.lowerBound * scale...zetaRange.upperBound * scale,
                                                     defaultValue: zetaDefault * scale, step: 0.1, fine: 0.01, decimals: 2,
                                                     labelAbove: (scale, "overdamped")),
                                    shown: zeta * scale, target: dampingTarget,
                                    stored: { C.dampingRatio(coefficient: $0, stiffness: k, mass: m) }, also: nil)
            fields = leading + [coefficient]
        case .origami:
            // Rebound's spring has unit mass: its tension is k and its friction c. Speed alone
            // sets the tension; at a speed, bounciness moves only the friction (docs/behaviour.md §18).
            let spring = group.spring(settings), k = spring.stiffness / spring.mass
            let bounciness = OrigamiPOP.bounciness(tension: k, friction: spring.damping / spring.mass)
            // A spring slower (or faster) than any POP speed is read at the nearest one: its
            // sliders then make POP springs (a negative speed gave negative friction).
            let rawSpeed = OrigamiPOP.speed(tension: k)
            let speed = min(max(rawSpeed, OrigamiPOP.speedRange.lowerBound), OrigamiPOP.speedRange.upperBound)
            let popK = OrigamiPOP.tensionAndFriction(bounciness: 0, speed: speed).tension
            let defaultSpring = group.spring(defaults), defaultK = defaultSpring.stiffness / defaultSpring.mass
            let bSpec = SliderSpec(range: 0...OrigamiPOP.maxBounciness,
                                   defaultValue: OrigamiPOP.bounciness(tension: defaultK, friction: defaultSpring.damping / defaultSpring.mass) ?? 0,
                                   step: 0.1, fine: 0.01, decimals: 2)
            // At this speed, the damping ratio of a bounciness: ζ = c / 2√k.
            // (Read at the nearest speed, a bounciness also moves the response there.)
            let clamped = speed != rawSpeed && !ratio
            let bounce = Field(id: "\(group.id).bounciness", label: "bounciness", spec: bSpec,
                               shown: bounciness ?? OrigamiPOP.maxBounciness, target: dampingTarget,
                               stored: { OrigamiPOP.tensionAndFriction(bounciness: $0, speed: speed).friction
                                   / (2 * (clamped ? popK : k).squareRoot()) },
                               also: clamped ? (firstID.rawValue, group.first.path, firstRange, { _ in C.response(stiffness: popK, mass: 1) }) : nil)
            guard !ratio else {
                // The ratio sets the response (the tension): it stays, with bounciness beside it.
                fields = [first, bounce]
                return
            }
            let held = bounciness ?? OrigamiPOP.maxBounciness
            let sSpec = SliderSpec(range: OrigamiPOP.speedRange, defaultValue: OrigamiPOP.speed(tension: defaultK), step: 0.1,
                                   fine: 0.01, decimals: 2)
            let speedField = Field(id: "\(group.id).speed", label: "speed", spec: sSpec, shown: speed, target: first.target,
                                   stored: { C.response(stiffness: OrigamiPOP.tensionAndFriction(bounciness: held, speed: $0).tension, mass: 1) },
                                   also: (dampingID.rawValue, group.damping, zetaRange, { s in
                                       let (t, f) = OrigamiPOP.tensionAndFriction(bounciness: held, speed: s)
                                       return f / (2 * t.squareRoot())
                                   }))
            fields = [bounce, speedField]
        }
    }

    /// The numbers under the sliders: what the form does not show already, and the settle
    /// time (the response form's line is docs/behaviour.md §6's: stiffness, coefficient, settle). The
    /// other forms leave "overdamped" to their sliders' labels: the line must fit beside
    /// the plot.
    package static func derived(_ s: Spring, form: SpringForm, ratio: Bool) -> String {
        FormattedText.text(.init("derived \(form.rawValue) \(ratio)", [s.mass, s.stiffness, s.damping])) {
            makeDerived(s, form: form, ratio: ratio)
        }
    }

    private static func makeDerived(_ s: Spring, form: SpringForm, ratio: Bool) -> String {
        let settle = NumberText.format("settle %.0f ms", s.settleDuration * 1000)
        let over = s.dampingRatio > 1 ? "   overdamped" : ""
        switch form {
        case .response:
            return NumberText.format("k %.1f   c %.2f   ", s.stiffness, s.damping) + settle + over
        case .duration:
            return NumberText.format("ζ %.3f   k %.1f   ", s.dampingRatio, s.stiffness) + settle
        case .stiffness where ratio:
            return NumberText.format("k %.1f   ζ %.3f   ", s.stiffness, s.dampingRatio) + settle
        case .stiffness:
            return NumberText.format("R %.3f s   ζ %.3f   ", s.response, s.dampingRatio) + settle
        case .origami:
            // A spring no POP spring matches (bouncier than any at its speed, damped past
            // bounciness 0, or slower than the slowest speed) says so: its sliders are at their ends.
            let pop = OrigamiPOP.bouncinessAndSpeed(of: s).map { OrigamiPOP.speedRange.contains($0.speed) && $0.bounciness >= 0 } ?? false
            return NumberText.format("R %.3f s   ζ %.3f   ", s.response, s.dampingRatio) + (pop ? settle : "not a POP spring")
        }
    }
}
