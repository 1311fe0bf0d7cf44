import Canvas
import Foundation
import Inspector
import Motion
import Scenes

extension Workbench {
    /// Lays out, handles and draws the inspector and the transport in one pass.
    /// (A pass that only lays out or draws leaves what it would ask for.)
    @discardableResult
    package mutating func runChrome(_ pass: inout UIPass, wall: Double) -> [SceneEvent] {
        var ignored: [WorkbenchEffect] = []
        return runChrome(&pass, wall: wall, effects: &ignored)
    }

    /// The same, adding what the chrome asked of the runner (a preset saved or loaded, a
    /// capture) to `effects`; the widgets' own requests stay in `pass.effects`.
    package mutating func runChrome(_ pass: inout UIPass, wall: Double, effects: inout [WorkbenchEffect]) -> [SceneEvent] {
        let t = sceneTime(atWall: wall)
        let drawing = pass.list != nil
        let library = presetLibrary
        // Each entry's small step response, drawn only (an input's pass lays out), and
        // worked out again only when the list or the settings change.
        let curves = drawing ? presetCurves.curves(scene: current, settings: scene.settings, entries: library) {
            library.map { presetSprings($0.preset) }
        } : []
        let listed = library.enumerated().map { i, entry in
            FooterPreset(name: entry.name, builtIn: entry.builtIn, springs: drawing ? curves[i] : [])
        }
        var about = InspectorFooter(showAbout: showAbout, presets: listed, list: presetList, presetName: presetName ?? sceneType.title)
        if sceneType == SpringLab.self { about.fitPath = fitPath }
        // A preset entry under the pointer: its curves, dashed over the plots (docs/behaviour.md §18).
        let preview = drawing ? hoveredPreset(in: library) : nil
        var result = runInspector(&pass, at: t, footer: &about, preview: preview)
        if let path = about.fitPath { fitPath = path }
        if about.fitRequested { effects.append(.fitRecording(fitPath.trimmingCharacters(in: .whitespaces))) }
        showAbout = about.showAbout
        if about.presetName != (presetName ?? sceneType.title) { presetName = about.presetName }
        presetList = about.list
        if about.savePreset { result.events += askToSave(about.presetName, at: t, effects: &effects) }
        if let action = about.action { result.events += perform(action, in: library, at: t, effects: &effects) }
        inspectorHeightUpdate(result.height)
        runScrollbar(&pass)
        var out = result.changes.map { $0.event(at: t) } + withRestingLayout(result.events, at: t)
        pass.pointerRegion = .infinite
        // Drawing: the inspector's commands become one cached layer, the transport's another.
        if let drawn = pass.list {
            pass.list?.commands = [.layer(id: "inspector", frame: inspectorFrame, content: drawn.commands)]
        }
        let before = pass.list?.commands.count ?? 0
        out += runTransport(&pass, wall: wall)
        if let drawn = pass.list {
            let transport = Array(drawn.commands[before...])
            pass.list?.commands = Array(drawn.commands[..<before]) + [.layer(id: "transport", frame: bar, content: transport)]
        }
        out += runCapturePanel(&pass, at: t, effects: &effects)
        return out
    }

    /// The transport's frames at the bar's width (regular, or compacted so the scrub bar
    /// keeps 200 pt: docs/behaviour.md §15.6).
    package var transportLayout: TransportLayout { TransportLayout(bar: bar, readoutWidth: Self.readoutWidth) }

    /// The scrub bar's frame in the transport (the rest of the bar after the buttons).
    package var scrubFrame: Rect { transportLayout.scrub }

    package static let readoutWidth = 118.0

    private mutating func inspectorHeightUpdate(_ h: Double) {
        if abs(h - inspectorHeightValue) > 0.5 { inspectorHeightValue = h }
    }

