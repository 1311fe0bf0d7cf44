import Canvas
import Inspector
import Motion
import Scenes

/// A `layout` event after every change of layout (docs/behaviour.md §15.7): a test or a script that
/// drives the window by its frames must never aim with stale ones.
///
/// Each input is routed first; then, when anything the window's frames depend on differs
/// from before — the scene on the stage, the inspector's scroll or content height, a menu,
/// the capture panel or its choices, the spring form — a `layout` follows, unless the
/// route already said one last. Switching to Neck or Spring Lab said nothing (only scenes
/// whose own events move their controls did), and a scrollbar drag would have said nothing.
extension Workbench {
    /// What the window's control frames depend on, besides the window size (a resize says
    /// `layout` itself) and the scene's own state (its layout-changing events do).
    package struct LayoutKey: Equatable {
        package var scene: Int
        package var scroll: Double
        package var contentHeight: Double
        package var menu: ControlID?
        package var panel: Bool
        package var capture: CaptureOptions
        package var form: SpringForm
        package var pageScale: Double
        /// The preset list: its rows, and a row's actions, rename or Save's question open.
        package var presets: [String]
        package var presetList: PresetListState
    }

    /// What the chrome's frames depend on: the layout key and the window's size.
    package struct ChromeKey: Equatable {
        package var layout: LayoutKey
        package var window: Size
    }

    package var layoutKey: LayoutKey {
        LayoutKey(scene: current, scroll: inspectorScroll, contentHeight: inspectorHeightValue, menu: ui.openMenu,
                  panel: showCapturePanel, capture: capture, form: springForm, pageScale: placement.scale,
                  presets: userPresets.map(\.name), presetList: presetList)
    }

    /// Routes one input, stamped with the wall time it happened, and says `layout` when it
    /// moved the window's controls (`handle` calls it). Returns trace events.
    package mutating func routeLayingOut(_ wallEvent: InputEvent, effects: inout [WorkbenchEffect]) -> [SceneEvent] {
        let before = layoutKey
        var out = route(wallEvent, effects: &effects)
        guard layoutKey != before else { return out }
        // The pass that routed the input laid out the inspector before the input changed
        // it (a scene switch ran the old scene's): measure the new content, so the scroll
        // limit and the scrollbar are the ones drawn, and say `layout` once.
        measureInspector(atWall: wallEvent.time)
        if out.last?.name != .layout { out.append(layoutEvent(atWall: wallEvent.time)) }
        return out
    }

    /// The user's presets as the runner read them from their folder (after a save, rename,
    /// duplicate or delete): listed, with the inspector measured again so its scroll is
    /// clamped to the new length before any frame or `layout` uses it.
    package mutating func listUserPresets(_ entries: [LibraryPreset], atWall wall: Double) {
        userPresets = entries
        measureInspector(atWall: wall)
    }

    /// Lays the chrome out once without an input, keeping what it measured: the inspector's
    /// content height (so the scroll is clamped to it).
    public mutating func measureInspector(atWall wall: Double) {
        inspectorHeightValue = measuredLayout(atWall: wall).inspectorHeight
        clampScroll()
    }
}
