import Foundation
import Motion

extension SpringCode {
    /// The bounciness Rebound's conversion can be read back from: up to 42.5, where its
    /// quadratic turns (`OrigamiPOP`); a POP spring with more is one with less.
    static let origamiBouncinessLimit = 42.5

    /// Origami's POP Animation: `bounciness: B, speed: S` (SpringLab's `origami` format) or
    /// Rebound's `SpringConfig.fromBouncinessAndSpeed(B, S)` (positional: bounciness first).
    static func readOrigami(bounciness: CodeValue?, speed: CodeValue?, platform: String) throws(SpringPasteError) -> PastedSpring {
        let reader = ValueReader(platform: platform)
        guard let b = try reader.number(bounciness, "bounciness") else {
            throw SpringPasteError(reason: "found \(platform) but no bounciness")
        }
        let s = try reader.positive(speed, "speed")
        guard b <= origamiBouncinessLimit else {
            throw SpringPasteError(reason: "bounciness must be at most 42.5 (Rebound's conversion turns there), got \(number(b))")
        }
        let (k, c) = OrigamiPOP.tensionAndFriction(bounciness: b, speed: s)
        guard k > 0, c > 0 else {
            throw SpringPasteError(reason: "Origami bounciness \(number(b)) and speed \(number(s)) give no spring "
                                   + "(tension \(number(k)), friction \(number(c)))")
        }
        return PastedSpring(spring: Spring(mass: 1, stiffness: k, damping: c), source: "Origami POP bounciness, speed")
    }

    /// Rebound's call, if the text has one.
    static func readReboundCall(_ calls: [CodeCall]) throws(SpringPasteError) -> PastedSpring? {
        guard let call = calls.first(where: { $0.member == "fromBouncinessAndSpeed" }) else { return nil }
        let labelled = Dictionary(call.arguments.compactMap { a in a.label.map { ($0, a.value) } }, uniquingKeysWith: { a, _ in a })
        let positional = call.arguments.filter { $0.label == nil }.map(\.value)
        return try readOrigami(bounciness: labelled["bounciness"] ?? positional.first,
                               speed: labelled["speed"] ?? (positional.count > 1 ? positional[1] : nil),
                               platform: "Rebound fromBouncinessAndSpeed(")
    }
}
