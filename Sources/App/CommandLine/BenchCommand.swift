import Capture
import Canvas
import Files
import Foundation
import Inspector
import Platform
import Render
import Scenes
import Workbench

/// `springlab bench`: frame cost of a scene animating, headless (docs/behaviour.md §8, §9).
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
        FlagSpec(name: "damage", kind: .choice(["on", "off"])),
        FlagSpec(name: "passes", kind: .choice(["on", "off"])),
        FlagSpec(name: "ab", kind: .choice(abSwitches.map(\.rawValue))),
        .number("repeat", "a whole number of runs in [1, 50]", { $0 >= 1 && $0 <= 50 && $0 == $0.rounded() }),
        .number("idle", "seconds in [1, 600] to measure the window at rest", { $0 >= 1 && $0 <= 600 }),
        FlagSpec(name: "fit", kind: .text(accepts: "a video to time springlab fit on")),
        .number("flight", "hours in [0.01, 48] of the flight recorder to simulate", { $0 >= 0.01 && $0 <= 48 }),
        .number("flight-bound", "the flight recorder's bound in MB, in [1, 1024]", { $0 >= 1 && $0 <= 1024 }),
    ]

    /// The renderer's shortcuts `--ab` can alternate (each on by default); damage repaint
    /// has `--damage` of its own.
    static var abSwitches: [GLRenderer.Shortcut] {
        GLRenderer.Shortcut.allCases.filter { $0 != .damageTracking }
    }

    static func run(_ arguments: [String], environment: LaunchEnvironment, output: inout String, errors: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "bench", maxPositional: 0)
        Interrupt.install()
        if a.words["scene"] == "all" {
            // Each scene in turn, with the same flags.
            var rest = arguments
            if let i = rest.firstIndex(of: "--scene"), i + 1 < rest.count { rest.removeSubrange(i...(i + 1)) }
            rest.removeAll { $0 == "--scene=all" }
            for name in SceneRegistry.names {
                try run(rest + ["--scene", name], environment: environment, output: &output, errors: &errors)
            }
            return
        }
        let frames = Int(a.numbers["frames"] ?? 600)
        let size = try parseSize(a.words["size"] ?? "1280x800", flag: "size", command: "bench")
        let scale = a.numbers["scale"] ?? 1
        let backend: Backend = a.words["renderer"] == "software" ? .software : .gl
        let sceneName = a.words["scene"] ?? SceneRegistry.names[0]
        if let video = a.words["fit"] {
            output += try fitBench(video, environment: environment)
            return
        }
        if let hours = a.numbers["flight"] {
            let bound = a.numbers["flight-bound"].map { Int($0 * 1_048_576) } ?? SessionLog.defaultBound
            output += try flight(hours: hours, bound: bound)
            return
        }
        if let seconds = a.numbers["idle"] {
            output += try idle(seconds: seconds, scene: sceneName, size: size, scale: scale, backend: backend, environment: environment)
            return
        }
        let runs = Int(a.numbers["repeat"] ?? 1)
        var all: [Figures] = []
        for run in 1...runs {
            if runs > 1 { output += "run=\(run) of=\(runs)\n" }
            all.append(try measure(a, sceneName: sceneName, frames: frames, size: size, scale: scale, backend: backend,
                                   environment: environment, output: &output, errors: &errors))
        }
        if runs > 1 { output += Figures.spread(all) }
    }

    /// One run's headline figures, for `--repeat`'s spread.
    struct Figures {
        var p50: Double, p99: Double, mean: Double, cpuPerFrame: Double, steal: Double?, overFloor: Double?

        /// `spread name=min/median/max` for each figure over the runs.
        static func spread(_ runs: [Figures]) -> String {
            func line(_ name: String, _ values: [Double]) -> String {
                let v = values.sorted()
                guard !v.isEmpty else { return "" }
                let median = v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
                return String(format: "spread %@=%.3f/%.3f/%.3f  (min/median/max of %d runs)\n", name, v[0], median, v[v.count - 1], v.count)
            }
            return line("p50_ms", runs.map(\.p50)) + line("p99_ms", runs.map(\.p99)) + line("mean_ms", runs.map(\.mean))
                + line("cpu_ms_per_frame", runs.map(\.cpuPerFrame)) + line("p99_over_floor", runs.compactMap(\.overFloor))
                + line("steal_pct", runs.compactMap(\.steal))
        }
    }

    /// The process's CPU time so far in seconds, every thread's (llvmpipe draws on its own
    /// threads inside this process), user and system: getrusage(2) RUSAGE_SELF.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// One run: a fresh hidden window and renderer, one untimed cycle, the timed frames.
    static func measure(_ a: ParsedArguments, sceneName: String, frames: Int, size: Size, scale: Double, backend: Backend,
                        environment: LaunchEnvironment, output: inout String, errors: inout String) throws -> Figures {
        let fonts = try RenderCommand.loadFonts(environment)
        // A hidden window of the frame's size: each frame is presented as the app presents
        // it (drawn into the window's frame, copied to the window), not just drawn offscreen.
        let window = try RenderCommand.openHeadless(backend: backend, environment: environment, errors: &errors, size: size, scale: scale)
        let renderer = try StageRenderer(fonts: fonts, window: window, options: environment.rendererOptions)
        let gl = renderer.gl
        if a.words["damage"] == "off" { gl?.options[.damageTracking] = false }
        // `--ab`: the switch on for even frames, off for odd ones — both halves of one run,
        // on one machine at one moment (runs apart differ by more than most steps).
        let ab = a.words["ab"].flatMap { name in abSwitches.first { $0.rawValue == name } }
        if ab != nil, gl == nil { throw UsageError("springlab bench: --ab needs the gl renderer") }
        var app = Workbench(measurer: fonts, theme: .light, windowSize: size)
        _ = app.switchScene(named: sceneName, at: 0)
        let (w, h) = window.drawableSize
        var times: [Double] = []
        var sceneTimes: [Double] = []
        times.reserveCapacity(frames)
        // With --ab and --passes: each pass's ms in the on (even) and off (odd) frames.
        var halves: [String: [Double]] = [:], pixelHalves: [String: [Int]] = [:]
        // With --ab: the process's CPU ms in the on and off frames.
        var cpuHalves = [0.0, 0.0]
        // One whole cycle of the scene's bench driver first, untimed in the distribution:
        // llvmpipe compiles a shader variant the first time each state is drawn (first
        // frame, first band of a layer redrawn, first texture size), a one-off cost
        // reported on its own line.
        let warmup = Int(app.benchCycle * 60)
        var warmupTimes: [Double] = []
        var rssAfterWarmup = 0.0
        // The machine's CPU time when the timed frames start (`MachineTicks`).
        var ticksBefore: MachineTicks?
        var cpuBefore = 0.0
        for i in 0..<(warmup + frames) {
            try Interrupt.check()
            let start = MonotonicClock.now()
            let t = Double(i) / 60
            let list = app.benchFrame(atWall: t)
            if i >= warmup { sceneTimes.append((MonotonicClock.now() - start) * 1000) }
            if let ab, let gl { gl.options[ab] = i % 2 == 0 }
            let passesBefore = gl?.stats.passes.seconds ?? [:], pixelsBefore = gl?.stats.passes.pixels ?? [:]
            let frameCPUBefore = ab == nil ? 0 : processCPUSeconds()
            renderer.present(list, window: window)
            renderer.renderer.finish()
            if i == warmup - 1 {
                // The counters from here on are the timed frames'.
                gl?.resetStats()
                if a.words["passes"] == "on" { gl?.passTiming = true }
            }
            if i < warmup {
                warmupTimes.append((MonotonicClock.now() - start) * 1000)
                if i == warmup - 1 {
                    rssAfterWarmup = residentMegabytes()
                    ticksBefore = MachineTicks.now()
                    cpuBefore = processCPUSeconds()
                }
                continue
            }
            times.append((MonotonicClock.now() - start) * 1000)
            if ab != nil { cpuHalves[i % 2] += (processCPUSeconds() - frameCPUBefore) * 1000 }
            if ab != nil, let gl, gl.passTiming {
                for (name, seconds) in gl.stats.passes.seconds {
                    halves[name, default: [0, 0]][i % 2] += 1000 * (seconds - (passesBefore[name] ?? 0))
                }
                for (name, n) in gl.stats.passes.pixels { pixelHalves[name, default: [0, 0]][i % 2] += n - (pixelsBefore[name] ?? 0) }
            }
        }
        // The floor after the frames: its 4 MB test image would otherwise sit in the heap the
        // frames' memory is measured in (the app never draws it).
        let cpuPerFrame = (processCPUSeconds() - cpuBefore) * 1000 / Double(frames)
        let rssEnd = residentMegabytes()
        let stolen = ticksBefore.flatMap { before in MachineTicks.now()?.stealPercent(since: before) }
        let floor = gl?.blitFloor(width: w, height: h, es: window.isES)
        let sorted = times.sorted()
        func pct(_ p: Double) -> Double { quantile(sorted, p) }
        output += "scene=\(sceneName) renderer=\(renderer.backendName) size=\(w)x\(h) frames=\(frames)\n"
        output += String(format: "p50_ms=%.3f\np99_ms=%.3f\nmax_ms=%.3f\nmean_ms=%.3f\n", pct(0.5), pct(0.99),
                         sorted.last ?? 0, times.reduce(0, +) / Double(times.count))
        // docs/behaviour.md §9: a 120 Hz frame at scale 1, a 60 Hz one at scale 2.
        let budget = scale <= 1 ? 8.333 : 16.667
        output += String(format: "budget_ms=%.3f within=%@\n", budget, pct(0.99) <= budget ? "true" : "false")
        if let floor {
            output += String(format: "floor_ms=%.3f p99_over_floor=%.2f  (one full-window textured blit, this run)\n", floor,
                             pct(0.99) / floor)
        }
        // CPU per frame, like for like with a browser's: every thread of the process over the
        // timed frames (the GPU's work is CPU work on llvmpipe), divided by the frames.
        output += String(format: "cpu_ms_per_frame=%.3f  (the process's CPU time, all threads, over the timed frames)\n", cpuPerFrame)
        var load = [0.0, 0.0, 0.0]
        if getloadavg(&load, 3) == 3 { output += String(format: "loadavg=%.2f,%.2f,%.2f\n", load[0], load[1], load[2]) }
        if let stolen {
            output += String(format: "steal_pct=%.1f  (of the machine's CPU time over the timed frames, given by the hypervisor to other guests: a busy host slows every figure)\n",
                             stolen)
        }
        if let gl {
            output += String(format: "damage=%@ repainted_pct=%.1f  (of the window's pixels, a frame on average)\n",
                             gl.options[.damageTracking] ? "on" : "off", 100 * Double(gl.stats.repaintedPixels) / Double(frames * w * h))
        }
        output += String(format: "warmup_frames=%d warmup_first_ms=%.3f warmup_max_ms=%.3f  (one cycle before timing)\n", warmup,
                         warmupTimes.first ?? 0, warmupTimes.max() ?? 0)
        // Memory over the timed frames: a leak per frame shows as growth here.
        output += String(format: "rss_mb_after_warmup=%.1f rss_mb_end=%.1f\n", rssAfterWarmup, rssEnd)
        if let gl, gl.passTiming {
            // Each pass's GPU time a frame (every pass waited for: the frames above are slower).
            let t = gl.stats.passes
            let mean = times.reduce(0, +) / Double(times.count)
            var passes = 0.0
            for name in t.order {
                let ms = 1000 * (t.seconds[name] ?? 0) / Double(frames)
                passes += ms
                output += String(format: "pass %@ ms=%.3f", name, ms)
                if let n = t.pixels[name] {
                    let px = Double(n) / Double(frames)
                    output += String(format: " pixels=%.0f ns_per_pixel=%.1f", px, px > 0 ? ms * 1e6 / px : 0)
                }
                output += "\n"
            }
            output += String(format: "pass rest ms=%.3f  (the scene, flattening, presenting)\n", mean - passes)
        }
        if let ab {
            // (Frame i = warmup + index; the switch was on where i is even.)
            func half(_ parity: Int) -> [Double] {
                times.indices.filter { ($0 + warmup) % 2 == parity }.map { times[$0] }.sorted()
            }
            let on = half(0), off = half(1)
            func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(max(v.count, 1)) }
            output += String(format: "ab=%@ on_p50_ms=%.3f on_p90_ms=%.3f on_mean_ms=%.3f off_p50_ms=%.3f off_p90_ms=%.3f off_mean_ms=%.3f  (frames alternated)\n",
                             ab.rawValue, quantile(on, 0.5), quantile(on, 0.9), mean(on), quantile(off, 0.5), quantile(off, 0.9), mean(off))
            output += String(format: "ab=%@ on_cpu_ms_per_frame=%.3f off_cpu_ms_per_frame=%.3f  (the process's CPU time, all threads, in each half's frames)\n",
                             ab.rawValue, cpuHalves[0] / Double(max(on.count, 1)), cpuHalves[1] / Double(max(off.count, 1)))
            for name in gl?.stats.passes.order ?? [] {
                let v = halves[name] ?? [0, 0]
                output += String(format: "ab pass %@ on_ms=%.3f off_ms=%.3f", name,
                                 v[0] / Double(max(on.count, 1)), v[1] / Double(max(off.count, 1)))
                if let p = pixelHalves[name] {
                    output += String(format: " on_pixels=%.0f off_pixels=%.0f", Double(p[0]) / Double(max(on.count, 1)),
                                     Double(p[1]) / Double(max(off.count, 1)))
                }
                output += "\n"
            }
        }
        let scene = sceneTimes.sorted()
        output += String(format: "scene_p50_ms=%.3f  (building the display list; the rest is flattening and drawing)\n",
                         scene[scene.count / 2])
        return Figures(p50: pct(0.5), p99: pct(0.99), mean: times.reduce(0, +) / Double(times.count), cpuPerFrame: cpuPerFrame,
                       steal: stolen, overFloor: floor.map { pct(0.99) / $0 })
    }
}

