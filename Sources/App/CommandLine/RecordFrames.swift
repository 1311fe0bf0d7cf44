import Canvas
import Capture
import Inspector
import Render
import Workbench

/// The frames of a take on their way to its sink. A display list equal to the last one
/// (a still moment) is not drawn again: the sink gets the same pixels. Every other list
/// is drawn into the renderer's one offscreen target at the take's size — the same
/// target each frame, so a renderer that keeps it and repaints only what changed can.
///
/// Videos go through a `VideoFramePipeline`: the read-back of frame i overlaps drawing
/// frame i + 1, and the pipe to the encoder is fed from its own thread. Images (a folder
/// of PNGs, one PNG) are read back straight and top row first, as they are drawn.
final class RecordFrames {
    /// Reads in flight. With two, frame i is read only once frame i + 1's display list
    /// is built (its drawing meanwhile runs on the rasterizer's threads) and copied out
    /// after i + 1 is drawn. On llvmpipe the read itself is synchronous, so a deeper ring
    /// would only hold another 4 MB frame; on a GPU a third might hide a slow copy (not
    /// measured: there is none on the development machine).
    static let readBackDepth = 2

    private let renderer: StageRenderer
    private let frame: RenderFrame
    private let sink: any FrameSink
    private let pipeline: VideoFramePipeline?
    private var lastList: DisplayList?
    /// The last image's pixels (images only: the pipeline repeats video frames itself).
    private var lastPixels: [UInt8]?

    /// `videoReader`: the renderer's read-back for a video sink; nil for images.
    init(renderer: StageRenderer, frame: RenderFrame, sink: any FrameSink, videoReader: (any VideoReadBack)?) {
        self.renderer = renderer
        self.frame = frame
        self.sink = sink
        pipeline = videoReader.map { VideoFramePipeline(reader: $0, sink: sink) }
    }

    /// Adds the frame that shows `list`.
    func add(_ list: DisplayList) throws {
        let same = lastList == list
        lastList = list
        if let pipeline {
            if same { return try pipeline.addRepeatedFrame() }
            return try pipeline.addDrawnFrame { try renderer.renderer.draw(list, offset: .zero, into: frame) }
        }
        let pixels = try same ? lastPixels ?? draw(list) : draw(list)
        lastPixels = pixels
        try sink.write(pixels)
    }

    private func draw(_ list: DisplayList) throws -> [UInt8] {
        try renderer.pixels(list, offset: .zero, width: frame.width, height: frame.height, scale: frame.scale)
    }

    /// Hands the frames still in flight to the sink (which is then finished by the caller).
    func finish() throws {
        try pipeline?.finish()
    }
}
