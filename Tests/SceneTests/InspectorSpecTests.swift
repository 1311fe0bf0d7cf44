import Canvas
import Motion
import Testing
@testable import Scenes

/// The inspectors as data (docs/behaviour.md §10): every scene's list resolves against its own limits
/// table, and what the inspector used to do by hand is the scene's now.
@Suite struct InspectorSpecTests {
    /// The key paths of `S`'s inspector that its limits table does not have (a number row
    /// is built from its table row, so only the springs' sliders can miss).
    static func unresolved<S: Scene>(_ type: S.Type) -> [String] {
        var missing: [String] = []
        for case .number(let number) in S.inspector.items where S.Settings.limit(of: number.limit.path) == nil {
            missing.append("\(number.id): \(number.limit.key)")
        }
        for case .spring(let group) in S.inspector.items {
            for path in [group.first.path, group.damping] where S.Settings.limit(of: path) == nil {
                missing.append("\(group.id): \(path)")
            }
        }
        return missing
    }

    @Test func everySliderOfEveryRegisteredSceneIsInItsLimitsTable() {
        for scene in SceneRegistry.scenes {
            #expect(Self.unresolved(scene).isEmpty, "\(scene.name)")
        }
    }

    /// A scene that lists nothing gets its table: a group per response/damping pair, a
    /// slider for every other number, in the table's order, with `settingsKey.key` ids.
    static func rows<S: Scene>(_ spec: InspectorSpec<S>) -> [String] {
        spec.items.compactMap { item in
            switch item {
            case .heading(let title): return "heading \(title)"
            case .number(let n): return "number \(n.id)"
            case .spring(let g): return "spring \(g.id) \(g.title)"
            default: return nil
            }
        }
    }

    @Test func theStandardInspectorGroupsSpringPairs() {
        #expect(Self.rows(InspectorSpec<LiquidPile>.standard) == ["heading Liquid pile"]
            + ["reveal", "dismiss", "settle", "split", "home", "morph", "press"].map { "spring pile.\($0) \($0.capitalized)" }
            + ["number pile.merge"])
        // A damping without its response (leave is a ratio) stays a plain slider.
        let pushAlert = Self.rows(InspectorSpec<PushAlert>.standard)
        #expect(pushAlert.prefix(3) == ["heading Push Alert", "spring pushAlert.gap Gap", "spring pushAlert.alert Alert"])
        #expect(pushAlert.contains("number pushAlert.leaveDamping") && pushAlert.contains("spring pushAlert.throwSpring ThrowSpring"))
        #expect(Self.rows(InspectorSpec<NeckSandbox>.standard) == ["heading Neck sandbox", "number neck.merge", "number neck.smoothing"])
    }

    @Test func aShapeIsLaidOutByTheSandboxItself() {
        var s = NeckSandbox()
        s.pieces[2].center = Point2(500, 300)  // dragged away
        s.setShape(.card)
        #expect(s.pieces[0].kind == .card && s.pieces[1].kind == .card && s.pieces[2].kind == .circle)
        #expect(s.pieces[0].size == Size(120, 60) && s.pieces[1].size == Size(120, 60))
        // The pair at the joined gap (4 pt), the bubble back beside them, 26 pt apart.
        #expect(abs(s.gap - 4) < 1e-6)
        let bubbleGap = s.pieces[2].center.x - s.pieces[2].size.width / 2 - (s.pieces[1].center.x + 60)
        #expect(abs(bubbleGap - 26) < 1e-9 && s.pieces[2].center.y == s.pieces[1].center.y)
    }

    @Test func kBackOnMergeOverFourFollowsTheMergeAgain() {
        var settings = NeckSettings()
        settings.effectiveSmoothing = 3
        #expect(settings.smoothing == 3)
        settings.effectiveSmoothing = settings.merge / 4
        #expect(settings.smoothing == nil)
        settings.merge = 40
        #expect(settings.effectiveSmoothing == 10)
    }
}
