import Foundation

/// Writes frames to a file descriptor (an encoder's standard input) on a thread of its
/// own, so the renderer draws frame i + 1 while frame i is still going down the pipe.
///
/// The queue holds at most `capacity` frames: `submit` waits while it is full, so memory
/// stays bounded (three 1280×800 frames are 12 MB) however far the encoder falls behind.
/// The first failed write (the reader gone: EPIPE; a full disk behind it) stops the
/// thread; the frames still queued are dropped and every later `submit` and `close`
/// throws, so the caller fails the capture with the encoder's own words.
///
/// Buffers the thread has written are kept (up to `capacity`) for `reusableBuffer`: a
/// frame read back into an array that already has its pages costs no page faults and no
/// zero-fill of 4 MB.
///
/// Locking: every stored `var` below is read and written only with `condition` locked;
/// the descriptor and the capacity are immutable. That is what makes the class safe to
/// share with its thread (`@unchecked Sendable` states it; the compiler cannot see locks).
public final class FrameFeeder: @unchecked Sendable {
    /// Why writing stopped: the errno of the failed write.
    public struct WriteFailure: Error, Sendable, Equatable {
        public let errno: Int32
        public init(errno: Int32) { self.errno = errno }
        public var description: String { String(cString: strerror(errno)) }
    }

    private let fd: Int32
    public let capacity: Int
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var spares: [[UInt8]] = []
    private var failure: WriteFailure?
    /// No more frames will come: the thread ends once the queue is empty.
    private var closing = false
    /// Drop what is queued and end as soon as the current write returns.
    private var cancelled = false
    private var running = true

    /// Starts the writing thread on `fd`, which stays open and owned by the caller: close
    /// it only after `close()` or `cancel()` has returned.
    public init(fd: Int32, capacity: Int = 3) {
        self.fd = fd
        self.capacity = max(1, capacity)
        let thread = Thread { [self] in run() }
        thread.name = "springlab frame writer"
        thread.start()
    }

    /// Queues `frame`, waiting while the queue is full; throws once a write has failed.
    public func submit(_ frame: [UInt8]) throws(WriteFailure) {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity && failure == nil && !cancelled { condition.wait() }
        if let failure { throw failure }
        guard !cancelled, !closing else { throw WriteFailure(errno: EPIPE) }
        queue.append(frame)
        condition.broadcast()
    }

    /// A buffer whose frame has been written, to be filled again, if one is free.
    public func reusableBuffer() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        return spares.popLast()
    }

    /// Waits until every queued frame is written and the thread has ended; throws the
    /// failure if a write failed on the way.
    public func close() throws(WriteFailure) {
        condition.lock()
        defer { condition.unlock() }
        closing = true
        condition.broadcast()
        while running { condition.wait() }
        if let failure { throw failure }
    }

    /// Drops the queued frames and waits for the thread to end. A write in progress ends
    /// only when the reader reads or goes away: stop the reader first.
    public func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        queue.removeAll()
        condition.broadcast()
        while running { condition.wait() }
    }

    private func run() {
        while let frame = next() {
            let error = write(frame)
            condition.lock()
            if let error, failure == nil {
                failure = error
                queue.removeAll()
            }
            if spares.count < capacity { spares.append(frame) }
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        running = false
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame to write, waiting for one; nil when the thread should end.
    private func next() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !closing && !cancelled && failure == nil { condition.wait() }
        if cancelled || failure != nil || queue.isEmpty { return nil }
        let frame = queue.removeFirst()
        condition.broadcast()  // a submitter may be waiting for the room just made
        return frame
    }

    /// Writes all of `bytes`, retrying short writes and interruptions; the errno on failure.
    private func write(_ bytes: [UInt8]) -> WriteFailure? {
        bytes.withUnsafeBytes { raw -> WriteFailure? in
            guard var p = raw.baseAddress else { return nil }
            var left = raw.count
            while left > 0 {
                let n = Glibc.write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    return WriteFailure(errno: errno)
                }
                p += n
                left -= n
            }
            return nil
        }
    }
}
