import Canvas
import Files
import Foundation
import Platform
import Render
import Scenes

/// `springlab bench`: frame cost of a scene animating, headless (SPEC §8, §9).
///
/// Draws `--frames` frames of the scene's presentation drive at `--size` through the
/// chosen renderer — build the display list, flatten, draw, and wait for the GPU
/// (glFinish through read-back of one pixel row is avoided: a full read-back would
/// measure the bus, not the frame) — and prints the distribution in milliseconds.
enum BenchCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scene", kind: .choice(SceneRegistry.names + ["all"])),
        .number("frames", "a whole number of frames in [10, 100000]", { $0 >= 10 && $0 <= 100_000 && $0 == $0.rounded() }),
        FlagSpec(name: "size", kind: .text(accepts: "WxH in points, e.g. 1280x800")),
        .number("scale", "a scale in [0.5, 4]", { $0 >= 0.5 && $0 <= 4 }),
        FlagSpec(name: "renderer", kind: .choice(["gl", "software"])),
    ]

    static func run(_ arguments: [String], output: inout String, errors: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "bench", maxPositional: 0)
        Interrupt.install()
        if a.words["scene"] == "all" {
            // Each scene in turn, with the same flags.
            var rest = arguments
            if let i = rest.firstIndex(of: "--scene"), i + 1 < rest.count { rest.removeSubrange(i...(i + 1)) }
            rest.removeAll { $0 == "--scene=all" }
            for name in SceneRegistry.names {
                try run(rest + ["--scene", name], output: &output, errors: &errors)
            }
            return
        }
        let frames = Int(a.numbers["frames"] ?? 600)
        let size = try parseSize(a.words["size"] ?? "1280x800", flag: "size", command: "bench")
        let scale = a.numbers["scale"] ?? 1
        let backend: Backend = a.words["renderer"] == "software" ? .software : .gl
        let fonts = try RenderCommand.loadFonts()
        let window = try RenderCommand.openHeadless(backend: backend, errors: &errors)
        let renderer = try StageRenderer(fonts: fonts, window: window)
        var app = Workbench(measurer: fonts, theme: .light, windowSize: size)
        let sceneName = a.words["scene"] ?? SceneRegistry.names[0]
        _ = app.switchScene(named: sceneName, at: 0)
        let w = Int(size.width * scale), h = Int(size.height * scale)
        var times: [Double] = []
        var sceneTimes: [Double] = []
        times.reserveCapacity(frames)
        // One whole cycle of the scene's bench driver first, untimed in the distribution:
        // llvmpipe compiles a shader variant the first time each state is drawn (first
        // frame, first band of a layer redrawn, first texture size), a one-off cost
        // reported on its own line.
        let warmup = Int(app.sceneType.benchCycle * 60)
        var warmupTimes: [Double] = []
        var rssAfterWarmup = 0.0
        for i in 0..<(warmup + frames) {
            try Interrupt.check()
            let start = MonotonicClock.now()
            let t = Double(i) / 60
            app.scene.benchFrame(at: t)
            _ = app.update(toWall: t)
            let list = app.draw(atWall: t)
            if i >= warmup { sceneTimes.append((MonotonicClock.now() - start) * 1000) }
            try renderer.frame(list, width: w, height: h, scale: scale)
            if i < warmup {
                warmupTimes.append((MonotonicClock.now() - start) * 1000)
                if i == warmup - 1 { rssAfterWarmup = residentMegabytes() }
                continue
            }
            times.append((MonotonicClock.now() - start) * 1000)
        }
        let sorted = times.sorted()
        func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] }
        output += "scene=\(sceneName) renderer=\(renderer.backendName) size=\(w)x\(h) frames=\(frames)\n"
        output += String(format: "p50_ms=%.3f\np99_ms=%.3f\nmax_ms=%.3f\nmean_ms=%.3f\n", pct(0.5), pct(0.99),
                         sorted.last ?? 0, times.reduce(0, +) / Double(times.count))
        output += "budget_60hz_ms=16.667 within=\(pct(0.99) <= 16.667)\n"
        output += String(format: "warmup_frames=%d warmup_first_ms=%.3f warmup_max_ms=%.3f  (one cycle before timing)\n", warmup,
                         warmupTimes.first ?? 0, warmupTimes.max() ?? 0)
        // Memory over the timed frames: a leak per frame shows as growth here.
        output += String(format: "rss_mb_after_warmup=%.1f rss_mb_end=%.1f\n", rssAfterWarmup, residentMegabytes())
        let scene = sceneTimes.sorted()
        output += String(format: "scene_p50_ms=%.3f  (building the display list; the rest is flattening and drawing)\n",
                         scene[scene.count / 2])
    }
}

/// Resident memory of this process, MB (Linux /proc/self/statm; 0 elsewhere).
func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}
