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

        /// The renderer for `kind` and a reader of `depth` from it.
        func renderer(_ kind: Kind, _ h: Headless, depth: Int) throws -> (any VideoFrameSource, any VideoReadBack) {
            let f = Self.frame
            if kind == .software {
                let software = try makeRenderer(.software, fonts: h.fonts)
                return (software, try software.makeVideoReadBack(width: f.width, height: f.height, depth: depth))
            }
            let gl = try GLRenderer(es: h.window.isES, fonts: h.fonts)
            switch kind {
            case .pixelBuffers: return (gl, try gl.makePixelBufferReadBack(width: f.width, height: f.height, depth: depth))
            case .direct: return (gl, gl.makeDirectReadBack(width: f.width, height: f.height, depth: depth))
            case .chosenForThisDriver, .software: return (gl, try gl.makeVideoReadBack(width: f.width, height: f.height, depth: depth))
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
            let (reference, _) = try self.renderer(kind, h, depth: depth)
            var expected: [[UInt8]] = []
            for offset in Self.offsets {
                try reference.draw(list, offset: offset, into: Self.frame)
                expected.append(reference.readBackForVideo().rgba)
            }
            #expect(Set(expected).count == Self.offsets.count, "the frames must differ, or order is not tested")

            // The capture's way: request after each draw, take only when the ring is full,
            // and everything still pending at the end.
            let (renderer, reader) = try self.renderer(kind, h, depth: depth)
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

        /// The encoder's read-back on GL reads only what each draw repainted, and its planes
        /// are still those of the whole frame: every frame of a sequence — a dot moving by
        /// odd pixels (blocks half repainted), a frame drawn again unchanged, two draws with
        /// one read between them, a new background (all repainted) — byte for byte the
        /// whole frame read and converted.
        @Test func encoderFramesAreTheWholeFrameConvertedWhereverTheRepaintWas() throws {
            let h = try Headless()
            let renderer = try GLRenderer(es: h.window.isES, fonts: h.fonts)
            let f = Self.frame
            let reader = renderer.makeRepaintedYUVReadBack(width: f.width, height: f.height, depth: 2)
            #expect(reader.format == .yuv420BT709)
            func card(dot i: Int, background: UInt32 = 0xFFFFFF) -> DisplayList {
                var list = GPUReferenceTests.testCard()
                list.background = Color(hex: background)
                list.fill(.circle(center: Point2(101.5 + Double(3 * i), 181.5 - Double(i)), radius: 4.5), Paint(fill: Color(hex: 0x0A84FF)))
                return list
            }
            // (list, read after it?) in the order drawn.
            var steps: [(DisplayList, Bool)] = (0..<6).map { (card(dot: $0), true) }
            steps += [(card(dot: 5), true), (card(dot: 6), false), (card(dot: 7), true)]
            steps += [(card(dot: 8, background: 0xF3F2EE), true), (card(dot: 9, background: 0xF3F2EE), true)]
            var expected: [[UInt8]] = []
            var converted: [Int] = []
            var got: [[UInt8]] = []
            var buffer: [UInt8] = []
            for (list, read) in steps {
                if reader.pending == reader.capacity {
                    #expect(try reader.take(into: &buffer))
                    got.append(buffer)
                }
                try renderer.draw(list, offset: .zero, into: f)
                guard read else { continue }
                let before = renderer.stats.videoConvertedPixels
                try reader.request()
                converted.append(renderer.stats.videoConvertedPixels - before)
                var whole = BT709Planes(width: f.width, height: f.height)
                renderer.readBack().withUnsafeBytes { whole.convertAll($0, bottomUp: false) }
                expected.append(whole.bytes)
            }
            while try reader.take(into: &buffer) { got.append(buffer) }
            try #require(got.count == expected.count)
            for i in got.indices {
                let differing = zip(got[i], expected[i]).count { $0 != $1 }
                #expect(got[i].count == expected[i].count && differing == 0, "frame \(i): \(differing) bytes differ")
            }
            #expect(Set(expected).count == expected.count - 1, "every frame but the one drawn again differs")
            // What was read: all of the first frame, a little of each dot's move, nothing for
            // the unchanged frame, all after two draws and after the new background.
            let all = f.width * f.height
            #expect(converted[0] == all)
            for i in 1..<6 { #expect(converted[i] > 0 && converted[i] < all / 20, "frame \(i): \(converted[i]) pixels") }
            #expect(converted[6] == 0)
            #expect(converted[7] == all)
            #expect(converted[8] == all)
            #expect(converted[9] > 0 && converted[9] < all / 20)
        }

        @Test(arguments: Kind.allCases)
        func misuseIsAnErrorNeverAWrongFrame(kind: Kind) throws {
            let h = try Headless()
            let (renderer, reader) = try self.renderer(kind, h, depth: 2)
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
