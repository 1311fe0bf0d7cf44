import Canvas
import Foundation
import Motion
import Scenes

/// A preset the footer lists: its name, whether it is built in, and the springs of the
/// scene's groups it would set (its small step response; empty when it cannot be read).
package struct FooterPreset: Sendable, Equatable {
    package var name: String
    package var builtIn: Bool
    package var springs: [Spring]

    package init(name: String, builtIn: Bool, springs: [Spring]) {
        self.name = name
        self.builtIn = builtIn
        self.springs = springs
    }

    /// The id of its row, which loads it: `preset.NAME` for the user's, `builtIn.NAME`.
    package var rowID: ControlID { ControlID(rawValue: (builtIn ? "builtIn." : "preset.") + name) }
    /// The id of its ⋯ button, which opens its actions.
    package var menuID: ControlID { ControlID(rawValue: (builtIn ? "builtInMenu." : "presetMenu.") + name) }
}

/// Which preset a list action concerns.
package struct PresetRef: Sendable, Codable, Equatable, Hashable {
    package var name: String
    package var builtIn: Bool
    package init(name: String, builtIn: Bool) { self.name = name; self.builtIn = builtIn }
}

/// What the preset list shows beyond its rows, kept between passes: the entry whose
/// actions are open, the one being renamed, and the name Save preset would replace
/// (asking first).
package struct PresetListState: Sendable, Codable, Equatable {
    package var menu: PresetRef?
    package var renaming: String?
    package var confirmReplace: String?
    package init() {}
}

/// What a click in the preset list asked for.
package enum PresetAction: Sendable, Equatable {
    case load(PresetRef)
    case rename(from: String, to: String)
    case duplicate(PresetRef)
    case delete(String)
    /// The answer to "replace it?": replace, keep both (save under the next free name), or cancel.
    case replace(String)
    case keepBoth(String)
    case cancelReplace
}

extension UIPass {
    /// The width of a preset's row (its ⋯ button beside it) and of its small curve.
    static let presetRowWidth = 268.0
    static let presetCurveSize = Size(54, 16)

    /// The question Save preset asks when its name is taken: "“X” already exists." and
    /// Replace / Keep both / Cancel. Returns the y below it.
    package mutating func replaceQuestion(_ name: String, x: Double, y: Double, action: inout PresetAction?) -> Double {
        let line = NumberText.format("“%@” already exists. Replace it?", name)
        text(line, in: Rect(x: x, y: y, width: 308, height: 18), style: Self.label, color: theme.label)
        let frames = Self.segments(3, x: x, y: y + 22, width: 308)
        if button("replacePreset.replace", "Replace", frame: frames[0], prominent: true) { action = .replace(name) }
        if button("replacePreset.keepBoth", "Keep both", frame: frames[1]) { action = .keepBoth(name) }
        if button("replacePreset.cancel", "Cancel", frame: frames[2]) { action = .cancelReplace }
        return y + 22 + 28 + 12
    }

    /// The preset list (user presets first, then built-in): each row loads its preset and
    /// shows its small step response; its … opens Rename, Duplicate and Delete (a built-in
    /// one can only be duplicated). Renaming turns the row into a text field, all selected:
    /// Enter renames, Escape keeps the name. Returns the y below the list.
    package mutating func presetList(_ presets: [FooterPreset], state shown: inout PresetListState, x: Double, y: Double,
                                     action: inout PresetAction?) -> Double {
        var y = y
        var heading: Bool?
        for preset in presets {
            if heading != preset.builtIn {
                heading = preset.builtIn
                text(preset.builtIn ? "Built-in presets" : "Presets", in: Rect(x: x, y: y, width: 200, height: 20), style: Self.heading,
                     color: theme.label)
                y += 26
            }
            let row = Rect(x: x, y: y, width: Self.presetRowWidth, height: 24)
            if !preset.builtIn, shown.renaming == preset.name {
                var typed = preset.name
                let changed = textField("presetRename", "rename", value: &typed, maxCharacters: 60, frame: row)
                if changed { action = .rename(from: preset.name, to: typed) }
                if state.editing != "presetRename" { shown.renaming = nil }
            } else {
                let shown = fitted(preset.name, width: row.width - Self.presetCurveSize.width - 28)
                if button(preset.rowID, shown, frame: row, leading: true) {
                    action = .load(PresetRef(name: preset.name, builtIn: preset.builtIn))
                }
                controls[preset.rowID] = (preset.name, .button)
                if list != nil, !preset.springs.isEmpty {
                    let c = Self.presetCurveSize
                    miniCurves(preset.springs, frame: Rect(x: row.maxX - c.width - 8, y: row.midY - c.height / 2, width: c.width,
                                                           height: c.height))
                }
            }
            let ref = PresetRef(name: preset.name, builtIn: preset.builtIn)
            if button(preset.menuID, "…", frame: Rect(x: row.maxX + 6, y: y, width: 308 - Self.presetRowWidth - 6, height: 24),
                      selected: shown.menu == ref) {
                shown.menu = shown.menu == ref ? nil : ref
            }
            y += 28
            guard shown.menu == ref else { continue }
            // Its actions, on a row of their own under it.
            let names = preset.builtIn ? ["Duplicate"] : ["Rename", "Duplicate", "Delete"]
            let frames = Self.segments(names.count, x: x + 12, y: y, width: 296)
            for (name, frame) in zip(names, frames) {
                guard button(ControlID(rawValue: "presetAction.\(name.lowercased())"), name, frame: Rect(x: frame.minX, y: frame.minY,
                                                                                                      width: frame.width, height: 24))
                else { continue }
                shown.menu = nil
                switch name {
                case "Rename":
                    shown.renaming = preset.name
                    beginEditing("presetRename", text: preset.name, maxCharacters: 60, selectingAll: true)
                case "Duplicate": action = .duplicate(ref)
                default: action = .delete(preset.name)
                }
            }
            y += 32
        }
        return y
    }

    /// `s`, cut with "…" to fit `width` in the button's style.
    package func fitted(_ s: String, width limit: Double) -> String {
        guard width(s, Self.value) > limit else { return s }
        var cut = Substring(s)
        while !cut.isEmpty, width(cut + "…", Self.value) > limit { cut = cut.dropLast() }
        return cut + "…"
    }

    /// Small step responses with no axes (a list entry's preview): the first spring in the
    /// accent colour, the next faint; every curve on one time axis.
    package mutating func miniCurves(_ springs: [Spring], frame: Rect) {
        guard list != nil, let first = springs.first else { return }
        let shown = Array(springs.prefix(2))
        let span = (shown.map(\.settleDuration).max() ?? first.settleDuration) * 1.1
        let rule = theme.chromeLine, main = accent, faint = theme.secondaryLabel.opacity(0.7)
        list?.line(from: Point2(frame.minX, frame.maxY - frame.height * 0.75), to: Point2(frame.maxX, frame.maxY - frame.height * 0.75),
                   width: 1, color: rule)
        for (i, spring) in shown.enumerated().reversed() {
            let pts = (0...40).map { k -> Point2 in
                let t = Double(k) / 40 * span
                return Point2(frame.minX + Double(k) / 40 * frame.width, frame.maxY - min(spring.step(at: t), 1.32) * frame.height * 0.75)
            }
            list?.polyline(pts, width: i == 0 ? 1.4 : 1.1, color: i == 0 ? main : faint)
        }
    }
}
