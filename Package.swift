// swift-tools-version:6.0
// SpringLab — a Linux playground for interface motion driven by springs.
// The targets, lowest first (docs/ARCHITECTURE.md draws them): Motion (springs), Files
// (safe writes, bounded reads), Fit (a spring from recorded positions or frames), Export
// (spring code in and out), Canvas (geometry, display lists), Scenes (the component
// models, one folder each), Render (GL and software renderers), Platform (SDL window and
// input), Capture (replays, video, PNG, reading a video to fit), Inspector (immediate-mode
// widgets and the spec-driven inspector), Workbench (the window's pure state), App (the
// run loop, live capture, the command line) and `springlab` (main.swift).
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// Test code compiled without optimization even in a release build: `scripts/test` builds
/// everything once in release mode, and optimizing the tests themselves would cost more
/// compile time than it saves when they run (their time is in the optimized targets and GL).
let tests: [SwiftSetting] = strict + [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "SpringLab",
    products: [
        .executable(name: "springlab", targets: ["springlab"]),
        .library(name: "Motion", targets: ["Motion"]),
    ],
    targets: [
        .systemLibrary(name: "CSDL2"),
        .systemLibrary(name: "CSDL2TTF"),
        .systemLibrary(name: "CSDL2Image"),
        .systemLibrary(name: "CGL"),
        .target(name: "Motion", swiftSettings: strict),
        .target(name: "Files", swiftSettings: strict),
        .target(name: "Fit", dependencies: ["Motion", "Files"], swiftSettings: strict),
        .target(name: "Export", dependencies: ["Motion"], swiftSettings: strict),
        .target(name: "Canvas", dependencies: ["Motion"], swiftSettings: strict),
        .target(name: "Scenes", dependencies: ["Motion", "Canvas"], swiftSettings: strict),
        .target(name: "Render", dependencies: ["Canvas", "Files", "CSDL2", "CSDL2TTF", "CSDL2Image", "CGL"],
                swiftSettings: strict),
        .target(name: "Platform", dependencies: ["Canvas", "CSDL2", "CGL"], swiftSettings: strict),
        .target(name: "Capture", dependencies: ["Canvas", "Files", "Fit", "Render"], swiftSettings: strict),
        .target(name: "Inspector", dependencies: ["Motion", "Canvas", "Files", "Scenes", "Export"], swiftSettings: strict),
        .target(name: "Workbench", dependencies: ["Motion", "Canvas", "Files", "Scenes", "Export", "Inspector"], swiftSettings: strict),
        .target(name: "App", dependencies: ["Motion", "Canvas", "Files", "Fit", "Scenes", "Render", "Platform", "Capture", "Export", "Inspector",
                                            "Workbench"],
                swiftSettings: strict),
        .executableTarget(name: "springlab", dependencies: ["App", "Platform"], swiftSettings: strict),
        // A clean process for ProcessMemoryTests (not installed).
        .executableTarget(name: "springlab-heap-probe", dependencies: ["Platform"], path: "Tests/HeapProbe", swiftSettings: strict),
        .testTarget(name: "MotionTests", dependencies: ["Motion"], swiftSettings: tests),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Motion"], swiftSettings: tests),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "Motion"], swiftSettings: tests),
        .testTarget(name: "SceneTests", dependencies: ["Scenes", "Canvas", "Motion"], swiftSettings: tests),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Canvas", "Scenes", "Motion", "Platform", "App", "Workbench", "Inspector", "CSDL2TTF"], exclude: ["Golden"],
                    swiftSettings: tests),
        .testTarget(name: "FilesTests", dependencies: ["Files"], swiftSettings: tests),
        .testTarget(name: "FitTests", dependencies: ["Fit", "Motion", "Files"], swiftSettings: tests),
        .testTarget(name: "AppTests", dependencies: ["App", "Workbench", "Inspector", "Motion", "Capture", "Files", "Render", "Scenes", "Canvas"], exclude: ["Fixtures"],
                    swiftSettings: tests),
    ]
)
