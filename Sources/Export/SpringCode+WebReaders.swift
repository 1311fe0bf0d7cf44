import Foundation
import Motion

typealias CodeField = (key: String, value: CodeValue, quoted: Bool)

/// Reading object-shaped springs: motion.dev transitions, react-spring configs and JSON.
extension SpringCode {
    /// An object of `key: value` fields, told apart by its keys: react-spring's
    /// `tension`/`friction`/`frequency`/`config`, motion.dev's `type: "spring"` or its own keys, JSON's
    /// quoted keys or `response`/`dampingRatio`.
    static func readObject(_ fields: [CodeField]) throws(SpringPasteError) -> PastedSpring? {
        var table: [String: CodeField] = [:]
        for field in fields where table[field.key] == nil { table[field.key] = field }
        let keys = Set(table.keys)
        // `config:` is react-spring's prop for its spring (`useSpring({ x, config: { … } })`).
        if !keys.isDisjoint(with: ["tension", "friction", "frequency", "config"]) { return try readReactSpring(table) }
        if !keys.isDisjoint(with: ["bounciness", "speed"]) {
            return try readOrigami(bounciness: table["bounciness"]?.value, speed: table["speed"]?.value, platform: "Origami")
        }
        if let type = table["type"]?.value {
            // `type: "spring"`, or `type: spring` with motion's imported generator.
            switch type {
            case .string("spring"), .name("spring"): return try readMotion(table)
            case .string(let other): throw SpringPasteError(reason: "not a spring: a motion.dev transition of type \"\(other)\"")
            case .name(let other): throw SpringPasteError(reason: "not a spring: a motion.dev transition of type \(other)")
            default: throw SpringPasteError(reason: "not a spring: a motion.dev transition of another type")
            }
        }
        if !keys.isDisjoint(with: ["visualDuration", "restDelta", "restSpeed", "velocity"]) { return try readMotion(table) }
        let known = keys.intersection(["response", "dampingRatio", "stiffness", "damping", "mass", "duration", "bounce"])
        guard !known.isEmpty else { return nil }
        if !keys.isDisjoint(with: ["response", "dampingRatio"]) || known.allSatisfy({ table[$0]?.quoted == true }) {
            return try readJSON(table)
        }
        return try readMotion(table)
    }

    // MARK: motion.dev

    /// motion.dev's defaults and limits, from `springDefaults` in
    /// motiondivision/motion packages/motion-dom/src/animation/generators/spring.ts
    /// (commit 1b037b0, 2026-08): stiffness 100, damping 10, mass 1; duration 800 ms and
    /// bounce 0.3 for duration springs; duration clamped to 0.01…10 s, ζ to 0.05…1.
    /// (Its doc comment says bounce defaults to 0.25; the code that runs says 0.3.)
    enum MotionDefaults {
        static let stiffness = 100.0, damping = 10.0, mass = 1.0
        static let duration = 0.8, bounce = 0.3
        static let minDuration = 0.01, maxDuration = 10.0, minDamping = 0.05, maxDamping = 1.0
    }

