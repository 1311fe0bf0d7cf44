import Files
import Foundation
import Inspector
import Workbench

/// The user's whole-scene presets (docs/behaviour.md §11.4): `$XDG_DATA_HOME/springlab/presets/NAME.preset.json`
/// (default `~/.local/share/springlab/presets/`), listed in the inspector to load in place.
struct UserPresets {
    let folder: String

    /// The folder for `environment` (a relative `XDG_DATA_HOME` is ignored, as XDG asks).
    static func folder(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/springlab/presets" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/share/springlab/presets"
    }

    /// The presets' names, sorted (a name is the file's without `.preset.json`).
    func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".preset.json") && !$0.hasPrefix(".") }.map { String($0.dropLast(12)) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    func path(of name: String) -> String { "\(folder)/\(name).preset.json" }

    /// The list's entries: each preset by name with its settings (nil when its file cannot
    /// be read as a preset: listed anyway, and loading it says why).
    func entries() -> [LibraryPreset] {
        names().map { name in
            let preset = (try? SpringLabCommand.readTextInput(path(of: name))).flatMap { try? Preset.load($0, name: name) }
            return LibraryPreset(name: name, builtIn: false, preset: preset)
        }
    }

    /// Renames preset `from` to `to`, never over another preset: a hard link made under the
    /// new name (which fails if the name is taken), then the old name removed.
    func rename(_ from: String, to: String) throws -> String {
        let old = path(of: from), new = path(of: to)
        if link(old, new) != 0 {
            let code = errno
            if code == EEXIST { throw FileError("a preset named \(quoted(to)) already exists: nothing was renamed") }
            throw FileError("cannot rename \(quotedPath(old)): \(String(cString: strerror(code)))")
        }
        if unlink(old) != 0 {
            let code = errno
            unlink(new)
            throw FileError("cannot rename \(quotedPath(old)): \(String(cString: strerror(code))); it was left as it was")
        }
        return new
    }

    /// Writes `text` as a copy under the first free name of "`name` copy", "`name` copy 2" …
    func duplicate(text: String, of name: String) throws -> String {
        let preset = try Preset.load(text, name: name)
        return try save(preset, base: "\(name) copy")
    }

    /// Saves `preset` under the first free name `base`, `base 2`, … and returns that name;
    /// written whole or not at all, never over another preset.
    func save(_ preset: Preset, base: String, replacing: Bool = false) throws -> String {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw FileError("cannot create the presets folder \(quotedPath(folder)): \(error.localizedDescription)")
        }
        let bytes = Array(preset.json.utf8)
        if replacing {
            // The user said Replace: the file is swapped whole for the new one.
            try OutputFile.write(bytes, to: path(of: base), replacing: true)
            return base
        }
        for n in 1...999 {
            let name = n == 1 ? base : "\(base) \(n)"
            do {
                try OutputFile.write(bytes, to: path(of: name), replacing: false)
                return name
            } catch {
                if !error.isExists { throw error }
            }
        }
        throw FileError("the presets folder \(quotedPath(folder)) has 999 presets named \(quoted(base))")
    }
}