    private mutating func runTransport(_ ui: inout UIPass, wall: Double) -> [SceneEvent] {
        let t = sceneTime(atWall: wall)
        var out: [SceneEvent] = []
        ui.fill(.rect(bar), Paint(fill: theme.chrome))
        ui.fill(.rect(Rect(x: 0, y: bar.minY, width: bar.width, height: 1)), Paint(fill: theme.chromeLine))
        let layout = transportLayout
        // The scene's own drive (docs/behaviour.md §10). The id stays "showAlert": tests and scripts find
        // the first button by it.
        if ui.button("showAlert", sceneType.drive.label, frame: layout.showAlert, prominent: !scene.isAnimating(at: t) && mode == .live) {
            out += playDrive(at: t)
        }
        if ui.button("stepBack", "←", frame: layout.stepBack) { out += step(frames: -1, wall: wall) }
        if ui.button("play", showsPlay ? "Play" : "Pause", frame: layout.play) { out += togglePlay(wall: wall) }
        if ui.button("stepForward", "→", frame: layout.stepForward) { out += step(frames: 1, wall: wall) }
        out += rateButtons(&ui, frames: layout.rates, wall: wall)
        let looping: Bool = { if case .looping = mode { return true } else { return false } }()
        if ui.button("loop", "Loop", frame: layout.loop, selected: looping) {
            mode = looping ? .live : .looping(start: t)
            out.append(SceneEvent(.loop, time: t, [("on", .bool(!looping))]))
        }
        if ui.button("hud", "HUD", frame: layout.hud, selected: showHUD) { showHUD.toggle() }
        if ui.button("capture", captureBadge?.recording == true ? "● Rec…" : "Capture…", frame: captureButtonFrame,
                     selected: showCapturePanel) {
            showCapturePanel.toggle()
            out.append(SceneEvent(.capturePanel, time: t, [("shown", .bool(showCapturePanel))] + captureOptionFields))
        }
        out += scrubBar(&ui, frame: layout.scrub, at: t)
        return out
    }

    /// The time scales: a button each (`rate.0.5` …), or in a compact bar one button (`rate`)
    /// that steps to the next scale, 1× after 0.1×.
    private mutating func rateButtons(_ ui: inout UIPass, frames: [Rect], wall: Double) -> [SceneEvent] {
        func label(_ rate: Double) -> String { rate == 1 ? "1×" : String(format: "%g×", rate) }
        guard frames.count == Self.rates.count else {
            guard let frame = frames.first, ui.button("rate", label(clock.rate), frame: frame, selected: clock.rate != 1) else { return [] }
            let i = Self.rates.firstIndex(of: clock.rate) ?? 0
            return setRate(Self.rates[(i + 1) % Self.rates.count], wall: wall)
        }
        var out: [SceneEvent] = []
        for (rate, frame) in zip(Self.rates, frames) {
            if ui.button("rate.\(String(format: "%g", rate))", label(rate), frame: frame, selected: clock.rate == rate), clock.rate != rate {
                out += setRate(rate, wall: wall)
            }
        }
        return out
    }

    /// What changes every frame in the bar, drawn over the cached layer: the scene time
    /// and the drive's position.
    private func drawLiveReadout(into list: inout DisplayList, at t: Double) {
        let scrub = scrubFrame
        if let progress = driveProgress(at: t) {
            let cx = scrub.minX + progress * scrub.width
            list.fill(.capsule(Rect(x: cx - 2, y: scrub.minY + 4, width: 4, height: scrub.height - 8)),
                      Paint(fill: Color(hex: 0x0A84FF)))
        }
        let readout = Rect(x: scrub.maxX + 10, y: scrub.minY, width: Self.readoutWidth - 10, height: 30)
        let s = readoutText(at: t)
        let style = UIPass.value
        let h = measurer.lineHeight(of: style)
        let x = readout.maxX - measurer.width(of: s, style: style)
        list.text(TextRun(s, origin: Point2(x.rounded(), (readout.midY - h / 2).rounded()), style: style, color: theme.label))
    }

    /// The transport's readout: at rest (paused, scrubbed or stepped) the time in seconds
    /// and its frame at 60 Hz, `1.234 s · 74` — on the drive's own time while the drive is
    /// on the stage (docs/behaviour.md §15.4); running, the playhead's position on the drive or `live`,
    /// and the time scale.
    package func readoutText(at t: Double) -> String {
        let progress = driveProgress(at: t)
        let resting: Bool = { if case .posed = mode { return true } else { return clock.isPaused } }()
        guard resting else {
            let rate = String(format: "%g×", clock.rate)
            return progress.map { String(format: "p %.3f  %@", $0, rate) } ?? "live  \(rate)"
        }
        let time = progress.map { $0 * sceneType.drive.duration } ?? t
        let frame = Int((time / Self.frameStep).rounded())
        return String(format: "%.3f s · %d", time, frame)
    }

