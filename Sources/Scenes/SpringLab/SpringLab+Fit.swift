import Canvas
import Motion

/// A recorded motion fitted to a spring (docs/behaviour.md §16), as the Spring Lab shows it: the
/// recording's samples as dots over the curves, and a line that says what was fitted and
/// how well. The curves then plot the recording's own start — its initial velocity, as a
/// share of its travel per second — so the dots sit on spring B's curve when it fits.
public struct LabFit: Sendable, Equatable, Codable {
    /// Each sample as (seconds after the fitted start, fraction of the fitted travel).
    public var points: [Point2]
    /// The fitted start velocity in travels per second (SwiftUI's initialVelocity).
    public var normalizedVelocity: Double
    /// The file's name, for the line.
    public var name: String
    public var response: Double
    public var dampingRatio: Double
    public var rmsErrorPercent: Double
    public var isSpring: Bool

    public init(points: [Point2], normalizedVelocity: Double, name: String, response: Double, dampingRatio: Double,
                rmsErrorPercent: Double, isSpring: Bool) {
        self.points = points
        self.normalizedVelocity = normalizedVelocity
        self.name = name
        self.response = response
        self.dampingRatio = dampingRatio
        self.rmsErrorPercent = rmsErrorPercent
        self.isSpring = isSpring
    }

    /// The line under the readouts.
    public var caption: String {
        let verdict = isSpring ? "a spring" : "not a spring; B is the closest"
        return NumberText.format("Fitted %@: response %.3f s, damping %.3f · RMS error %.2f %% of the travel (%@)",
                                 name, response, dampingRatio, rmsErrorPercent, verdict)
    }
}

extension SpringLab {
    /// Shows `fit` on the curves until the next throw, send or drag.
    public mutating func showFit(_ fit: LabFit) {
        fitted = fit
    }

    /// The fit's dots on the position plot, the time axis `span` wide.
    func drawFitPoints(span: Double, px: (Double) -> Double, py: (Double) -> Double, theme: Theme, into list: inout DisplayList) {
        guard let fitted else { return }
        let paint = Paint(fill: theme.label.opacity(0.85), stroke: theme.control, strokeWidth: 1)
        for p in fitted.points where p.x >= -0.02 * span && p.x <= span {
            list.fill(.circle(center: Point2(px(max(p.x, 0)), py(p.y)), radius: 2.5), paint)
        }
    }
}
