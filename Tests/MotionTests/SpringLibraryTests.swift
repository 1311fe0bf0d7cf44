import Motion
import Testing

/// The built-in named springs (docs/behaviour.md §11.4): each one's response and damping ratio worked
/// out by hand from the platform's documented numbers — response = 2π√(m/k), ζ = c/2√(mk),
/// or SwiftUI's duration/bounce (ζ = 1 − bounce, duration as the response).
@Suite struct SpringLibraryTests {
    @Test(arguments: [
        ("swiftui.spring", 0.5, 0.825), ("swiftui.smooth", 0.5, 1.0), ("swiftui.snappy", 0.5, 0.85),
        ("swiftui.bouncy", 0.5, 0.7), ("swiftui.interactiveSpring", 0.15, 0.86),
        ("compose.spring", 0.16223114703894448, 1.0), ("compose.stiffnessHigh", 0.06283185307179587, 1.0),
        ("compose.stiffnessMediumLow", 0.3141592653589793, 1.0), ("compose.stiffnessLow", 0.4442882938158366, 1.0),
        ("compose.stiffnessVeryLow", 0.8885765876316732, 1.0), ("compose.highBouncy", 0.16223114703894448, 0.2),
        ("compose.mediumBouncy", 0.16223114703894448, 0.5), ("compose.lowBouncy", 0.16223114703894448, 0.75),
        ("material3.standardFastSpatial", 0.1679251908362714, 0.9), ("material3.standardDefaultSpatial", 0.23748208234474516, 0.9),
        ("material3.standardSlowSpatial", 0.3627598728468436, 0.9), ("material3.standardFastEffects", 0.10192672497585993, 1.0),
        ("material3.standardDefaultEffects", 0.15707963267948966, 1.0), ("material3.standardSlowEffects", 0.2221441469079183, 1.0),
        ("material3.expressiveFastSpatial", 0.2221441469079183, 0.6), ("material3.expressiveDefaultSpatial", 0.3223206053652882, 0.8),
        ("material3.expressiveSlowSpatial", 0.4442882938158366, 0.8),
        ("motion.default", 0.6283185307179586, 0.5), ("reactSpring.default", 0.48189831490469537, 0.9970544855015815),
        ("flutter.scrollSpring", 0.4442882938158366, 1.1),
    ])
    func eachNamedSpringIsThePlatformsOwn(id: String, response: Double, ratio: Double) throws {
        let named = try #require(SpringLibrary.spring(id))
        #expect(abs(named.response - response) < 1e-12, "\(id) response \(named.response)")
        #expect(abs(named.dampingRatio - ratio) < 1e-12, "\(id) ζ \(named.dampingRatio)")
        #expect(named.source.hasPrefix("https://"))
    }

    @Test func everyNamedSpringFitsTheInspectorAndHasAUniqueId() {
        #expect(SpringLibrary.all.count == 25)
        #expect(Set(SpringLibrary.all.map(\.id)).count == SpringLibrary.all.count)
        // docs/behaviour.md §6's slider ranges: response 0.05–2 s, damping 0.05–2.
        for s in SpringLibrary.all {
            #expect((0.05...2).contains(s.response) && (0.05...2).contains(s.dampingRatio), "\(s.id)")
        }
    }
}
