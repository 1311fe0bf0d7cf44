import Canvas
import Foundation
import Render
import Testing

/// The late read-backs offline capture uses (issue 16): a frame taken from a pixel buffer
/// ring, or from the direct reader, a frame or two after it was drawn is byte for byte the
/// frame a synchronous `readBackForVideo` gives right after the draw — every frame of a
/// sequence, in order, the last ones included when they are taken at the end.
extension RenderSuite {
    @Suite struct VideoReadBackTests {
        enum Kind: String, CaseIterable, CustomTestStringConvertible {
            case pixelBuffers, direct, chosenForThisDriver, software
            var testDescription: String { rawValue }
        }

        /// Seven different frames: the test card moved a little further each time.
        static let offsets = (0..<7).map { Point2(Double($0) * 3, Double($0)) }
        static let frame = RenderFrame(width: 300, height: 200, scale: 1)

        func renderer(_ kind: Kind, _ h: Headless) throws -> any Renderer {
            kind == .software ? try makeRenderer(.software, fonts: h.fonts) : try GLRenderer(es: h.window.isES, fonts: h.fonts)
        }

        func reader(_ kind: Kind, _ renderer: any Renderer, depth: Int) throws -> any VideoReadBack {
            let f = Self.frame
            switch kind {
            case .pixelBuffers:
                return try #require(renderer as? GLRenderer).makePixelBufferReadBack(width: f.width, height: f.height, depth: depth)
            case .direct:
                return try #require(renderer as? GLRenderer).makeDirectReadBack(width: f.width, height: f.height, depth: depth)
            case .chosenForThisDriver, .software:
                return try renderer.makeVideoReadBack(width: f.width, height: f.height, depth: depth)
            }
        }

        @Test(arguments: Kind.allCases, [2, 3])
        func lateReadsAreTheSynchronousBytesInOrder(kind: Kind, depth: Int) throws {
            try expectLateReadsMatch(kind: kind, depth: depth, h: try Headless())
        }

        /// GLES 3.0 has pixel buffer objects and `glMapBufferRange` too: the same bytes there.
        @Test(arguments: [Kind.pixelBuffers, .direct])
        func lateReadsMatchOnGLES(kind: Kind) throws {
            let h = try Headless(esOnly: true)
            #expect(h.window.isES)
            try expectLateReadsMatch(kind: kind, depth: 2, h: h)
        }

        func expectLateReadsMatch(kind: Kind, depth: Int, h: Headless) throws {
            let list = GPUReferenceTests.testCard()
            // The truth: each frame read synchronously right after its draw.
            let reference = try renderer(kind, h)
            var expected: [[UInt8]] = []
            for offset in Self.offsets {
                try reference.draw(list, offset: offset, into: Self.frame)
                expected.append(reference.readBackForVideo().rgba)
            }
            #expect(Set(expected).count == Self.offsets.count, "the frames must differ, or order is not tested")

            // The capture's way: request after each draw, take only when the ring is full,
            // and everything still pending at the end.
            let renderer = try renderer(kind, h)
            let reader = try reader(kind, renderer, depth: depth)
            #expect(reader.capacity >= 2 || kind == .software)
            var got: [[UInt8]] = []
            var buffer: [UInt8] = []
            for offset in Self.offsets {
                if reader.pending == reader.capacity {
                    #expect(try reader.take(into: &buffer))
                    got.append(buffer)
                }
                try renderer.draw(list, offset: offset, into: Self.frame)
                reader.flush()
                try reader.request()
            }
            #expect(reader.pending == min(reader.capacity, Self.offsets.count))
            while try reader.take(into: &buffer) { got.append(buffer) }
            #expect(reader.pending == 0)
            #expect(reader.bottomUp == (kind != .software))
            try #require(got.count == expected.count)
            for i in got.indices { #expect(got[i] == expected[i], "frame \(i) differs") }
        }

        @Test(arguments: Kind.allCases)
        func misuseIsAnErrorNeverAWrongFrame(kind: Kind) throws {
            let h = try Headless()
            let renderer = try renderer(kind, h)
            let reader = try reader(kind, renderer, depth: 2)
            var buffer: [UInt8] = []
            #expect(try !reader.take(into: &buffer), "nothing requested, nothing to take")
            // A frame of another size is not the reader's to read.
            try renderer.draw(GPUReferenceTests.testCard(), offset: .zero, into: RenderFrame(width: 320, height: 200, scale: 1))
            #expect(throws: (any Error).self) { try reader.request() }
            try renderer.draw(GPUReferenceTests.testCard(), offset: .zero, into: Self.frame)
            for _ in 0..<reader.capacity { try reader.request() }
            #expect(throws: (any Error).self) { try reader.request() }
            #expect(reader.pending == reader.capacity)
        }
    }
}
