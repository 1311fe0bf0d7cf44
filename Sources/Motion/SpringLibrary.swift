/// A named spring from a platform designers ship to (docs/behaviour.md §11.4), in that platform's own
/// terms, with where the value comes from. Applied to a spring group it sets the group's
/// response and damping ratio: the normalized curve a mass–stiffness–damping spring draws
/// depends only on those two (response = 2π√(m/k), ζ = c / 2√(mk)).
public struct NamedSpring: Sendable, Hashable {
    /// Stable id for presets and the trace: `swiftui.snappy`, `compose.stiffnessLow`.
    public let id: String
    /// What a designer reads in the menu: `SwiftUI .snappy`.
    public let name: String
    public let platform: String
    /// The platform's documentation (or source) the numbers were taken from.
    public let source: String
    public let spring: Spring

    public init(_ id: String, _ name: String, platform: String, source: String, _ spring: Spring) {
        self.id = id
        self.name = name
        self.platform = platform
        self.source = source
        self.spring = spring
    }

    /// The spring as the inspector edits it: response (s) and damping ratio.
    public var response: Double { spring.response }
    public var dampingRatio: Double { spring.dampingRatio }
}

/// The built-in library of named springs (docs/behaviour.md §11.4). Every value is the platform's own,
/// looked up in its documentation or source, cited beside it; nothing here is tuned.
public enum SpringLibrary {
    static let swiftUIDocs = "https://developer.apple.com/documentation/swiftui/animation"
    static let composeDocs = "https://developer.android.com/reference/kotlin/androidx/compose/animation/core/Spring"
    static let material = "https://m3.material.io/styles/motion/overview/specs (MotionScheme.standard/expressive)"

    public static let all: [NamedSpring] = swiftUI + compose + material3 + web + flutter

    /// SwiftUI: `.spring(response:dampingFraction:)` defaults 0.5 / 0.825; the iOS 17
    /// springs are duration 0.5 with a base bounce of 0 (`.smooth`), 0.15 (`.snappy`) and
    /// 0.3 (`.bouncy`); `.interactiveSpring` is response 0.15, damping fraction 0.86.
    static let swiftUI: [NamedSpring] = [
        NamedSpring("swiftui.spring", "SwiftUI .spring()", platform: "SwiftUI",
                    source: swiftUIDocs + "/spring(response:dampingfraction:blendduration:)", Spring(response: 0.5, dampingRatio: 0.825)),
        NamedSpring("swiftui.smooth", "SwiftUI .smooth", platform: "SwiftUI",
                    source: swiftUIDocs + "/smooth(duration:extrabounce:)", Spring(duration: 0.5, bounce: 0)),
        NamedSpring("swiftui.snappy", "SwiftUI .snappy", platform: "SwiftUI",
                    source: swiftUIDocs + "/snappy(duration:extrabounce:)", Spring(duration: 0.5, bounce: 0.15)),
        NamedSpring("swiftui.bouncy", "SwiftUI .bouncy", platform: "SwiftUI",
                    source: swiftUIDocs + "/bouncy(duration:extrabounce:)", Spring(duration: 0.5, bounce: 0.3)),
        NamedSpring("swiftui.interactiveSpring", "SwiftUI .interactiveSpring()", platform: "SwiftUI",
                    source: swiftUIDocs + "/interactivespring(response:dampingfraction:blendduration:)",
                    Spring(response: 0.15, dampingRatio: 0.86)),
    ]

