import Canvas

/// What a scene offers beyond its model, so it can be driven and looked into without a
/// hand: the bench driver `springlab bench` runs, the named scripts takes, `render
/// --script` and `filmstrip` play, and the frames and fields the `layout` trace event
/// gives tests and scripts to aim at. Opt-in, beside `Scene`: a scene without it has no
/// scripts, runs the bench on its clock alone and lists no controls of its own.
public protocol ScriptedScene: Scene {
    /// Named scripts for `record`, `render` and `filmstrip`.
    static var scripts: [SceneScript] { get }
    /// Keeps the scene moving for `springlab bench` (called every frame, t at 60 fps):
    /// necks forming, rows collapsing, the alert presenting — the scene's busiest state.
    mutating func benchFrame(at t: Double)
    /// One whole cycle of `benchFrame`, s: drawn untimed first (llvmpipe compiles shader
    /// variants the first time each state is drawn).
    static var benchCycle: Double { get }
    /// Frames of the page's controls at rest, by id, for the `layout` trace event and for
    /// scripts to aim at.
    func controlFrames() -> [(ControlID, Rect)]
    /// Extra fields of the `layout` trace event (the Push Alert's natural height).
    func layoutFields() -> [(String, TraceValue)]
    /// Where a script aims `id` now, when it is a moving part of the page (a card, a
    /// piece); nil for ids found among the resting frames or the window's controls.
    func target(_ id: ControlID, at t: Double) -> Point2?
}

extension ScriptedScene {
    public static var benchCycle: Double { drive.duration }
    public func layoutFields() -> [(String, TraceValue)] { [] }
    public func target(_ id: ControlID, at t: Double) -> Point2? { nil }

    /// The script called `name`, if the scene has one.
    public static func script(_ name: String) -> SceneScript? { scripts.first { $0.name == name } }

    /// For `benchFrame`: which period of `period` s starts at frame time `t` (frames at
    /// 60 Hz), or nil when none does — the frame within half a frame of a multiple of the
    /// period. (`t.truncatingRemainder(dividingBy: period) < 1 / 60` misses the start where
    /// `i / 60` rounds a hair below the multiple: the alert's 32/15 s loop was missed at
    /// every start after the first, and its bench drew the alert at rest.)
    public static func benchPeriod(at t: Double, every period: Double) -> Int? {
        let n = (t / period).rounded()
        return abs(t - n * period) < 0.5 / 60 ? Int(n) : nil
    }
}

extension Scene {
    /// This scene as a `ScriptedScene`, when it is one.
    public var scripted: (any ScriptedScene)? { self as? any ScriptedScene }
    /// This kind of scene as a `ScriptedScene`, when it is one.
    public static var scripted: (any ScriptedScene.Type)? { self as? any ScriptedScene.Type }
}
