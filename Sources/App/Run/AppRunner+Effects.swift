import Canvas
import Capture
import Export
import Files
import Foundation
import Inspector
import Platform
import Render
import Scenes
import Workbench

/// What the window asked for (`WorkbenchEffect`), done: the files, the clipboard, the
/// captures, the folder, the window's end.
extension AppRunner {
    /// Does one thing the window asked for. `inputWall` is the wall time of the input that
    /// asked; a Paste hands the clipboard's text in at that time, as Ctrl+V's would follow.
    func perform(_ effect: WorkbenchEffect, inputWall: Double) {
        switch effect {
        case .savePreset(let name, let replacing): savePreset(named: name, replacing: replacing)
        case .loadPreset(let name): loadUserPreset(name)
        case .renamePreset(let from, let to): renamePreset(from, to: to)
        case .duplicatePreset(let name, let json): duplicatePreset(name, builtInText: json)
        case .deletePreset(let name): trashPreset(name)
        case .copy(let text): Clipboard.set(text)
        case .paste: feed(.text(Clipboard.text() ?? "", time: inputWall))
        case .capture(.record): toggleTake()
        case .capture(.screenshot): screenshot()
        case .capture(.openFolder): openFolder()
        case .capture(.saveLast): saveLast(seconds: Double(app.capture.lastSeconds))
        case .capture(.cancelRender):
            let at = wall
            let cancelled = capture.cancelRenders(now: at)
            emit([SceneEvent(.captureCancelled, time: app.sceneTime(atWall: at), [("outputs", .array(cancelled.map { .string($0) }))])])
        case .fitRecording(let path): fitFromField(path)
        case .quit: running = false
        }
    }

    /// Does, in order, what the frame's input asked for.
    func performPending() {
        while !pending.isEmpty {
            let next = pending.removeFirst()
            perform(next.effect, inputWall: next.wall)
        }
    }

    /// Save preset: every scene's settings, under `name` — the one typed, else the scene's
    /// title — or the first free name after it ("Push Alert", "Push Alert 2" …) in the
    /// user's presets folder (docs/behaviour.md §11.4), listed in the inspector at once. Without a data
    /// folder, in the captures folder as before.
    private func savePreset(named name: String, replacing: Bool) {
        let at = wall
        do {
            let path: String
            if let presets {
                let saved = try presets.save(Preset(app: app), base: Preset.fileName(name, fallback: app.sceneType.title),
                                             replacing: replacing)
                path = presets.path(of: saved)
                app.listUserPresets(presets.entries(), atWall: at)
            } else {
                path = try capture.freshPath(scene: app.sceneName, ext: "preset.json")
                try OutputFile.write(Array(Preset(app: app).json.utf8), to: path, replacing: false)
            }
            capture.note("Saved \((path as NSString).lastPathComponent)", until: at + 4)
            emit([SceneEvent(.presetSaved, time: app.sceneTime(atWall: at), [("path", .string(path)), ("replaced", .bool(replacing))]),
                  app.layoutEvent(atWall: at)])
        } catch {
            captureFailed("Cannot save the preset", error, at: at)
        }
    }

    /// Rename in the preset list: the file renamed, never over another preset.
    private func renamePreset(_ from: String, to: String) {
        let at = wall
        guard let presets else { return }
        do {
            let path = try presets.rename(from, to: to)
            app.listUserPresets(presets.entries(), atWall: at)
            capture.note("Renamed \(from) to \(to)", until: at + 4)
            emit([SceneEvent(.presetRenamed, time: app.sceneTime(atWall: at), [("from", .string(from)), ("to", .string(to)),
                                                                                 ("path", .string(path))]),
                  app.layoutEvent(atWall: at)])
        } catch {
            presetFailed("Cannot rename \(from)", error, at: at)
        }
    }

    /// Duplicate in the preset list: a copy under "NAME copy" (the next free name).
    private func duplicatePreset(_ name: String, builtInText: String?) {
        let at = wall
        guard let presets else {
            presetFailed("Cannot duplicate \(name)", FileError("no presets folder: neither XDG_DATA_HOME nor HOME is an absolute path"), at: at)
            return
        }
        do {
            let text = try builtInText ?? SpringLabCommand.readTextInput(presets.path(of: name))
            let copy = try presets.duplicate(text: text, of: name)
            app.listUserPresets(presets.entries(), atWall: at)
            capture.note("Saved \(copy)", until: at + 4)
            emit([SceneEvent(.presetDuplicated, time: app.sceneTime(atWall: at), [("name", .string(name)), ("copy", .string(copy)),
                                                                                    ("path", .string(presets.path(of: copy)))]),
                  app.layoutEvent(atWall: at)])
        } catch {
            presetFailed("Cannot duplicate \(name)", error, at: at)
        }
    }

