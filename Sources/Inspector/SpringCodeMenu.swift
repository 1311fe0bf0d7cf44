import Canvas
import Export
import Foundation
import Motion
import Scenes

/// What the inspector said about a copy or a paste, for the toast over the stage.
public struct Toast: Sendable, Equatable, Codable {
    public var text: String
    /// A refusal (drawn in the error colour), not a confirmation.
    public var refused: Bool
}

extension EventName {
    /// A spring group copied as code (docs/behaviour.md §12.2): `{"event": "copied", "group":
    /// "pushAlert.gap", "format": "compose", "text": "spring(…)"}`.
    package static let copied: EventName = "copied"
    /// A spring pasted into a group (docs/behaviour.md §12.3), after its `setting` events: what was read.
    package static let pasted: EventName = "pasted"
    /// Text a group could not read as a spring: the one-line reason; nothing changed.
    package static let pasteRefused: EventName = "pasteRefused"
}

extension UIPass {
    /// The open Code menu of a group (docs/behaviour.md §12.2, §12.3): one row a format — Copy as … and
    /// the switch that makes it what Ctrl+C copies — then Paste.
    package mutating func codeMenu<Settings>(_ group: SpringGroupSpec<Settings>, settings: Settings, exportID: String,
                                     cursor c: inout InspectorCursor) {
        let defaultWidth = 66.0
        for format in SpringCodeFormat.allCases {
            let copyFrame = Rect(x: c.x, y: c.y, width: c.width - defaultWidth - 6, height: 22)
            let defaultFrame = Rect(x: c.x + c.width - defaultWidth, y: c.y, width: defaultWidth, height: 22)
            c.y += 24
            if button("\(group.id).copy.\(format.rawValue)", "Copy as \(format.title)", frame: copyFrame) {
                state.openMenu = nil
                copy(group, settings: settings, exportID: exportID, format: format)
            }
            if button("\(group.id).default.\(format.rawValue)", "Ctrl+C", frame: defaultFrame, selected: state.copyFormat == format) {
                state.copyFormat = format
            }
        }
        if button("\(group.id).paste", "Paste  (Ctrl+V)", frame: Rect(x: c.x, y: c.y, width: c.width, height: 24)) {
            state.openMenu = nil
            // The runner reads the clipboard and hands its text in as a text event, which
            // `codeKeys` reads like Ctrl+V's.
            state.pasteTarget = group.id
            effects.append(.paste)
        }
        c.y += 26 + 6
    }

    /// Ctrl+C or Ctrl+V for the group the workbench chose (`UIState.codeTarget`: the group
    /// under the pointer over the inspector, else the one holding the focus), when no field
    /// is being typed into: Ctrl+C copies the default format; Ctrl+V marks the group for the
    /// clipboard's text, which follows as a text event and is read here. Every pass notes
    /// the group's region, which is how the workbench finds the one under the pointer.
    package mutating func codeKeys<Settings>(_ group: SpringGroupSpec<Settings>, settings: inout Settings, exportID: String,
                                     region: Rect) -> [SettingChange] {
        groupRegions.append((group.id, region))
        guard !consumed, state.editing == nil, let event else { return [] }
        let targeted = state.codeTarget == group.id
        switch event {
        case .key(.copy, _, _) where targeted:
            consumed = true
            copy(group, settings: settings, exportID: exportID, format: state.copyFormat)
        case .key(.paste, _, _) where targeted:
            consumed = true
            state.pasteTarget = group.id
        case .text(let pasted, _) where state.pasteTarget == group.id:
            consumed = true
            return paste(pasted, into: group, settings: &settings, exportID: exportID)
        default: break
        }
        return []
    }

