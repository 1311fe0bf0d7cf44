// swift-tools-version:6.0
// SpringLab — a Linux playground for interface motion driven by springs.
// Layout follows DESIGN.md: Motion (pure springs), Playground (composition and the
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
        .target(name: "Motion", swiftSettings: strict),
        .target(name: "Playground", dependencies: ["Motion"], swiftSettings: strict),
        .executableTarget(name: "springlab", dependencies: ["Playground"], swiftSettings: strict),
        .testTarget(name: "MotionTests", dependencies: ["Motion"], swiftSettings: strict),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "Motion"], exclude: ["Fixtures"],
                    swiftSettings: strict),
    ]
)
