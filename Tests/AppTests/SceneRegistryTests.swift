import Canvas
import Capture
import Foundation
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Render
import Scenes
import Testing

/// A scene written here, in the test target, with nothing outside it changed: a bob on a
/// track that a tap sends to the other end on a spring (docs/behaviour.md §10: a new scene is its own
/// files plus one line in a registry — here the catalog the test hands the workbench).
struct ShuttleScene: ScriptedScene {
    struct Settings: SceneSettings {
        var spring = SpringSetting(0.4, 0.9)
        var travel = 200.0

        init() {}

        static let limits: [SettingLimit<Settings>] =
            SettingLimit.spring("spring", response: \.spring.response, damping: \.spring.damping)
            + [SettingLimit("travel", \.travel, 40...300, unit: " pt")]
    }

    static let name = "shuttle"
    static let settingsKey = "shuttle"
    static let title = "Shuttle"
    static let pageWidth = 360.0
    static let defaultRenderSize = Size(380, 120)
    static let drive = SceneDrive(label: "Send", duration: 1.2, spans: [0.0...0.5])
    static let scripts = [SceneScript("send", duration: 1.2, [(0.2, .click("bob"))])]

    var settings = Settings()
    var reduceMotion = false
    var x = AnimatedValue(0.0)
    var atEnd = false

    static func make(_ settings: Settings, measurer: any TextMeasuring) -> ShuttleScene {
        var s = ShuttleScene()
        s.settings = settings
        return s
    }

    var bob: Rect { Rect(x: 40 + x.target, y: 40, width: 40, height: 40) }

    mutating func send(at t: Double) -> [SceneEvent] {
        atEnd.toggle()
        x.animate(to: atEnd ? settings.travel : 0, curve: reduceMotion ? .instant : settings.spring.curve, at: t)
        return [SceneEvent("sent", time: t, [("to", .number(x.target))])]
    }

    mutating func handle(_ input: InputEvent) -> [SceneEvent] {
        guard case .pointerUp(let p, let t) = input else { return [] }
        let at = Rect(x: 40 + x.value(at: t), y: 40, width: 40, height: 40)
        return at.insetBy(dx: -4, dy: -4).contains(p) ? send(at: t) : []
    }

    mutating func update(to t: Double) -> [SceneEvent] { [] }
    func isAnimating(at t: Double) -> Bool { !x.isSettled(at: t) }

    func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList { draw(x: x.value(at: t), theme: theme) }

    func draw(x: Double, theme: Theme) -> DisplayList {
        var list = DisplayList(background: theme.page)
        list.fill(.capsule(Rect(x: 40, y: 58, width: settings.travel + 40, height: 4)), Paint(fill: Color(hex: 0xC7C7CC)))
        list.fill(.circle(center: Point2(60 + x, 60), radius: 20), Paint(fill: Color(hex: 0x0A84FF)))
        return list
    }

    mutating func playDrive(at t: Double) -> DrivePlay { .live(send(at: t)) }

    func drawDrive(progress p: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        var s = self
        s.x = AnimatedValue(0)
        s.atEnd = false
        _ = s.send(at: 0)
        return s.draw(at: p * Self.drive.duration, theme: theme, pageHeight: pageHeight)
    }

    func hud(at t: Double, pointerVelocity: Point2) -> SceneHUD { SceneHUD(lines: [String(format: "x %.1f", x.value(at: t))]) }
    func controlFrames() -> [(ControlID, Rect)] { [("bob", bob)] }
    mutating func benchFrame(at t: Double) {}
}

@Suite(.serialized) struct SceneRegistryTests {
    let catalog: [any Scene.Type] = SceneRegistry.scenes + [ShuttleScene.self]

    func bench(height: Double = 120) -> Workbench {
        var b = Workbench(catalog: catalog, measurer: FixedAdvanceMeasurer(), theme: .light,
                          windowSize: Size(380 + Workbench.inspectorWidth, height + Workbench.barHeight))
        _ = b.switchScene(named: "shuttle", at: 0)
        return b
    }

    @Test func aSceneWrittenInTheTestAppearsInTheInspectorWithItsTunables() throws {
        let b = bench(height: 600)
        let ids = Set(b.controlFrames().map(\.0))
        // The standard inspector: a spring group per response/damping pair of its limits
        // table and a slider per other number, by key.
        #expect(ids.isSuperset(of: ["shuttle.spring.response", "shuttle.spring.damping", "shuttle.travel", "bob", "showAlert"]))
        // Dragging its travel slider to the right end sets the table's top of the range.
        var moved = b
        let f = try #require(b.controlFrames().first { $0.0 == "shuttle.travel" }?.1)
        let track = Point2(f.maxX - UIPass.valueWidth - 10, f.midY)
        let events = moved.handle(.pointerDown(track, time: 1, shift: false)).events + moved.handle(.pointerUp(track, time: 1.05)).events
        #expect(moved.scene(ShuttleScene.self)?.settings.travel ?? 0 > 280)
        #expect(events.contains { $0.name == "setting" && $0["name"] == .string("shuttle.travel") })
    }

    @Test func itsScriptedTakeRecordsAndReplaysToTheSameHashes() throws {
        let b = bench()
        let script = try #require(ShuttleScene.script("send"))
        let lines = CaptureScripts.lines(for: script, app: b)
        // The script aimed its click at the bob's frame, from the scene's own control frames.
        #expect(lines.contains { if case .input(.pointerUp) = $0 { return true } else { return false } })
        var session = CaptureSession(app: b, lines: lines)
        var recorded: [ReplayFile.Line] = []
        var positions: [Double] = []
        for i in 0..<Int(script.duration * 60) {
            let t = Double(i) / 60
            let (_, hash, applied) = session.frame(atWall: t)
            recorded += applied + [.frame(wall: t, hash: hash)]
            positions.append(session.app.scene(ShuttleScene.self)?.x.value(at: t) ?? -1)
        }
        // The bob left at the click (0.25 s, its release) and was on its way to 200 pt.
        #expect(positions[10] == 0 && positions.last ?? 0 > 150)
        let check = CaptureSession.verify(ReplayFile(settings: "{}", lines: recorded), app: b)
        #expect(check.total == 72 && check.matched == 72)
    }

    @Test func itRendersHeadlessAndItsDrivePosesDiffer() throws {
        let fonts = try FontLibrary(directory: FontLibrary.defaultDirectory())
        let renderer = try makeRenderer(.software, fonts: fonts)
        var b = Workbench(catalog: catalog, measurer: fonts, theme: .light,
                          windowSize: Size(380 + Workbench.inspectorWidth, 120 + Workbench.barHeight))
        _ = b.switchScene(named: "shuttle", at: 0)
        func stage(_ p: Double) throws -> [UInt8] {
            b.mode = .posed(p)
            return try renderer.pixels(b.stageList(atWall: 0), offset: .zero, width: 380, height: 120, scale: 1)
        }
        let start = try stage(0), end = try stage(1)
        // The bob (#0A84FF) is drawn: at the left end first, the right end last.
        func blue(_ px: [UInt8], x: Int) -> Bool {
            let i = (60 * 380 + x) * 4
            return px[i] < 40 && px[i + 1] > 100 && px[i + 2] > 220
        }
        let pageX = Int(((380 - ShuttleScene.pageWidth) / 2).rounded())
        #expect(blue(start, x: pageX + 60) && !blue(start, x: pageX + 260))
        #expect(blue(end, x: pageX + 260) && !blue(end, x: pageX + 60))
    }
}