    /// Jetpack Compose's `Spring` constants: stiffness High 10 000, Medium 1 500,
    /// MediumLow 400, Low 200, VeryLow 50; damping ratio HighBouncy 0.2, MediumBouncy 0.5,
    /// LowBouncy 0.75, NoBouncy 1. `spring()` defaults to Medium / NoBouncy; Android's
    /// `SpringForce` to Medium / MediumBouncy.
    static let compose: [NamedSpring] = [
        NamedSpring("compose.spring", "Compose spring() (Medium, NoBouncy)", platform: "Jetpack Compose", source: composeDocs,
                    Spring(stiffness: 1500, damping: 2 * 1.0 * 1500.0.squareRoot())),
        NamedSpring("compose.stiffnessHigh", "Compose StiffnessHigh", platform: "Jetpack Compose", source: composeDocs,
                    Spring(stiffness: 10_000, damping: 2 * 10_000.0.squareRoot())),
        NamedSpring("compose.stiffnessMediumLow", "Compose StiffnessMediumLow", platform: "Jetpack Compose", source: composeDocs,
                    Spring(stiffness: 400, damping: 2 * 400.0.squareRoot())),
        NamedSpring("compose.stiffnessLow", "Compose StiffnessLow", platform: "Jetpack Compose", source: composeDocs,
                    Spring(stiffness: 200, damping: 2 * 200.0.squareRoot())),
        NamedSpring("compose.stiffnessVeryLow", "Compose StiffnessVeryLow", platform: "Jetpack Compose", source: composeDocs,
                    Spring(stiffness: 50, damping: 2 * 50.0.squareRoot())),
        NamedSpring("compose.highBouncy", "Compose DampingRatioHighBouncy", platform: "Jetpack Compose", source: composeDocs,
                    Spring(stiffness: 1500, damping: 2 * 0.2 * 1500.0.squareRoot())),
        NamedSpring("compose.mediumBouncy", "Compose MediumBouncy (SpringForce default)",
                    platform: "Jetpack Compose", source: composeDocs, Spring(stiffness: 1500, damping: 2 * 0.5 * 1500.0.squareRoot())),
        NamedSpring("compose.lowBouncy", "Compose DampingRatioLowBouncy", platform: "Jetpack Compose", source: composeDocs,
                    Spring(stiffness: 1500, damping: 2 * 0.75 * 1500.0.squareRoot())),
    ]

    /// Material 3 motion springs (stiffness, damping ratio). Standard: spatial fast 1 400,
    /// default 700, slow 300 at 0.9; effects fast 3 800, default 1 600, slow 800 at 1.
    /// Expressive spatial: fast 800 at 0.6, default 380 at 0.8, slow 200 at 0.8.
    static let material3: [NamedSpring] = [
        ("standardFastSpatial", "Material 3 fast spatial", 1400.0, 0.9), ("standardDefaultSpatial", "Material 3 default spatial", 700, 0.9),
        ("standardSlowSpatial", "Material 3 slow spatial", 300, 0.9), ("standardFastEffects", "Material 3 fast effects", 3800, 1),
        ("standardDefaultEffects", "Material 3 default effects", 1600, 1), ("standardSlowEffects", "Material 3 slow effects", 800, 1),
        ("expressiveFastSpatial", "Material 3 Expressive fast spatial", 800, 0.6),
        ("expressiveDefaultSpatial", "Material 3 Expressive default spatial", 380, 0.8),
        ("expressiveSlowSpatial", "Material 3 Expressive slow spatial", 200, 0.8),
    ].map { id, name, k, zeta in
        NamedSpring("material3.\(id)", name, platform: "Material 3", source: material,
                    Spring(stiffness: k, damping: 2 * zeta * k.squareRoot()))
    }

    /// motion.dev (Framer Motion): `type: "spring"` defaults stiffness 100, damping 10,
    /// mass 1. react-spring's `config.default` is tension 170, friction 26.
    static let web: [NamedSpring] = [
        NamedSpring("motion.default", "motion.dev spring default", platform: "motion.dev",
                    source: "https://motion.dev/docs/react-transitions#spring", Spring(mass: 1, stiffness: 100, damping: 10)),
        NamedSpring("reactSpring.default", "react-spring config.default", platform: "react-spring",
                    source: "https://www.react-spring.dev/docs/advanced/config#presets", Spring(mass: 1, stiffness: 170, damping: 26)),
    ]

    /// Flutter: `ScrollPhysics`'s default spring, `SpringDescription.withDampingRatio(mass:
    /// 0.5, stiffness: 100, ratio: 1.1)` (packages/flutter/lib/src/widgets/scroll_physics.dart).
    static let flutter: [NamedSpring] = [
        NamedSpring("flutter.scrollSpring", "Flutter ScrollPhysics spring", platform: "Flutter",
                    source: "https://api.flutter.dev/flutter/widgets/ScrollPhysics/spring.html",
                    Spring(mass: 0.5, stiffness: 100, damping: 1.1 * 2 * (0.5 * 100.0).squareRoot())),
    ]

    /// The named spring with `id`.
    public static func spring(_ id: String) -> NamedSpring? { all.first { $0.id == id } }
}