    /// The group's spring as code in `format`, to the clipboard, with a toast. In the
    /// mass/stiffness/damping form the group's mass is kept, so UIKit or Flutter code
    /// reads the stiffness and damping the inspector shows.
    private mutating func copy<Settings>(_ group: SpringGroupSpec<Settings>, settings: Settings, exportID: String,
                                         format: SpringCodeFormat) {
        let s = group.spring(settings)
        let mass = state.springForm == .stiffness ? state.masses[group.id] ?? 1 : 1
        let spring = mass == 1 ? s : Spring(response: s.response, dampingRatio: s.dampingRatio, mass: mass)
        let text = SpringCode.text(spring, format: format)
        effects.append(.copy(text))
        effects.append(.toast(Toast(text: "Copied \(Self.shortTitle(group.title)) as \(format.title)", refused: false)))
        notes.append((.copied, [("group", .string(exportID)), ("format", .string(format.rawValue)), ("text", .string(text))]))
    }

    /// Reads `text` as a spring and sets the group to it exactly (docs/behaviour.md §12.3): its first
    /// number (a response, or a ratio of the spring it follows) and its damping ratio, one
    /// undo step. A text that is no spring, or a spring outside the group's ranges, changes
    /// nothing and says why in one line.
    private mutating func paste<Settings>(_ text: String, into group: SpringGroupSpec<Settings>, settings: inout Settings,
                                          exportID: String) -> [SettingChange] {
        state.pasteTarget = nil
        let title = Self.shortTitle(group.title)
        let pasted: PastedSpring
        guard !text.allSatisfy(\.isWhitespace) else {
            refusePaste(exportID, title: title, reason: "the clipboard is empty: copy a spring first")
            return []
        }
        do { pasted = try SpringCode.parse(text) } catch {
            refusePaste(exportID, title: title, reason: error.reason)
            return []
        }
        let spring = pasted.spring
        let ratio = group.first.unit == "×"
        // A ratio group's response is ratio × its base spring's: the ratio that gives the
        // pasted response.
        let first: Double
        if ratio {
            let current = settings[keyPath: group.first.path]
            let base = group.spring(settings).response / current
            first = spring.response / base
        } else {
            first = spring.response
        }
        let firstRange = Settings.range(of: group.first.path), dampingRange = Settings.range(of: group.damping)
        if !firstRange.contains(first) {
            let what = ratio ? String(format: "a ratio of %.4g× (response %.4g s)", first, spring.response)
                : String(format: "response %.4g s", first)
            refusePaste(exportID, title: title, reason: "\(what) is outside \(title)'s "
                        + "\(Self.number(firstRange.lowerBound)) – \(Self.number(firstRange.upperBound))\(group.first.unit)")
            return []
        }
        if !dampingRange.contains(spring.dampingRatio) {
            refusePaste(exportID, title: title, reason: String(format: "damping ratio %.4g is outside ", spring.dampingRatio)
                        + "\(title)'s \(Self.number(dampingRange.lowerBound)) – \(Self.number(dampingRange.upperBound))")
            return []
        }
        var changes: [SettingChange] = []
        for (id, path, value) in [("\(group.id).\(group.first.label)", group.first.path, first),
                                  ("\(group.id).damping", group.damping, spring.dampingRatio)] {
            let old = settings[keyPath: path]
            guard value != old else { continue }
            settings[keyPath: path] = value
            changes.append(SettingChange(name: id, old: .number(old), new: .number(value)))
        }
        // The mass/stiffness/damping form shows the pasted mass, so its k and c read as pasted.
        state.masses[group.id] = spring.mass == 1 ? nil : spring.mass
        effects.append(.toast(Toast(text: String(format: "Pasted %@ into %@: response %.3f s, damping %.3f", pasted.source, title,
                                                 spring.response, spring.dampingRatio), refused: false)))
        notes.append((.pasted, [("group", .string(exportID)), ("source", .string(pasted.source)),
                                ("response", .number(spring.response)), ("damping", .number(spring.dampingRatio))]))
        return changes
    }

    private mutating func refusePaste(_ exportID: String, title: String, reason: String) {
        effects.append(.toast(Toast(text: "Nothing pasted into \(title): \(reason)", refused: true)))
        notes.append((.pasteRefused, [("group", .string(exportID)), ("reason", .string(reason))]))
    }

    /// "Leave  (alert response × ratio)" → "Leave": the name before the note.
    package static func shortTitle(_ title: String) -> String {
        title.components(separatedBy: "  (").first ?? title
    }

    private static func number(_ x: Double) -> String { String(format: "%g", x) }
}