extension BenchCommand {
    /// `--idle SECONDS`: the real window (X when there is a display, else SDL's offscreen
    /// driver) opened fresh on the scene, left alone until it first comes to rest, then
    /// watched: frames drawn and CPU used (docs/behaviour.md §9: none, and under 1 % of a core).
    static func idle(seconds: Double, scene: String, size: Size, scale: Double, backend: Backend,
                     environment: LaunchEnvironment) throws -> String {
        var options = AppOptions()
        options.scene = scene
        options.fresh = true
        options.size = size
        options.scale = scale
        options.backend = backend
        options.idleProbe = seconds
        // Ends the run if the scene never comes to rest.
        options.quitAfter = seconds + 30
        let runner = try AppRunner(options: options, environment: environment)
        try runner.run()
        let driver = Window.videoDriver
        guard let r = runner.idleProbe?.result else {
            throw RuntimeError("springlab bench: the \(scene) scene did not come to rest within 30 s")
        }
        return "scene=\(scene) idle_s=\(String(format: "%.1f", r.seconds)) driver=\(driver)\n"
            + String(format: "frames_drawn=%d cpu_s=%.3f cpu_pct=%.2f  (of one core; goal 0 frames, < 1 %%)\n", r.frames,
                     r.cpuSeconds, 100 * r.cpuSeconds / r.seconds)
    }
}