    /// Delete in the preset list: the file moved to the desktop's trash, where a file manager
    /// can restore it.
    private func trashPreset(_ name: String) {
        let at = wall
        guard let presets else { return }
        do {
            guard let trash = Trash.folder(environment: ProcessInfo.processInfo.environment) else {
                throw FileError("no trash folder: neither XDG_DATA_HOME nor HOME is an absolute path; nothing was deleted")
            }
            let moved = try Trash.move(presets.path(of: name), to: trash)
            app.listUserPresets(presets.entries(), atWall: at)
            capture.note("Moved \(name) to the Trash", until: at + 4)
            emit([SceneEvent(.presetTrashed, time: app.sceneTime(atWall: at), [("name", .string(name)), ("file", .string(moved.file)),
                                                                                 ("info", .string(moved.info))]),
                  app.layoutEvent(atWall: at)])
        } catch {
            presetFailed("Cannot delete \(name)", error, at: at)
        }
    }

    /// A preset file action that failed: said over the stage, and in the trace, with nothing changed.
    private func presetFailed(_ what: String, _ error: Error, at: Double) {
        capture.note("\(what): \(error)", until: at + 8)
        emit([SceneEvent(.presetFailed, time: app.sceneTime(atWall: at), [("error", .string("\(what): \(error)"))])])
    }

    /// A preset chosen in the inspector's list: loaded in place, one undo step.
    private func loadUserPreset(_ name: String) {
        let at = wall
        guard let presets else { return }
        do {
            let path = presets.path(of: name)
            let text = try SpringLabCommand.readTextInput(path)
            let preset = try Preset.load(text, name: path)
            emit(app.loadPreset(preset, name: name, source: "library", at: app.sceneTime(atWall: at)))
            recordLine(.preset(wall: at, name: name, json: text))
            capture.note("Loaded \(name)", until: at + 4)
        } catch {
            let why = error.message
            capture.note("Cannot load \(name): \(why)", until: at + 8)
            emit([SceneEvent(.dropRefused, time: app.sceneTime(atWall: at), [("path", .string(name)), ("error", .string(why))])])
        }
    }

    /// S: the stage or the whole window, as the capture panel says, at its scale.
    func screenshot() {
        let at = wall
        do {
            let path = try capture.freshPath(scene: app.sceneName, name: app.capture.name, ext: "png")
            let scale = Double(app.capture.scale)
            let area = app.capture.wholeWindow ? Rect(x: 0, y: 0, width: app.windowSize.width, height: app.windowSize.height) : app.stage
            let size = (width: Int((area.width * scale).rounded()), height: Int((area.height * scale).rounded()))
            let list = app.capture.wholeWindow ? app.draw(atWall: at) : app.stageList(atWall: at)
            let pixels = try renderer.pixels(list, offset: Point2(-area.minX, -area.minY), width: size.width, height: size.height,
                                             scale: scale)
            try PNG.write(rgba: pixels, width: size.width, height: size.height, to: path, replacing: false)
            app.capturedFile = path
            capture.note("Saved \((path as NSString).lastPathComponent)  ·  click to open the folder", until: at + 8)
            emit([SceneEvent(.screenshot, time: app.sceneTime(atWall: at), [("path", .string(path)),
                                                                             ("size", .numbers([Double(size.width), Double(size.height)]))])])
        } catch {
            captureFailed("Screenshot failed", error, at: at)
        }
    }

    /// Open folder (the capture panel, or a click on the badge): the captures folder in the
    /// file manager; a failure said over the stage.
    private func openFolder() {
        let failure = capture.openFolder()
        if let failure { capture.note(failure, until: wall + 8) }
        emit([SceneEvent(.folderOpened, time: app.sceneTime(atWall: wall), [("path", .string(capture.folder)),
                                                                              ("error", failure.map(TraceValue.string) ?? .null)])])
    }

    /// A capture that could not be made: said over the stage for 8 s and in the trace.
    func captureFailed(_ what: String, _ error: Error, at: Double) {
        capture.note("\(what): \(error)", until: at + 8)
        emit([SceneEvent(.captureFailed, time: app.sceneTime(atWall: at), [("error", .string("\(error)"))])])
    }
}
