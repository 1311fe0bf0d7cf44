import Canvas
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// What the window asks its runner to do, driven by the clicks and keys a user makes: each
/// expected effect is what that user did (Save preset on the Push Alert scene saves "Push
/// Alert", Ctrl+C over a field holding 0.320 copies "0.320"), never read back from the code.
@Suite struct WorkbenchEffectTests {
    /// Tall enough that the whole inspector, its footer too, is on screen.
    var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 2400), wall: 100)
    var t = 100.0

    func frame(_ id: ControlID) -> Rect? { app.controlFrames().first { $0.0 == id }?.1 }

    /// A press and a release on the control `id`: what both asked for.
    mutating func click(_ id: ControlID) -> [WorkbenchEffect] {
        guard let f = frame(id) else { Issue.record("no control \(id)"); return [] }
        t += 0.5
        return app.handle(.pointerDown(f.center, time: t, shift: false)).effects
            + app.handle(.pointerUp(f.center, time: t + 0.05)).effects
    }

    mutating func press(_ key: Key) -> [WorkbenchEffect] {
        t += 0.5
        return app.handle(.key(key, time: t, shift: false)).effects
    }

    @Test mutating func savePresetAsksToSaveUnderTheScenesTitleOrTheNameTyped() {
        #expect(click("savePreset") == [.savePreset(name: "Push Alert", replacing: false)])
        _ = click("presetName")
        _ = press(.selectAll)
        t += 0.5
        _ = app.handle(.text("Soft landing", time: t))
        _ = press(.enter)
        #expect(click("savePreset") == [.savePreset(name: "Soft landing", replacing: false)])
    }

    @Test mutating func aPresetInTheListAsksToBeLoaded() {
        app.userPresets = [LibraryPreset(name: "Bouncy", builtIn: false, preset: nil), LibraryPreset(name: "Calm", builtIn: false, preset: nil)]
        #expect(click("preset.Calm") == [.loadPreset("Calm")])
    }

    /// The user's presets with Calm's file text: `{"pushAlert": {"gap": {"response": 0.4}}}`.
    mutating func listCalmAndBouncy() {
        let calm = try? Preset.load(#"{"pushAlert": {"gap": {"response": 0.4, "damping": 0.6}}}"#, name: "Calm")
        app.userPresets = [LibraryPreset(name: "Calm", builtIn: false, preset: calm),
                           LibraryPreset(name: "Push Alert", builtIn: false, preset: calm)]
    }

    @Test mutating func saveOverAnExistingNameAsksFirstThenReplacesKeepsBothOrCancels() {
        listCalmAndBouncy()
        // The scene's title names an existing preset: no save yet, the question instead.
        #expect(click("savePreset").isEmpty)
        #expect(app.presetList.confirmReplace == "Push Alert")
        #expect(click("replacePreset.replace") == [.savePreset(name: "Push Alert", replacing: true)])
        #expect(app.presetList.confirmReplace == nil && frame("replacePreset.replace") == nil, "the question is gone")
        #expect(click("savePreset").isEmpty)
        #expect(click("replacePreset.keepBoth") == [.savePreset(name: "Push Alert", replacing: false)])
        #expect(click("savePreset").isEmpty)
        #expect(click("replacePreset.cancel").isEmpty)
        #expect(app.presetList.confirmReplace == nil)
    }

    @Test mutating func renameInPlaceDuplicateAndDeleteAskForTheirFiles() {
        listCalmAndBouncy()
        // ⋯ opens the row's actions; Rename turns the row into a field with the name selected.
        _ = click("presetMenu.Calm")
        #expect(frame("presetAction.rename") != nil && frame("presetAction.delete") != nil)
        _ = click("presetAction.rename")
        #expect(app.ui.editing == "presetRename" && app.ui.editText == "Calm")
        t += 0.5
        _ = app.handle(.text("Calm landing", time: t))
        #expect(press(.enter) == [.renamePreset(from: "Calm", to: "Calm landing")])
        #expect(app.presetList.renaming == nil && app.ui.editing == nil)
        // Escape keeps the name: nothing asked.
        _ = click("presetMenu.Calm")
        _ = click("presetAction.rename")
        t += 0.5
        _ = app.handle(.text("Other", time: t))
        #expect(press(.escape).isEmpty)
        #expect(app.presetList.renaming == nil)
        _ = click("presetMenu.Calm")
        #expect(click("presetAction.duplicate") == [.duplicatePreset(name: "Calm", json: nil)])
        _ = click("presetMenu.Calm")
        #expect(click("presetAction.delete") == [.deletePreset("Calm")])
    }

    @Test mutating func builtInPresetsComeAfterTheUsersLoadInPlaceAndDuplicateAsText() {
        listCalmAndBouncy()
        guard let calm = frame("preset.Calm"), let defaults = frame("builtIn.Defaults") else {
            Issue.record("the list lacks Calm or Defaults"); return
        }
        #expect(calm.minY < defaults.minY, "the user's presets first")
        // A built-in one can only be duplicated (its actions: Duplicate alone).
        _ = click("builtInMenu.Defaults")
        #expect(frame("presetAction.rename") == nil && frame("presetAction.delete") == nil)
        let effects = click("presetAction.duplicate")
        guard case .duplicatePreset("Defaults", let json?)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(json.contains("\"pushAlert\""))
        // "Every spring SwiftUI .bouncy": iOS 17's .bouncy is duration 0.5, bounce 0.3 — ζ 0.7,
        // response 0.5 — on the gap; the leave ratio stays. One undo step takes it back.
        let gap = app.scenes[0].settings as? PushAlertSettings
        _ = click("builtIn.Every spring SwiftUI .bouncy")
        let after = app.scenes[0].settings as? PushAlertSettings
        #expect(after?.gap.response == 0.5 && after?.gap.damping == 0.7)
        #expect(after?.leaveRatio == gap?.leaveRatio)
        _ = press(.undo)
        #expect((app.scenes[0].settings as? PushAlertSettings) == gap)
    }

    @Test mutating func ctrlCAndCtrlXInAFieldCopyItsSelectedText() {
        // A click on the gap's number selects it all; the gap's response is 0.32 s.
        guard let f = frame("gap.response") else { Issue.record("no gap.response"); return }
        t += 0.5
        _ = app.handle(.pointerDown(Point2(f.maxX - 31, f.midY), time: t, shift: false))
        _ = app.handle(.pointerUp(Point2(f.maxX - 31, f.midY), time: t + 0.02))
        #expect(press(.copy) == [.copy("0.320")])
        #expect(press(.cut) == [.copy("0.320")])
        #expect(press(.copy).isEmpty, "nothing left selected: nothing to copy")
    }

    @Test mutating func aGroupsCopyAsksForTheClipboardAndItsToastStaysInTheWindow() {
        _ = click("gap.code")
        let effects = click("gap.copy.swiftui")
        #expect(effects.count == 1)
        guard case .copy(let text) = effects.first else { Issue.record("no copy"); return }
        #expect(text.hasPrefix(".spring(response: 0.32, dampingFraction: 0.85)"))
        #expect(app.toast(atWall: t + 0.1)?.text == "Copied Gap as SwiftUI")
    }

    /// A capture's badge names the file it saved, bottom-right of the stage: a long name
    /// reaches under the toast's place at the bottom's centre, and the toast then shows
    /// just above it — before, the two were drawn over each other.
    @Test mutating func aToastShowsAboveACaptureBadgeItWouldCover() {
        _ = click("gap.code")
        _ = click("gap.copy.swiftui")
        let text = "Copied Gap as SwiftUI"
        let alone = app.toastFrame(text: text)
        #expect(abs(alone.midX - app.stage.midX) <= 0.5 && abs(alone.maxY - (app.stage.maxY - 12)) < 1e-9)
        app.captureBadge = ("Saved 2026-12-07 20-02-08 push-alert.png  ·  click to open the folder", nil, false)
        let badge = app.captureBadgeFrame(text: app.captureBadge!.text, progress: nil)
        #expect(!alone.intersection(badge).isEmpty, "the name reaches under the toast's place: \(badge) \(alone)")
        let lifted = app.toastFrame(text: text)
        #expect(lifted.intersection(badge).isEmpty && abs(lifted.maxY - (badge.minY - 8)) < 1e-9 && lifted.midX == alone.midX)
        // Drawn there: the toast's pill in the frame's list, clear of the badge's.
        let list = app.draw(atWall: t + 0.1)
        let pills = list.commands.compactMap { c -> Rect? in
            if case .shape(let shape, _, _) = c { return shape.rect } else { return nil }
        }
        #expect(pills.contains(lifted) && pills.contains(badge) && !pills.contains(alone))
        // A short badge ("● Rec") leaves the toast where it was.
        app.captureBadge = ("● Rec 0:03", nil, true)
        #expect(app.toastFrame(text: text) == alone)
    }

    @Test mutating func aGroupsPasteAsksForTheClipboardAndTheTextThatFollowsIsPasted() {
        _ = click("gap.code")
        #expect(click("gap.paste") == [.paste])
        // The runner hands the clipboard's text in at once.
        let pasted = app.handle(.text("spring(response: 0.5, dampingFraction: 0.7)", time: t + 0.06))
        #expect(pasted.effects.isEmpty)
        #expect(app.alert.settings.gap.response == 0.5 && app.alert.settings.gap.damping == 0.7)
    }

    @Test mutating func theCapturePanelsButtonsAskForTheirCaptures() {
        #expect(click("capture").isEmpty, "opening the panel is the window's own")
        #expect(click("capture.record") == [.capture(.record)])
        #expect(click("capture.screenshot") == [.capture(.screenshot)])
        #expect(click("capture.openFolder") == [.capture(.openFolder)])
    }

    @Test mutating func ctrlQAsksToQuitAndOrdinaryInputAsksNothing() {
        t += 0.5
        #expect(app.handle(.pointerMoved(Point2(200, 200), time: t)).effects.isEmpty)
        #expect(press(.space).isEmpty)
        #expect(press(.quit) == [.quit])
    }
}
