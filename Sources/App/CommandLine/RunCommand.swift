import Canvas
import Capture
import Files
import Foundation
import Inspector
import Platform
import Scenes
import Workbench

/// `springlab` / `springlab run`: opens the window (docs/behaviour.md §8).
enum RunCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scene", kind: .choice(SceneRegistry.names)),
        FlagSpec(name: "preset", kind: .text(accepts: "a preset file (JSON: pushAlert, pile, presence, neck)")),
        FlagSpec(name: "renderer", kind: .choice(["gl", "software"])),
        FlagSpec(name: "size", kind: .text(accepts: "WxH in points, at least 900x560, e.g. 1280x800")),
        .number("scale", "a scale in [0.5, 4]", { $0 >= 0.5 && $0 <= 4 }),
        FlagSpec(name: "theme", kind: .choice(Theme.allCases.map(\.rawValue))),
        FlagSpec(name: "reduce-motion", kind: .toggle),
        FlagSpec(name: "fresh", kind: .toggle),
        FlagSpec(name: "replay", kind: .text(accepts: "a replay file")),
        FlagSpec(name: "captures", kind: .text(accepts: "a folder for recordings and screenshots")),
        FlagSpec(name: "trace", kind: .text(accepts: "a path to write JSON lines to")),
        .number("frame-delay", "milliseconds in [0, 1000] to sleep every frame", { $0 >= 0 && $0 <= 1000 }),
        .number("quit-after", "seconds in (0, 86400] after which the app quits by itself (tests)", { $0 > 0 && $0 <= 86_400 }),
    ]

    static func options(_ arguments: [String]) throws -> AppOptions {
        let a = try parseArguments(arguments, specs: specs, command: "run", maxPositional: 0)
        var o = AppOptions()
        if a.has("preset") && a.has("replay") {
            throw UsageError("springlab run: --preset and --replay conflict: a replay carries its own settings")
        }
        if let path = a.words["preset"] {
            o.preset = try Preset.load(try SpringLabCommand.readTextInput(path), name: path)
        }
        if let path = a.words["replay"] {
            let (file, settings) = try SessionSettings.loadReplay(path, command: "run")
            o.replay = (file, settings, path)
        }
        o.capturesFolder = a.words["captures"]
        if let s = a.words["size"] {
            let size = try parseSize(s, flag: "size", command: "run")
            o.size = size
            guard size.width >= Workbench.minimumSize.width, size.height >= Workbench.minimumSize.height else {
                throw UsageError("springlab run: --size accepts at least 900x560, got \(quoted(s))")
            }
        }
        o.scale = a.numbers["scale"]
        o.theme = a.words["theme"].flatMap(Theme.init(rawValue:))
        o.backend = a.words["renderer"] == "software" ? .software : .gl
        o.reduceMotion = a.toggles.contains("reduce-motion")
        o.tracePath = a.words["trace"]
        o.frameDelay = (a.numbers["frame-delay"] ?? 0) / 1000
        o.quitAfter = a.numbers["quit-after"]
        o.scene = a.words["scene"]
        o.fresh = a.toggles.contains("fresh")
        return o
    }
}

/// Everything `run` was asked for. The window's size, scale, theme and scene are nil
/// when no flag chose them: the remembered session (docs/behaviour.md §11.5) or the default decides.
struct AppOptions {
    var size: Size?
    var scale: Double?
    var theme: Theme?
    var backend = Backend.gl
    var reduceMotion = false
    var tracePath: String?
    var frameDelay = 0.0
    var quitAfter: Double?
    /// The `--scene` word of the scene to open on.
    var scene: String?
    /// `--fresh`: start from defaults; the remembered session is neither read nor written.
    var fresh = false
    var replay: (file: ReplayFile, settings: SessionSettings, path: String)?
    var capturesFolder: String?
    var preset: Preset?
    /// `bench --idle`: measure the window at rest for this many seconds, then quit.
    var idleProbe: Double?
}