    /// A motion.dev spring transition, resolved as `getSpringOptions` does: any of
    /// stiffness/damping/mass makes it physical (missing ones take the defaults); otherwise
    /// duration/bounce make it duration-defined — by `visualDuration` when set, else by
    /// `findSpring`'s root search. `visualDuration` without duration or bounce is ignored
    /// there too (the physics defaults apply), and we follow the code, not the intention.
    static func readMotion(_ table: [String: CodeField]) throws(SpringPasteError) -> PastedSpring {
        let reader = ValueReader(platform: "motion.dev transition")
        let physical = ["stiffness", "damping", "mass"].contains { table[$0] != nil }
        let durationDefined = ["duration", "bounce"].contains { table[$0] != nil }
        if physical || !durationDefined {
            let k = try reader.positive(table["stiffness"]?.value, "stiffness", default: MotionDefaults.stiffness)
            let c = try reader.positive(table["damping"]?.value, "damping", default: MotionDefaults.damping)
            let m = try reader.positive(table["mass"]?.value, "mass", default: MotionDefaults.mass)
            let defaulted = ["stiffness", "damping", "mass"].filter { table[$0] == nil }
            let note = defaulted.isEmpty ? "" : " with default " + defaulted.joined(separator: ", ")
            return pasted(mass: m, stiffness: k, damping: c, "motion.dev { stiffness, damping, mass }" + note)
        }
        let bounce = try reader.number(table["bounce"]?.value, "bounce")
        if let visual = try reader.number(table["visualDuration"]?.value, "visualDuration"), visual != 0 {
            // root = 2π / (1.2 v): the response is 1.2 × visualDuration (docs/behaviour.md §12.2);
            // ζ = clamp(0.05, 1, 1 − bounce), bounce defaulting to 0 here.
            let v = try ValueReader.positive(visual, "visualDuration")
            let z = min(max(1 - (bounce ?? 0), MotionDefaults.minDamping), MotionDefaults.maxDamping)
            return pasted(Spring(response: 1.2 * v, dampingRatio: z), "motion.dev { visualDuration, bounce }",
                          response: 1.2 * v, dampingRatio: z)
        }
        let d = try reader.positive(table["duration"]?.value, "duration", default: MotionDefaults.duration)
        let (k, c) = motionFindSpring(duration: d, bounce: bounce ?? MotionDefaults.bounce)
        return pasted(mass: 1, stiffness: k, damping: c, "motion.dev { duration, bounce } (solved as motion.dev does)")
    }

    /// motion.dev's `findSpring` with no velocity: ζ = clamp(0.05, 1, 1 − bounce), and the
    /// undamped frequency ω where the envelope of the step response reaches 0.001 at the
    /// duration — e^(−ζωT)·ζ/√(1−ζ²) = 0.001 underdamped, e^(−ωT)(1 + ωT) = 0.001 critical —
    /// found as motion.dev finds it: 11 Newton steps from ω = 5/T. Being the same iteration,
    /// it lands on the same spring motion.dev animates, converged or not.
    static func motionFindSpring(duration seconds: Double, bounce: Double) -> (stiffness: Double, damping: Double) {
        let safeMin = 0.001
        let z = min(max(1 - bounce, MotionDefaults.minDamping), MotionDefaults.maxDamping)
        let t = min(max(seconds, MotionDefaults.minDuration), MotionDefaults.maxDuration)
        let envelope: (Double) -> Double
        let derivative: (Double) -> Double
        if z < 1 {
            let shape = z / (1 - z * z).squareRoot()
            envelope = { w in safeMin - shape * exp(-z * w * t) }
            derivative = { w in z * z * t * exp(-z * w * t) / (1 - z * z).squareRoot() }
        } else {
            envelope = { w in exp(-w * t) * (w * t + 1) - safeMin }
            derivative = { w in -w * t * t * exp(-w * t) }
        }
        var w = 5 / t
        for _ in 1..<12 { w -= envelope(w) / derivative(w) }
        guard w.isFinite else { return (MotionDefaults.stiffness, MotionDefaults.damping) }
        let k = w * w
        return (k, z * 2 * k.squareRoot())
    }

    // MARK: react-spring

    /// react-spring's `config` presets (pmndrs/react-spring packages/core/src/constants.ts,
    /// commit 3d2523d): tension and friction, mass 1.
    static let reactSpringPresets: [String: (tension: Double, friction: Double)] = [
        "default": (170, 26), "gentle": (120, 14), "wobbly": (180, 12),
        "stiff": (210, 20), "slow": (280, 60), "molasses": (280, 120),
    ]

    static func readReactSpringPreset(_ name: String) throws(SpringPasteError) -> PastedSpring? {
        let preset = String(name.dropFirst("config.".count))
        guard let values = reactSpringPresets[preset] else { return nil }
        return pasted(mass: 1, stiffness: values.tension, damping: values.friction, "react-spring config.\(preset)")
    }

