import Inspector

/// Scene time from wall time: pausable, steppable, scalable (slow motion).
///
/// Pure — wall time is always an argument — so tests control time and nothing below the
/// app loop reads a clock. Changing the scale re-anchors: scene time is continuous across
/// the change, it never jumps.
public struct SceneClock: Sendable, Codable {
    private var anchorWall: Double
    private var anchorScene: Double
    public private(set) var rate: Double
    public private(set) var isPaused = false

    public init(wall: Double, scene: Double = 0, rate: Double = 1) {
        anchorWall = wall
        anchorScene = scene
        self.rate = rate
    }

    /// Scene time at wall time `wall`.
    public func scene(atWall wall: Double) -> Double {
        isPaused ? anchorScene : anchorScene + (wall - anchorWall) * rate
    }

    public mutating func setRate(_ newRate: Double, atWall wall: Double) {
        guard newRate.isFinite, newRate > 0 else { return }
        anchorScene = scene(atWall: wall)
        anchorWall = wall
        rate = newRate
    }

    public mutating func setPaused(_ paused: Bool, atWall wall: Double) {
        guard paused != isPaused else { return }
        anchorScene = scene(atWall: wall)
        anchorWall = wall
        isPaused = paused
    }

    /// Moves scene time by `delta` (a frame step while paused).
    public mutating func step(by delta: Double, atWall wall: Double) {
        anchorScene = scene(atWall: wall) + delta
        anchorWall = wall
    }
}
