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
        FlagSpec(name: "scene", kind: .choice(PushAlertApp.SceneKind.allCases.map(\.rawValue) + ["all"])),
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
            for scene in PushAlertApp.SceneKind.allCases {
                try run(rest + ["--scene", scene.rawValue], output: &output, errors: &errors)
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
        var app = PushAlertApp(settings: PushAlertSettings(), measurer: fonts, theme: .light, windowSize: size)
        let sceneName = a.words["scene"] ?? "push-alert"
        let neck = sceneName == "neck", liquid = sceneName == "liquid", presence = sceneName == "presence"
        if neck { app.scene = .neck }
        if liquid { app.scene = .liquid }
        if presence { app.scene = .presence }
        let home = app.neck.pieces[1].center
        let w = Int(size.width * scale), h = Int(size.height * scale)
        var times: [Double] = []
        var sceneTimes: [Double] = []
        times.reserveCapacity(frames)
        let loop = Double(PushAlert.loopFrames) / PushAlert.loopFPS
        // One whole cycle of the drive first, untimed in the distribution: llvmpipe compiles
        // a shader variant the first time each state is drawn (first frame, first band of a
        // layer redrawn, first texture size), a one-off cost reported on its own line.
        let warmup = Int((liquid ? 2.4 : neck ? 2 : presence ? 2.4 : loop) * 60)
        var warmupTimes: [Double] = []
        var rssAfterWarmup = 0.0
        for i in 0..<(warmup + frames) {
            try Interrupt.check()
            let start = MonotonicClock.now()
            // Present at the start of every loop so the springs are always moving.
            let t = Double(i) / 60
            if liquid {
                // Spread and gather every 1.2 s: necks form, stretch and snap all the time.
                let phase = Int(t / 1.2)
                if t.truncatingRemainder(dividingBy: 1.2) < 1.0 / 60 {
                    _ = phase % 2 == 0 ? app.pile.spread(at: t) : app.pile.gather(at: t)
                }
            } else if presence {
                // Hide, show, next value, show again every 0.6 s: rows collapse, grow, crossfade and roll.
                if t.truncatingRemainder(dividingBy: 0.6) < 1.0 / 60 {
                    let step = Int(t / 0.6) % 4
                    _ = step == 2 ? app.presence.nextTapped(at: t) : app.presence.toggleTapped(at: t)
                }
            } else if neck {
                // The second capsule slides 0…24 pt away and back: the neck stretches and snaps.
                app.neck.pieces[1].center = Point2(home.x + 12 - 12 * cos(t * 2 * .pi / 2), home.y)
            } else if (t.truncatingRemainder(dividingBy: loop)) < 1.0 / 60 {
                _ = app.alert.closeTapped(at: t)
                _ = app.update(toWall: t + 0.9)
                _ = app.alert.present(at: t)
            }
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
