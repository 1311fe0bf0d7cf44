// swift-tools-version:6.0
// SpringLab — a Linux playground for interface motion driven by springs.
// Layout follows DESIGN.md: Motion (pure springs), Canvas (geometry, display lists, the
// distance-field reference), Scenes (component models), Render (GL and software
// renderers, text), Platform (SDL window and input), Capture (replay files, video and
// PNG output, contact sheets), Playground (composition and the
// command line) and the `springlab` executable holding main.swift only.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

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
        .target(name: "Export", dependencies: ["Motion"], swiftSettings: strict),
        .target(name: "Canvas", dependencies: ["Motion"], swiftSettings: strict),
        .target(name: "Scenes", dependencies: ["Motion", "Canvas"], swiftSettings: strict),
        .target(name: "Render", dependencies: ["Canvas", "Files", "CSDL2", "CSDL2TTF", "CSDL2Image", "CGL"],
                swiftSettings: strict),
        .target(name: "Platform", dependencies: ["Canvas", "CSDL2"], swiftSettings: strict),
        .target(name: "Capture", dependencies: ["Canvas", "Files", "Render"], swiftSettings: strict),
        .target(name: "Playground", dependencies: ["Motion", "Canvas", "Files", "Scenes", "Render", "Platform", "Capture", "Export"],
                swiftSettings: strict),
        .executableTarget(name: "springlab", dependencies: ["Playground", "Platform"], swiftSettings: strict),
        // A clean process for ProcessMemoryTests (not installed).
        .executableTarget(name: "springlab-heap-probe", dependencies: ["Platform"], path: "Tests/HeapProbe", swiftSettings: strict),
        .testTarget(name: "MotionTests", dependencies: ["Motion"], swiftSettings: strict),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Motion"], swiftSettings: strict),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "Motion"], swiftSettings: strict),
        .testTarget(name: "SceneTests", dependencies: ["Scenes", "Canvas", "Motion"], swiftSettings: strict),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Canvas", "Scenes", "Motion", "Platform", "Playground", "CSDL2TTF"], exclude: ["Golden"],
                    swiftSettings: strict),
        .testTarget(name: "FilesTests", dependencies: ["Files"], swiftSettings: strict),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "Motion", "Capture", "Files", "Render", "Scenes", "Canvas"], exclude: ["Fixtures"],
                    swiftSettings: strict),
    ]
)
