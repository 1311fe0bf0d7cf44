import CGL
import Foundation

/// Where a frame's GPU time goes, by pass (`springlab bench --passes`): with `passTiming`
/// on, each pass ends in `glFinish` and the time since the last mark is added to its name
/// (one word, as `bench` prints it: `liquid_edges`).
/// Waiting after every pass drains llvmpipe's pipeline, so the sum is a little more than a
/// frame drawn without it; the shares are what to read.
public struct PassTimes: Sendable {
    public private(set) var seconds: [String: Double] = [:]
    public private(set) var order: [String] = []
    /// Pixels (or texels) each pass shaded.
    public private(set) var pixels: [String: Int] = [:]
    var last = 0.0

    mutating func add(_ name: String, _ elapsed: Double) {
        if seconds[name] == nil { order.append(name) }
        seconds[name, default: 0] += elapsed
    }

    mutating func count(_ name: String, _ n: Int) { pixels[name, default: 0] += n }
}

extension GLRenderer {
    /// Starts a frame's timing (the GPU idle first).
    func passStart() {
        guard passTiming else { return }
        glFinish()
        stats.passes.last = ProcessInfo.processInfo.systemUptime
    }

    /// Adds `n` pixels shaded to the pass `name`.
    func passCount(_ name: String, _ n: Int) {
        if passTiming { stats.passes.count(name, n) }
    }

    /// Ends the pass `name`: waits for the GPU and adds the time since the last mark.
    func passEnd(_ name: String) {
        guard passTiming else { return }
        glFinish()
        let now = ProcessInfo.processInfo.systemUptime
        stats.passes.add(name, now - stats.passes.last)
        stats.passes.last = now
    }
}
