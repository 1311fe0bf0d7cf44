import Canvas
import Foundation
import Platform
import Render
import Testing

/// Every suite that touches SDL or GL nests in here: SDL's video state is global and not
/// thread-safe, so these run one test at a time while other targets run in parallel.
@Suite(.serialized) struct RenderSuite {}

/// A headless GL context on SDL's offscreen driver (Mesa EGL, llvmpipe) for one test.
/// GL contexts belong to the thread that made them current, so each test builds its own
/// and uses it synchronously.
final class Headless {
    let window: Window
    let gl: GLRenderer
    let fonts: FontLibrary

    init(esOnly: Bool = false) throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        window = try Window(title: "test", size: Size(16, 16), minimum: Size(1, 1), backend: .gl, userScale: 1, hidden: true,
                            esOnly: esOnly)
        guard window.backend == .gl else { throw RenderError("no GL context: \(window.fallbackNote ?? "?")") }
        gl = try GLRenderer(es: window.isES)
        fonts = try FontLibrary(directory: Headless.fontDirectory)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fontDirectory = packageRoot.appendingPathComponent("Assets/Fonts").path
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").path

    /// A renderer of its own for this context, as the app makes one for its window: display
    /// lists in, pixels out.
    func renderer() throws -> any VideoFrameSource {
        try makeRenderer(.gl(es: window.isES), fonts: fonts)
    }

    /// GPU pixels of `prims`.
    func gpu(_ prims: [Primitive], width: Int, height: Int, background: Color) throws -> [UInt8] {
        try gl.bindOffscreenTarget(width: width, height: height)
        gl.draw(prims, width: width, height: height, background: background, fonts: fonts)
        return gl.readPixels(width: width, height: height)
    }

    /// The Swift reference's pixels of the same primitives.
    func reference(_ prims: [Primitive], width: Int, height: Int, background: Color) -> [UInt8] {
        var r = SoftwareRasterizer(width: width, height: height, background: background)
        r.draw(prims, atlas: fonts.atlas, atlasSize: FontLibrary.atlasSize)
        return r.rgba8
    }
}

/// Per-channel differences between two RGBA8 images.
struct ImageDiff {
    /// True when `a` and `b` hold the same bytes, by `memcmp` (a debug build's `==` on
    /// arrays calls the element's `==` through its witness table at every byte: half of
    /// ExactShortcutTests' time).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 }
        }
    }

    /// The largest difference of any byte of `a` from the same byte of `b` (the shorter's
    /// length), in a plain loop over the two buffers: a debug build's `zip` asks the runtime
    /// for generic metadata at every element (it took most of CoarseShadowTests' 175 s).
    static func largest(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var largest = 0, i = 0
                let n = min(pa.count, pb.count)
                while i < n {
                    let d = Int(pa[i]) - Int(pb[i])
                    if d > largest { largest = d } else if -d > largest { largest = -d }
                    i += 1
                }
                return largest
            }
        }
    }

    var maxDifference = 0
    var pixelsOver: Int = 0
    var worst = (x: 0, y: 0)

    init(_ a: [UInt8], _ b: [UInt8], width: Int, threshold: Int) {
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a[i + c]) - Int(b[i + c]))) }
            if d > maxDifference { maxDifference = d; worst = ((i / 4) % width, (i / 4) / width) }
            if d > threshold { pixelsOver += 1 }
        }
    }
}

/// Compares `pixels` with the golden image `name` within 2/255 per channel, saving the
/// actual image to /tmp/actual-NAME when they differ; with SPRINGLAB_UPDATE_GOLDEN=1 it
/// writes the golden instead (look at it before committing).
func expectGolden(_ pixels: [UInt8], width: Int, height: Int, name: String,
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = (Headless.goldenDirectory as NSString).appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["SPRINGLAB_UPDATE_GOLDEN"] == "1" {
        try PNG.write(rgba: pixels, width: width, height: height, to: path)
        return
    }
    let golden = try PNG.read(path)
    #expect(golden.width == width && golden.height == height, "\(name): size", sourceLocation: sourceLocation)
    let diff = ImageDiff(pixels, golden.rgba, width: width, threshold: 2)
    if diff.maxDifference > 2 { try? PNG.write(rgba: pixels, width: width, height: height, to: "/tmp/actual-" + name) }
    #expect(diff.maxDifference <= 2, "\(name): worst \(diff.maxDifference)/255 at \(diff.worst); actual in /tmp/actual-\(name)",
            sourceLocation: sourceLocation)
}