/// The value at fraction `p` of the way through `sorted` (nearest rank below), 0 if empty.
func quantile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

/// Resident memory of this process, MB (Linux /proc/self/statm; 0 elsewhere).
func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

extension BenchCommand {
    /// `--fit VIDEO` (docs/behaviour.md §16's speed): ffmpeg decoding the video alone, then the whole
    /// fit (decode, find, track, fit), each timed once in the same run; the ratio is the
    /// one docs/behaviour.md §9 bounds (under 4).
    static func fitBench(_ video: String, environment: LaunchEnvironment) throws -> String {
        guard let ffmpeg = environment.searchPath.locate("ffmpeg") else { throw RuntimeError("springlab bench: \(ClipDecoder.installHint)") }
        let decode = Process()
        decode.executableURL = URL(fileURLWithPath: ffmpeg)
        decode.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-i", video, "-map", "0:v:0", "-f", "null", "-"]
        decode.standardInput = FileHandle.nullDevice
        decode.standardOutput = FileHandle.nullDevice
        decode.standardError = FileHandle.nullDevice
        let t0 = MonotonicClock.now()
        do { try decode.run() } catch { throw RuntimeError("springlab bench: cannot start ffmpeg: \(error.localizedDescription)") }
        decode.waitUntilExit()
        let decodeSeconds = MonotonicClock.now() - t0
        guard decode.terminationStatus == 0 else { throw RuntimeError("springlab bench: ffmpeg cannot decode \(quotedPath(video))") }
        let t1 = MonotonicClock.now()
        let report: RecordingFit.Report
        do {
            report = try RecordingFit.fit(video, options: RecordingFit.Options(), searchPath: environment.searchPath,
                                          readText: SpringLabCommand.readTextInput)
        } catch { throw RuntimeError("springlab bench: \(error.message)") }
        let fitSeconds = MonotonicClock.now() - t1
        return String(format: "decode_ms=%.0f\nfit_ms=%.0f\nratio=%.2f\nresponse=%.4g\ndamping=%.4g\nsamples=%d\n",
                      decodeSeconds * 1000, fitSeconds * 1000, fitSeconds / decodeSeconds,
                      report.result.motion.spring.response, report.result.motion.spring.dampingRatio, report.result.samples.count)
    }
}
