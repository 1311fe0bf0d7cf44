import Capture
import Foundation
import Render
import Synchronization
import Testing

/// Offline capture's plumbing (issue 16): the writer thread puts every frame down the pipe
/// in order, holds at most its capacity, and turns a reader that went away into an error;
/// the pipeline hands the sink exactly the frames drawn and repeated, in order, however
/// late it reads them.
@Suite struct FrameFeederTests {
    /// Bytes read from a pipe on another thread.
    final class Drain: Sendable {
        let bytes = Mutex(Data())
        let done = DispatchSemaphore(value: 0)

        init(fd: Int32) {
            DispatchQueue.global().async { [self] in
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    bytes.withLock { $0.append(contentsOf: chunk[0..<n]) }
                }
                done.signal()
            }
        }
    }

    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .sequentiallyConsistent) }
        var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    }

    static func frames(_ count: Int, size: Int) -> [[UInt8]] {
        (0..<count).map { i in (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ i &* 31) } }
    }

    static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    @Test func everyFrameArrivesWholeAndInOrder() throws {
        let p = try Self.makePipe()
        let drain = Drain(fd: p.read)
        let frames = Self.frames(12, size: 300_000)
        let feeder = FrameFeeder(fd: p.write, capacity: 3)
        for f in frames { try feeder.submit(f) }
        try feeder.close()
        close(p.write)
        drain.done.wait()
        close(p.read)
        #expect(drain.bytes.withLock { $0 } == Data(frames.joined()))
        #expect(feeder.reusableBuffer()?.count == 300_000, "written frames come back for reuse")
    }

    @Test func aReaderThatWentAwayFailsTheCaptureNotSilently() throws {
        signal(SIGPIPE, SIG_IGN)
        let p = try Self.makePipe()
        close(p.read)
        let feeder = FrameFeeder(fd: p.write, capacity: 2)
        var failure: FrameFeeder.WriteFailure?
        for f in Self.frames(8, size: 100_000) {
            do { try feeder.submit(f) } catch { failure = error; break }
        }
        // Queued frames are dropped, and closing reports the failure even when every
        // submit went through before the first write failed.
        do { try feeder.close() } catch { failure = failure ?? error }
        #expect(failure == FrameFeeder.WriteFailure(errno: EPIPE))
        #expect(throws: FrameFeeder.WriteFailure.self) { try feeder.submit([1, 2, 3]) }
        close(p.write)
    }

    @Test func aSlowReaderHoldsTheProducerAtCapacity() throws {
        let p = try Self.makePipe()
        let size = 1 << 20  // larger than the pipe, so the first write stalls
        let feeder = FrameFeeder(fd: p.write, capacity: 2)
        let frames = Self.frames(4, size: size)
        // One frame in the writer's hands, two queued: all three submits return.
        for f in frames.prefix(3) { try feeder.submit(f) }
        let fourthReturned = Flag()
        let fourth = frames[3]
        DispatchQueue.global().async {
            try? feeder.submit(fourth)
            fourthReturned.set()
        }
        usleep(200_000)
        let early = fourthReturned.isSet
        #expect(!early, "a full queue must hold the producer back")
        let drain = Drain(fd: p.read)
        while !fourthReturned.isSet { usleep(1_000) }
        try feeder.close()
        close(p.write)
        drain.done.wait()
        close(p.read)
        #expect(drain.bytes.withLock { $0.count } == 4 * size)
    }
}

@Suite struct VideoFramePipelineTests {
    /// A renderer's target as one number a frame, and a reader that — like a GPU — reads
    /// the target when the read is *requested*: a pipeline that asked too late would get
    /// the next frame's pixels.
    final class FakeTarget {
        var value: UInt8 = 0
    }

    final class LateReader: VideoReadBack {
        let target: FakeTarget
        let capacity: Int
        var bottomUp: Bool { true }
        var requested: [UInt8] = []
        var flushes = 0
        var pending: Int { requested.count }

        init(target: FakeTarget, capacity: Int) {
            self.target = target
            self.capacity = capacity
        }

        func flush() { flushes += 1 }

        func request() throws {
            guard requested.count < capacity else { throw CaptureError("over capacity") }
            requested.append(target.value)
        }

        func take(into buffer: inout [UInt8]) throws -> Bool {
            guard !requested.isEmpty else { return false }
            buffer = [UInt8](repeating: requested.removeFirst(), count: 16)
            return true
        }
    }

    final class RecordingSink: FrameSink {
        var frames: [UInt8] = []
        func write(_ rgba: [UInt8]) throws(CaptureError) { frames.append(rgba[0]) }
        func finish() throws(CaptureError) {}
        func abandon() {}
    }

    /// 0 is a repeat of the frame before; anything else is a new frame drawn with that value.
    @Test(arguments: [[1, 2, 3, 4, 5], [1, 0, 0, 2, 0, 3, 4, 0, 0, 0], [7], [7, 0, 0, 0, 0], [1, 2, 0]], [1, 2, 3])
    func theSinkGetsEveryFrameInOrder(script: [Int], capacity: Int) throws {
        let target = FakeTarget()
        let reader = LateReader(target: target, capacity: capacity)
        let sink = RecordingSink()
        let pipeline = VideoFramePipeline(reader: reader, sink: sink)
        var expected: [UInt8] = []
        for v in script {
            if v == 0 {
                try pipeline.addRepeatedFrame()
            } else {
                try pipeline.addDrawnFrame { target.value = UInt8(v) }
            }
            expected.append(v == 0 ? expected.last ?? 0 : UInt8(v))
            // Never more than `capacity` frames behind.
            #expect(expected.count - sink.frames.count <= max(1, capacity))
        }
        try pipeline.finish()
        #expect(sink.frames == expected)
        #expect(pipeline.delivered == script.count)
        #expect(reader.pending == 0)
        #expect(reader.flushes == script.filter { $0 != 0 }.count, "each drawn frame is set going before the CPU moves on")
    }

    @Test func aRepeatWithNothingBeforeItIsAnError() throws {
        let pipeline = VideoFramePipeline(reader: LateReader(target: FakeTarget(), capacity: 2), sink: RecordingSink())
        try pipeline.addRepeatedFrame()
        #expect(throws: CaptureError.self) { try pipeline.finish() }
    }
}
