import Files
import Foundation
import Inspector
import Workbench

/// The user's whole-scene presets (SPEC §11.4): `$XDG_DATA_HOME/springlab/presets/NAME.preset.json`
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

    /// A typed name made safe as a file name: no slashes or control characters, no
    /// leading dot, trimmed; empty becomes `fallback`.
    static func fileName(_ typed: String, fallback: String) -> String {
        let kept = typed.unicodeScalars.filter { $0 != "/" && $0 != "\\" && $0.properties.generalCategory != .control }
        var name = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? fallback : name
    }

    /// Saves `preset` under the first free name `base`, `base 2`, … and returns that name;
    /// written whole or not at all, never over another preset.
    func save(_ preset: Preset, base: String) throws -> String {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw FileError("cannot create the presets folder \(quotedPath(folder)): \(error.localizedDescription)")
        }
        let bytes = Array(preset.json.utf8)
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