    /// A react-spring config. Its units are SI: SpringValue.ts advances in 1 ms steps with
    /// `springForce = -tension * 0.000001 * (x - to)`, `dampingForce = -friction * 0.001 * v`
    /// (v per ms), `a = (springForce + dampingForce) / mass` per ms² — multiply by 10⁶ for s⁻²
    /// and it is −tension·x − friction·v(per s): tension is k, friction is c. Defaults
    /// (AnimationConfig.ts): tension 170, friction 26, mass 1; with `frequency` f, tension =
    /// (2π/f)²·mass and friction = 4π·damping·mass/f — f is the response, `damping` the ratio
    /// (default 1), f clamped to ≥ 0.01.
    static func readReactSpring(_ table: [String: CodeField]) throws(SpringPasteError) -> PastedSpring {
        let reader = ValueReader(platform: "react-spring config")
        if table["duration"] != nil {
            throw SpringPasteError(reason: "not a spring: react-spring's duration turns the spring into an eased tween")
        }
        let m = try reader.positive(table["mass"]?.value, "mass", default: 1)
        if let fValue = table["frequency"]?.value {
            let f = max(try reader.positive(fValue, "frequency"), 0.01)
            let z = try reader.positive(table["damping"]?.value, "damping", default: 1)
            return pasted(Spring(response: f, dampingRatio: z, mass: m), "react-spring { frequency, damping }",
                          response: f, dampingRatio: z)
        }
        let k = try reader.positive(table["tension"]?.value, "tension", default: 170)
        let c = try reader.positive(table["friction"]?.value, "friction", default: 26)
        let defaulted = ["tension", "friction", "mass"].filter { table[$0] == nil }
        let note = defaulted.isEmpty ? "" : " with default " + defaulted.joined(separator: ", ")
        return pasted(mass: m, stiffness: k, damping: c, "react-spring { tension, friction, mass }" + note)
    }

    // MARK: JSON

    /// JSON: any consistent subset of response + dampingRatio, stiffness + damping (+ mass),
    /// duration + bounce. Every field given must describe the same spring (to 0.1 %): a
    /// response edited without its stiffness is refused rather than silently picking one.
    static func readJSON(_ table: [String: CodeField]) throws(SpringPasteError) -> PastedSpring {
        let reader = ValueReader(platform: "JSON")
        func positive(_ key: String) throws(SpringPasteError) -> Double? {
            guard let value = table[key]?.value else { return nil }
            return try reader.positive(value, key)
        }
        let r = try positive("response"), z = try positive("dampingRatio")
        let k = try positive("stiffness"), c = try positive("damping"), d = try positive("duration")
        let m = try positive("mass") ?? 1
        var b: Double?
        if let x = try reader.number(table["bounce"]?.value, "bounce") { b = try ValueReader.bounce(x) }
        let spring: Spring, source: String
        if let r, let z {
            (spring, source) = (Spring(response: r, dampingRatio: z, mass: m), "JSON response, dampingRatio")
        } else if let k, let c {
            (spring, source) = (Spring(mass: m, stiffness: k, damping: c), "JSON stiffness, damping, mass")
        } else if let d, let b {
            (spring, source) = (Spring(duration: d, bounce: b, mass: m), "JSON duration, bounce")
        } else {
            let lone = [("response", "dampingRatio"), ("dampingRatio", "response"), ("stiffness", "damping"),
                        ("damping", "stiffness"), ("duration", "bounce"), ("bounce", "duration")]
                .first { table[$0.0] != nil && table[$0.1] == nil }
            if let (have, missing) = lone { throw SpringPasteError(reason: "found JSON \(have) but no \(missing)") }
            throw SpringPasteError(reason: "found JSON but no spring: expected response and dampingRatio, "
                                   + "stiffness and damping, or duration and bounce")
        }
        let checks: [(String, Double?, Double)] = [
            ("response", r, spring.response), ("dampingRatio", z, spring.dampingRatio),
            ("stiffness", k, spring.stiffness), ("damping", c, spring.damping), ("duration", d, spring.response),
        ]
        for (key, written, implied) in checks {
            if let written, abs(written - implied) > 1e-3 * max(written, implied) {
                throw SpringPasteError(reason: "JSON is inconsistent: \(key) \(number(written)) but the other fields "
                                       + "give \(number(implied))")
            }
        }
        if let b, abs(b - spring.bounce) > 1e-3 {
            throw SpringPasteError(reason: "JSON is inconsistent: bounce \(number(b)) but the other fields give \(number(spring.bounce))")
        }
        return pasted(spring, source, response: r ?? d, dampingRatio: z)
    }
}
