import Canvas
import Foundation
import Motion

/// What drives NeckSandbox without a hand: its bench driver, the scripts takes and
/// `render --script` play, and the frames and fields tests and scripts find it by.
extension NeckSandbox: ScriptedScene {
    public static let scripts: [SceneScript] = [
        SceneScript("stretch", duration: 2.2, [(0.3, .drag("neck.piece.2", dx: 28, dy: 0, seconds: 0.8, steps: 40, hold: 0.2))]),
    ]

    /// Each piece's frame, `neck.piece.N`, N from 1 as the stage numbers the shapes (docs/behaviour.md
    /// §15.7: the screen and the trace count the same way): scripts aim at the centre.
    public func controlFrames() -> [(ControlID, Rect)] {
        pieces.enumerated().map { i, piece in
            ("neck.piece.\(i + 1)", Rect(x: piece.center.x - piece.size.width / 2, y: piece.center.y - piece.size.height / 2,
                                    width: piece.size.width, height: piece.size.height))
        }
    }

    /// The second capsule slides 0…24 pt away and back every 2 s: the neck stretches and snaps.
    public mutating func benchFrame(at t: Double) {
        let home = NeckSandbox().pieces[1].center
        if pieces.count > 1 { pieces[1].center = Point2(home.x + 12 - 12 * cos(t * 2 * .pi / 2), home.y) }
    }
}
