import Files
import Foundation
import Platform
import Render
import Workbench

/// Everything the app takes from its process environment, read once at launch (main.swift)
/// and handed down: the layers below take these values as parameters and read no
/// environment of their own. Tests make one from a dictionary of their own (or none).
public struct LaunchEnvironment: Sendable {
    /// The variables as given (a child process started by the app inherits them).
    public let variables: [String: String]
    /// The GL renderer's shortcuts, each turned off by `SPRINGLAB_<NAME>=off`.
    public let rendererOptions: GLRenderer.Options
    /// The assets folder (`SPRINGLAB_ASSETS`): fonts and icons are looked for there first.
    public let assets: String?
    /// What windows take: keeping an offscreen window's pixels (`SPRINGLAB_KEEP_PIXELS=0`
    /// turns it off), the icon's folder, the user's own window class.
    public let window: WindowEnvironment
    /// Each event described on standard error (`SPRINGLAB_DEBUG_EVENTS` set).
    public let debugEvents: Bool
    /// Events stamped with pump time, not the X server's (`SPRINGLAB_IGNORE_SERVER_TIME`
    /// set; an end-to-end test's negative control).
    public let ignoreServerTime: Bool
    /// The home folder (`HOME`).
    public let home: String?
    /// Where programs are looked for (`PATH`): ffmpeg, xdg-open.
    public let searchPath: SearchPath
    /// The user's presets folder and remembered session file (XDG data and config folders,
    /// else under `HOME`); nil when neither is known.
    public let presetsFolder: String?
    public let sessionPath: String?
    /// Test hooks: a path dropped on the window at start (`SPRINGLAB_TEST_DROP`), and a file
    /// watched for paths to drop mid-session (`SPRINGLAB_TEST_DROP_FILE`).
    public let testDrop: String?
    public let testDropFile: String?
    /// Test hook: the flight recorder's bound in bytes, seconds between its copies of the
    /// window, and the span kept (`SPRINGLAB_TEST_FLIGHT=20000,5,12`), so a test sees it
    /// cut in seconds rather than hours.
    let testFlight: (bound: Int, markInterval: Double, keep: Double)?

    public init(_ variables: [String: String] = [:]) {
        self.variables = variables
        rendererOptions = GLRenderer.Options(environment: variables)
        assets = variables["SPRINGLAB_ASSETS"]
        window = WindowEnvironment(keepPixels: variables["SPRINGLAB_KEEP_PIXELS"] != "0", assets: assets,
                                   windowClasses: variables.filter { Window.classVariables.contains($0.key) })
        debugEvents = variables["SPRINGLAB_DEBUG_EVENTS"] != nil
        ignoreServerTime = variables["SPRINGLAB_IGNORE_SERVER_TIME"] != nil
        home = variables["HOME"]
        searchPath = SearchPath(variables["PATH"])
        presetsFolder = UserPresets.folder(environment: variables)
        sessionPath = SessionMemory.defaultPath(environment: variables)
        testDrop = variables["SPRINGLAB_TEST_DROP"]
        testDropFile = variables["SPRINGLAB_TEST_DROP_FILE"]
        let flight = (variables["SPRINGLAB_TEST_FLIGHT"] ?? "").split(separator: ",").compactMap { Double($0) }
        testFlight = flight.count == 3 && flight.allSatisfy({ $0 > 0 && $0 < 1e9 }) ? (Int(flight[0]), flight[1], flight[2]) : nil
    }
}