    /// The scrub bar over the presentation drive: dragging poses the scene at p.
    private mutating func scrubBar(_ ui: inout UIPass, frame: Rect, at t: Double) -> [SceneEvent] {
        ui.frames.append(("scrub", frame))
        ui.controls["scrub"] = (nil, .scrub)
        var out: [SceneEvent] = []
        func p(_ x: Double) -> Double { min(max((x - frame.minX) / frame.width, 0), 1) }
        if let at = ui.pressed(in: frame) {
            ui.consumed = true
            ui.state.active = "scrub"
            mode = .posed(p(at.x))
            out.append(SceneEvent(.scrub, time: t, [("progress", .number(p(at.x)))]))
        } else if ui.state.active == "scrub" {
            switch ui.event {
            case .pointerMoved(let pt, _): ui.consumed = true; mode = .posed(p(pt.x))
            case .pointerUp: ui.consumed = true; ui.state.active = nil
            default: break
            }
        }
        let track = Rect(x: frame.minX, y: frame.midY - 3, width: frame.width, height: 6)
        ui.hoverTint(.roundedRect(frame, radius: 6), over: frame)
        ui.fill(.capsule(track), Paint(fill: theme.chromeLine))
        // The drive's phases, so a designer sees where its motions are.
        for span in sceneType.drive.spans {
            let a = span.lowerBound, b = span.upperBound
            ui.fill(.capsule(Rect(x: frame.minX + a * frame.width, y: track.minY, width: (b - a) * frame.width, height: 6)),
                    Paint(fill: ui.accent.opacity(0.35)))
        }
        return out
    }

    // MARK: Drawing

    /// The current scene's page at wall time `wall`, in page points: what a frame's state
    /// hash covers (the HUD's frame times and the chrome are left out).
    public func pageList(atWall wall: Double) -> DisplayList {
        let t = sceneTime(atWall: wall)
        if let p = driveProgress(at: t) { return scene.drawDrive(progress: p, theme: theme, pageHeight: pageHeight) }
        return scene.draw(at: t, theme: theme, pageHeight: pageHeight)
    }

    /// The stage at wall time `wall` — the page at its origin, the arm cue, the HUD and the
    /// About card — clipped to the stage (window points; the stage's corner is the origin).
    public func stageList(atWall wall: Double) -> DisplayList {
        let t = sceneTime(atWall: wall)
        let page = pageList(atWall: wall)
        var list = DisplayList(background: page.background)
        let place = placement
        list.clip(.rect(stage)) { l in
            l.append(page, scale: place.scale, dx: place.origin.x, dy: place.origin.y)
            if driveProgress(at: t) == nil {
                var cue = DisplayList(background: .clear)
                cue.commands = scene.overlay(at: t)
                l.append(cue, scale: place.scale, dx: place.origin.x, dy: place.origin.y)
            }
            if showHUD { drawHUD(into: &l, at: t, wall: wall) }
            if showAbout { drawAbout(into: &l) }
            if showShortcuts { drawShortcuts(into: &l) }
        }
        return list
    }

    /// The whole window at wall time `wall` (the frame's predicted present time).
    public func draw(atWall wall: Double) -> DisplayList {
        let t = sceneTime(atWall: wall)
        var list = stageList(atWall: wall)
        // A named spring or preset under the pointer, dashed over the page's plots (the
        // window's alone: a capture of the stage leaves it out).
        var preview = DisplayList(background: .clear)
        preview.commands = scene.previewOverlay(state: ui, preset: hoveredPreset(in: presetLibrary), at: t, theme: theme)
            + stageHandleMarks()
        if !preview.commands.isEmpty {
            let place = placement
            list.clip(.rect(stage)) { $0.append(preview, scale: place.scale, dx: place.origin.x, dy: place.origin.y) }
        }
        var copy = self
        var pass = UIPass(state: ui, event: nil, theme: theme, measurer: measurer, drawing: true)
        copy.runChrome(&pass, wall: wall)
        list.commands += pass.list?.commands ?? []
        drawLiveReadout(into: &list, at: t)
        drawCaptureBadge(into: &list)
        drawToast(into: &list, atWall: wall)
        drawTooltip(into: &list, atWall: wall)
        return list
    }

    /// The capture badge, bottom-right of the stage (clear of every page's controls): red
    /// while recording, a bar while the take renders in the background.
    private func drawCaptureBadge(into list: inout DisplayList) {
        guard let badge = captureBadge else { return }
        let style = TextStyle(.semibold, size: 12)
        let box = captureBadgeFrame(text: badge.text, progress: badge.progress)
        list.fill(.roundedRect(box, radius: 14), Paint(fill: badge.recording ? Color(hex: 0xFF3B30) : Color(hex: 0x000000, alpha: 0.78)))
        list.text(TextRun(badge.text, origin: Point2(box.minX + 12, box.minY + 6), style: style, color: .white))
        if let p = badge.progress {
            let close = captureBadgeClose(box)
            let x = TextRun("×", origin: Point2(close.midX - 4, close.minY + 1), style: TextStyle(.semibold, size: 15), color: .white)
            list.text(x)
            let track = Rect(x: box.minX + 12, y: box.maxY - 9, width: box.width - 24 - 26, height: 3)
            list.fill(.capsule(track), Paint(fill: Color(hex: 0xFFFFFF, alpha: 0.25)))
            list.fill(.capsule(Rect(x: track.minX, y: track.minY, width: max(track.width * min(max(p, 0), 1), 3), height: 3)),
                      Paint(fill: .white))
        }
    }

