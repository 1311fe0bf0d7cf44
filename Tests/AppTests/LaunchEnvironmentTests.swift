import Files
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Render
import Testing

/// The process environment, read once at launch into typed values.
@Suite struct LaunchEnvironmentTests {
    @Test func noVariablesMeanTheDefaults() {
        let e = LaunchEnvironment()
        #expect(e.rendererOptions == GLRenderer.Options())
        #expect(e.assets == nil && e.home == nil && e.testDrop == nil && e.testDropFile == nil)
        #expect(e.window.keepPixels && e.window.windowClasses.isEmpty)
        #expect(!e.debugEvents && !e.ignoreServerTime)
        #expect(e.searchPath.folders.isEmpty && e.presetsFolder == nil && e.sessionPath == nil)
    }

    @Test func eachVariableReachesItsField() {
        let e = LaunchEnvironment([
            "SPRINGLAB_TIGHT_BLUR": "off", "SPRINGLAB_DAMAGE": "off", "SPRINGLAB_ASSETS": "/a", "SPRINGLAB_KEEP_PIXELS": "0",
            "SPRINGLAB_DEBUG_EVENTS": "", "SPRINGLAB_IGNORE_SERVER_TIME": "1", "HOME": "/h", "PATH": "/bin::/usr/bin",
            "XDG_DATA_HOME": "/d", "SPRINGLAB_TEST_DROP": "/x.replay", "SPRINGLAB_TEST_DROP_FILE": "/f",
            "SDL_VIDEO_X11_WMCLASS": "mine", "OTHER": "1",
        ])
        #expect(e.rendererOptions.disabled == [.tightBlur, .damageTracking])
        #expect(e.assets == "/a" && e.window.assets == "/a" && !e.window.keepPixels)
        #expect(e.window.windowClasses == ["SDL_VIDEO_X11_WMCLASS": "mine"])
        #expect(e.debugEvents && e.ignoreServerTime)
        #expect(e.home == "/h" && e.searchPath == SearchPath("/bin:/usr/bin") && e.searchPath.folders == ["/bin", "/usr/bin"])
        #expect(e.presetsFolder == "/d/springlab/presets" && e.sessionPath == "/h/.config/springlab/state.json")
        #expect(e.testDrop == "/x.replay" && e.testDropFile == "/f")
        #expect(LaunchEnvironment(["SPRINGLAB_KEEP_PIXELS": "1"]).window.keepPixels)
    }
}
