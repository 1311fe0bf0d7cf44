import Render

/// The frames of a video on their way from the renderer to a sink, in order, with the
/// read-back and delivery of earlier frames overlapping the drawing of later ones.
///
/// For every frame of the take the caller either draws it — `addDrawnFrame { renderer
/// .draw(… into: frame) }`, always the same offscreen target, so a renderer that keeps
/// that target and repaints only what changed gets to do so — or, when the display list
/// is the same as the last one's, calls `addRepeatedFrame`, which draws and reads nothing.
/// `finish` delivers what is still in flight. The sink sees exactly the bytes that a
/// synchronous `readBackForVideo` after each draw would have given, in the same order.
///
/// The order of work for frame i: read frame i − 1 (its drawing has had all the time since
/// its draw to finish), draw i and start it executing, hand the oldest frames to the sink
/// while it does, and return — the caller then builds frame i + 1's display list, still
/// overlapping i's drawing, which is waited for only at the next call.
public final class VideoFramePipeline {
    private enum Entry: Equatable {
        /// A drawn frame; `requested` once its read-back has been started.
        case drawn(requested: Bool)
        case repeated
    }

    private let reader: any VideoReadBack
    private let sink: any FrameSink
    /// Frames in flight at most: the reader's capacity, so a read can always be started.
    private let lag: Int
    /// Frames added and not yet delivered, oldest first. Only the newest can be a drawn
    /// frame not yet requested: its pixels are still the renderer's target.
    private var entries: [Entry] = []
    /// The frame delivered last: what a repeated frame delivers again (the same array,
    /// not a copy).
    private var last: [UInt8]?
    /// Frames handed to the sink so far.
    public private(set) var delivered = 0

    public init(reader: any VideoReadBack, sink: any FrameSink) {
        self.reader = reader
        self.sink = sink
        lag = max(1, reader.capacity)
    }

    /// A frame drawn by `draw` into the renderer's offscreen target.
    public func addDrawnFrame(draw: () throws -> Void) throws {
        // The target is about to be drawn over: the frame it holds is read first.
        try requestNewest()
        try draw()
        reader.flush()
        try makeRoom()
        entries.append(.drawn(requested: false))
    }

    /// A frame with the same pixels as the one before.
    public func addRepeatedFrame() throws {
        try makeRoom()
        entries.append(.repeated)
    }

    /// Delivers every frame still in flight, in order.
    public func finish() throws {
        try requestNewest()
        while !entries.isEmpty { try deliverOldest() }
    }

    private func requestNewest() throws {
        guard let i = entries.lastIndex(of: .drawn(requested: false)) else { return }
        try reader.request()
        entries[i] = .drawn(requested: true)
    }

    private func makeRoom() throws {
        while entries.count >= lag { try deliverOldest() }
    }

    private func deliverOldest() throws {
        guard let entry = entries.first else { return }
        switch entry {
        case .drawn(let requested):
            if !requested { try requestNewest() }
            var buffer = sink.reusableBuffer() ?? []
            guard try reader.take(into: &buffer) else { throw CaptureError("video read-back: a frame was lost") }
            last = buffer
        case .repeated:
            guard last != nil else { throw CaptureError("video read-back: a repeated frame with none before it") }
        }
        entries.removeFirst()
        guard let frame = last else { return }
        try sink.write(frame)
        delivered += 1
    }
}