    /// HUD (docs/behaviour.md §6, §10), in every scene: the pointer's velocity vector, the scene's
    /// commit lines and projected stop, armed state, frame time and fps.
    private func drawHUD(into list: inout DisplayList, at t: Double, wall: Double) {
        let place = placement
        let (hud, v, lines) = hudReport(at: t, wall: wall)
        let red = Color(hex: 0xFF3B30)
        for line in hud.commitLines {
            list.fill(.rect(place.window(line)), Paint(fill: red.opacity(hud.armed ? 1 : 0.55)))
        }
        if let projected = hud.projected {
            list.fill(.rect(place.window(projected)), Paint(fill: Color(hex: 0x5E5CE6)))
        }
        let p = ui.pointer
        if p.x >= 0 {
            let tip = Point2(p.x + v.x * 0.1, p.y + v.y * 0.1)  // 100 ms of travel
            list.line(from: p, to: tip, width: 2, color: Color(hex: 0x34C759))
            list.fill(.circle(center: tip, radius: 3), Paint(fill: Color(hex: 0x34C759)))
        }
        let style = TextStyle(.semibold, size: 12)
        let box = Rect(x: stage.minX + 12, y: stage.maxY - 12 - 18 * Double(lines.count) - 12, width: 260,
                       height: 18 * Double(lines.count) + 12)
        list.fill(.roundedRect(box, radius: 8), Paint(fill: Color(hex: 0x000000, alpha: 0.72)))
        for (i, s) in lines.enumerated() {
            let color = i == lines.count - 1 && hud.armed ? Color(hex: 0xFF453A) : Color.white
            list.tabularText(s, at: Point2(box.minX + 10, box.minY + 6 + 18 * Double(i)), style: style, color: color, measurer: measurer)
        }
    }

    /// The HUD's reading at scene time `t`: the scene's own, the pointer's velocity, and
    /// its lines of text — frame number and scene time first (docs/behaviour.md §17: a QA report names
    /// the frame), then frame cost, velocity, the scene's lines, armed.
    package func hudReport(at t: Double, wall: Double) -> (hud: SceneHUD, velocity: Point2, lines: [String]) {
        let place = placement
        let v = hudTracker.velocity(releasedAt: wall - 1.0 / 60)  // a resting pointer reads 0 after 40 ms
        // While the drive is on the stage the live scene is not what is drawn: the HUD says
        // where the drive is instead of reading the live scene.
        let hud = driveProgress(at: t).map { SceneHUD(lines: [NumberText.format("drive: %@ at p %.3f", sceneType.drive.label, $0)]) }
            ?? scene.hud(at: t, pointerVelocity: Point2(v.x / place.scale, v.y / place.scale))  // page points per s
        let lines = [NumberText.format("frame %d  t %.3f s", framesDrawn, t), NumberText.format("%.1f ms  %.0f fps", frameMs, fps),
                     NumberText.format("v %.0f, %.0f pt/s", v.x, v.y)]
            + hud.lines + [hud.armed ? "ARMED" : "not armed"]
        return (hud, v, lines)
    }

    private func drawAbout(into list: inout DisplayList) {
        let lines = [
            ("SpringLab \(Workbench.version)", TextStyle(.bold, size: 15)),
            ("A playground for interface motion driven by springs.", TextStyle(.regular, size: 12)),
            ("", TextStyle(.regular, size: 8)),
            ("Push Alert motion design after syxUI's \"Push Alert\" (syxui.dev).", TextStyle(.regular, size: 12)),
            ("Inter by Rasmus Andersson and the Inter Project Authors, SIL OFL 1.1.", TextStyle(.regular, size: 12)),
            ("Spring reference values: Flutter's physics tests and Apple's SwiftUI docs.", TextStyle(.regular, size: 12)),
        ]
        let w = 440.0, h = 150.0
        let box = Rect(x: stage.midX - w / 2, y: stage.maxY - h - 24, width: w, height: h)
        list.fill(.roundedRect(box, radius: 14), Paint(fill: theme.control, stroke: theme.chromeLine, strokeWidth: 1,
                                                     shadow: Shadow(alpha: 0.12, radius: 18, offset: Point2(0, 8))))
        var y = box.minY + 18
        for (s, style) in lines {
            list.text(TextRun(s, origin: Point2(box.minX + 20, y), style: style, color: theme.label))
            y += measurer.lineHeight(of: style) + 4
        }
    }
}
