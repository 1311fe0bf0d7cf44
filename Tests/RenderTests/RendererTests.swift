import Canvas
import Foundation
import Render
import Testing

/// The two backends behind `Renderer`: each draws a display list into a frame and reads
/// it back exactly as its own lower-level calls do, and the two agree with each other
/// within the GPU reference tolerance.
extension RenderSuite {
    @Suite struct RendererTests {
        /// A window-like surface that keeps what it was asked to show.
        final class RecordingSurface: RenderSurface {
            let drawableSize: (width: Int, height: Int)
            let scale: Double
            /// A swapped window: its pixels are not kept between presents.
            let keepsPixels = false
            var swaps = 0
            var shown: (rgba: [UInt8], width: Int, height: Int)?

            init(width: Int, height: Int, scale: Double) {
                drawableSize = (width, height)
                self.scale = scale
            }

            func show(_ frame: SurfaceFrame) {
                switch frame {
                case .framebuffer: swaps += 1
                case .pixels(let rgba, let width, let height): shown = (rgba, width, height)
                }
            }
        }

        @Test(arguments: [1.0, 2.0])
        func glThroughTheProtocolIsTheGLRenderer(scale: Double) throws {
            let h = try Headless()
            let renderer = try h.renderer()
            #expect(renderer.name == "gl")
            let list = GPUReferenceTests.testCard()
            let w = Int(420 * scale), ht = Int(200 * scale)
            let pixels = try renderer.pixels(list, offset: .zero, width: w, height: ht, scale: scale)
            let direct = try h.gpu(Flattener(scale: scale, fonts: h.fonts).flatten(list), width: w, height: ht,
                                   background: list.background)
            #expect(pixels == direct)
            // Read back again: the same frame, and for video the same pixels bottom-up.
            #expect(renderer.readBack() == pixels)
            let video = renderer.readBackForVideo()
            #expect(video.bottomUp && video.rgba.count == pixels.count)
            // The card is opaque, so premultiplied and straight agree: GL's first row is the
            // image's last.
            let rowBytes = w * 4
            #expect(Array(video.rgba[0..<rowBytes]) == Array(pixels[((ht - 1) * rowBytes)...]))
            #expect(Array(video.rgba[((ht - 1) * rowBytes)...]) == Array(pixels[0..<rowBytes]))
        }

        @Test(arguments: [1.0, 2.0])
        func softwareIsTheReferenceAndAgreesWithGL(scale: Double) throws {
            let h = try Headless()
            let software = try makeRenderer(.software, fonts: h.fonts)
            #expect(software.name == "software")
            let list = GPUReferenceTests.testCard()
            let w = Int(420 * scale), ht = Int(200 * scale)
            let pixels = try software.pixels(list, offset: .zero, width: w, height: ht, scale: scale)
            let reference = h.reference(Flattener(scale: scale, fonts: h.fonts).flatten(list), width: w, height: ht,
                                        background: list.background)
            #expect(pixels == reference)
            let video = software.readBackForVideo()
            #expect(!video.bottomUp && video.rgba == pixels)
            let gl = try h.renderer().pixels(list, offset: .zero, width: w, height: ht, scale: scale)
            let diff = ImageDiff(gl, pixels, width: w, threshold: 2)
            #expect(diff.maxDifference <= 2, "worst \(diff.maxDifference)/255 at \(diff.worst)")
        }

        @Test func presentDrawsAtTheSurfaceSizeAndShowsIt() throws {
            let h = try Headless()
            let list = GPUReferenceTests.testCard()
            let surface = RecordingSurface(width: 210, height: 100, scale: 0.5)
            let software = try makeRenderer(.software, fonts: h.fonts)
            software.present(list, on: surface)
            let shown = try #require(surface.shown)
            #expect(shown.width == 210 && shown.height == 100)
            #expect(shown.rgba == (try software.pixels(list, width: 210, height: 100, scale: 0.5)))
            #expect(surface.swaps == 0)
            let gl = try h.renderer()
            gl.present(list, on: surface)
            #expect(surface.swaps == 1)
        }
    }
}
