import Files
import Foundation
import Render

/// Where rendered frames go (docs/behaviour.md §7), chosen by the output path: `.mp4` (H.264, yuv420p)
/// and `.gif` (a palette made from the clip, then used) through the ffmpeg program, a
/// folder of PNGs, or one PNG. Every sink writes beside its target and moves the result
/// into place only when whole; a failure removes what it wrote.
public enum OutputKind: Equatable, Sendable {
    case mp4, gif, folder(transparent: Bool), png

    /// The kind for `path`: a name ending in .mp4, .gif or .png is that file (an existing
    /// folder of that name is then refused, never written into); otherwise a trailing `/`
    /// or an existing directory is a folder.
    public static func of(_ path: String, transparent: Bool) -> OutputKind? {
        let lower = path.lowercased()
        if lower.hasSuffix(".mp4") { return .mp4 }
        if lower.hasSuffix(".gif") { return .gif }
        if lower.hasSuffix(".png") { return .png }
        if path.hasSuffix("/") || PathKind.of(path) == .directory { return .folder(transparent: transparent) }
        return nil
    }

    /// GIF delays are whole centiseconds: 50, 33 (really 100/3) or 25 frames a second.
    public static let gifRates: [Int: Double] = [50: 50, 33: 100.0 / 3, 25: 25]
}

public protocol FrameSink: AnyObject {
    /// Takes one frame: straight-alpha RGBA8, top row first — or for an `FFmpegSink`, the
    /// format it was made for.
    func write(_ frame: [UInt8]) throws(CaptureError)
    /// Completes the output and moves it into place.
    func finish() throws(CaptureError)
    /// Stops and removes whatever was written.
    func abandon()
    /// An array whose frame has been written and which may be filled with the next one
    /// (its pages already mapped), if the sink has one to give back.
    func reusableBuffer() -> [UInt8]?
}

extension FrameSink {
    public func reusableBuffer() -> [UInt8]? { nil }
}

/// The ffmpeg program, found on PATH.
public enum FFmpeg {
    public static let installHint = "ffmpeg is not installed: install it with 'sudo apt install ffmpeg' "
        + "(PNG and folder outputs work without it)"

    /// ffmpeg in `searchPath`, or nil.
    public static func locate(in searchPath: SearchPath) -> String? {
        searchPath.locate("ffmpeg")
    }
}

/// Pipes raw frames into ffmpeg, which writes a temporary `OutputFile` made beside the
/// target; the result moves into place only when ffmpeg exited 0 *and* the file is whole
/// (an MP4's boxes add up and hold a `moov`, a GIF ends with its trailer): on a full disk
/// ffmpeg has been seen to exit 0 with an MP4 lacking its index. A frame that cannot be
/// written (ffmpeg gone) stops the capture with ffmpeg's own last words.
///
/// Frames go down the pipe from a `FrameFeeder` thread, a few frames behind: `write`
/// returns once the frame is queued, and a failed write surfaces at the next `write` or
/// at `finish` — never later, so a capture cannot succeed past a dead encoder.
public final class FFmpegSink: FrameSink {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let kind: OutputKind
    private let file: OutputFile
    private let errorText = LockedBuffer()
    private var finished = false
    private var cleanupKey: Int?
    private var feeder: FrameFeeder?

    /// `frames`: what each frame's bytes are. RGBA frames whose last row comes first (as GL
    /// reads them) are flipped by ffmpeg; an MP4 takes `BT709Planes` as they are (a GIF
    /// needs RGBA for its palette). ffmpeg is looked for in `searchPath`.
    public init(path: String, kind: OutputKind, width: Int, height: Int, fps: Double,
                frames: VideoFrameFormat = .rgba(bottomUp: false), searchPath: SearchPath) throws(CaptureError) {
        guard let ffmpeg = FFmpeg.locate(in: searchPath) else { throw CaptureError(FFmpeg.installHint) }
        guard kind == .mp4 || kind == .gif else { throw CaptureError("ffmpeg writes only .mp4 and .gif") }
        guard kind == .mp4 || frames != .yuv420BT709 else { throw CaptureError("a GIF is made from RGBA frames") }
        // A reader that dies must give an error on write, not end this process.
        signal(SIGPIPE, SIG_IGN)
        self.kind = kind
        do { file = try OutputFile(target: path) } catch { throw CaptureError(error.description) }
        // ffmpeg truncates and writes the temporary itself (-y).
        file.closeForExternalWriter()
        let partial = file.temporaryPath
        let bottomUp = frames == .rgba(bottomUp: true)
        let pixelFormat = frames == .yuv420BT709 ? "yuv420p" : "rgba"
        var args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", pixelFormat,
                    "-s", "\(width)x\(height)", "-framerate", String(format: "%.6f", fps), "-i", "-"]
        if kind == .mp4 {
            // ultrafast at CRF 18. Measured against the PNG frames at 1280x800 (push-alert
            // present, presence next, liquid spread): PSNR 50.7 / 48.0 / 49.3 dB, SSIM
            // 0.9987 / 0.9981 / 0.9981 — above superfast at CRF 18 (50.2 / 47.1 / 48.3 dB)
            // and close to the 51.1 / 48.5 / 50.3 dB that yuv420p itself allows (CRF 0).
            // x264 takes about half superfast's CPU, which the renderer needs on two
            // cores; the price is files about twice as large (90-300 KB for 1.5-1.8 s).
            // Colour that survives the player (issue 17): converted with the BT.709 matrix at
            // video range — what every player assumes for HD — and tagged so (primaries,
            // transfer, matrix, range), with swscale's exact rounding and full-resolution
            // chroma on the way in; untagged, a player read #FFF4E5 as (255, 242, 228).
            // Frames that come converted (`BT709Planes`, the capture's way since issue 16)
            // are encoded as they are.
            let convert = "scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int+full_chroma_inp,format=yuv420p"
            // Their chroma is each 2×2 block's mean, sited at its centre, and tagged so.
            args += frames == .yuv420BT709 ? ["-chroma_sample_location", "center"] : ["-vf", (bottomUp ? "vflip," : "") + convert]
            args += ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "18",
                     "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
                     "-movflags", "+faststart", "-f", "mp4", partial]
        } else {
            let flip = bottomUp ? "vflip," : ""
            args += ["-filter_complex", "[0:v]\(flip)split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                     "-f", "gif", partial]
        }
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = args
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let buffer = errorText
        errors.fileHandleForReading.readabilityHandler = { h in buffer.append(h.availableData) }
        do { try process.run() } catch {
            file.abandon()
            throw CaptureError("cannot start ffmpeg (\(quotedPath(ffmpeg))): \(error.localizedDescription)")
        }
        let pid = process.processIdentifier
        cleanupKey = Interrupt.register { kill(pid, SIGKILL) }
        let fd = input.fileHandleForWriting.fileDescriptor
        Self.widenPipe(fd, toHold: frames == .yuv420BT709 ? BT709Planes.byteCount(width: width, height: height) : width * height * 4)
        feeder = FrameFeeder(fd: fd, capacity: 3)
    }

    /// Linux pipes hold 64 KiB: a 4 MB frame then goes over in 64 writes, each waking
    /// ffmpeg for 64 KiB. A pipe of up to a frame (the unprivileged limit is 1 MiB by
    /// default) cuts those wake-ups 16-fold. Best effort: where it is refused the default
    /// pipe works the same, only slower.
    static func widenPipe(_ fd: Int32, toHold bytes: Int) {
        let F_SETPIPE_SZ: Int32 = 1031  // <fcntl.h> with _GNU_SOURCE, which Glibc does not import
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 1 << 20
        _ = fcntl(fd, F_SETPIPE_SZ, Int32(clamping: min(bytes, limit)))
    }

    deinit { abandon() }

    /// Takes what ffmpeg wrote to its standard error and the reader has not delivered yet:
    /// ffmpeg may have exited a moment before its last words arrived (then they would be
    /// missing from the message, as a test saw once under load).
    private func drainErrors() {
        errors.fileHandleForReading.readabilityHandler = nil
        if let rest = try? errors.fileHandleForReading.readToEnd() { errorText.append(rest) }
    }

    private var lastWords: String {
        let text = String(decoding: errorText.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return escaped(text.split(separator: "\n").suffix(2).joined(separator: " / "), limit: 200)
    }

    public func write(_ frame: [UInt8]) throws(CaptureError) {
        do {
            guard let feeder else { throw FrameFeeder.WriteFailure(errno: EPIPE) }
            try feeder.submit(frame)
        } catch {
            throw stoppedWhileWriting()
        }
    }

    public func reusableBuffer() -> [UInt8]? { feeder?.reusableBuffer() }

    /// The error for a pipe that took no more frames: ffmpeg is waited for (its last words
    /// are the reason) and everything is removed.
    private func stoppedWhileWriting() -> CaptureError {
        feeder?.cancel()
        feeder = nil
        if waitForExit() { drainErrors() }
        abandon()
        let words = lastWords
        return CaptureError("ffmpeg stopped while writing \(quotedPath(file.target))\(words.isEmpty ? "" : ": \(words)")")
    }

    /// Waits for ffmpeg, giving up (and stopping it) when this process is asked to stop.
    private func waitForExit() -> Bool {
        while process.isRunning {
            if Interrupt.received != nil {
                process.terminate()
                process.waitUntilExit()
                return false
            }
            usleep(5_000)
        }
        return true
    }

    public func finish() throws(CaptureError) {
        // Every queued frame down the pipe first; only then does closing it mean the end.
        do { try feeder?.close() } catch { throw stoppedWhileWriting() }
        feeder = nil
        try? input.fileHandleForWriting.close()
        let exited = waitForExit()
        cleanupKey.map(Interrupt.unregister)
        if exited { drainErrors() } else { errors.fileHandleForReading.readabilityHandler = nil }
        finished = true
        if !exited {
            file.abandon()
            throw CaptureError("ffmpeg was stopped before it finished \(quotedPath(file.target))")
        }
        guard process.terminationStatus == 0 else {
            file.abandon()
            let words = lastWords
            throw CaptureError("ffmpeg failed writing \(quotedPath(file.target)) (exit \(process.terminationStatus))\(words.isEmpty ? "" : ": \(words)")")
        }
        let kind = self.kind
        do {
            try file.finish(validate: { path in kind == .mp4 ? EncodedFile.mp4Problem(path) : EncodedFile.gifProblem(path) })
            try file.commit()
        } catch {
            throw CaptureError(error.description)
        }
    }

    public func abandon() {
        if !finished {
            // ffmpeg stopped first: a write the feeder is blocked in then fails at once.
            if process.isRunning { process.terminate() }
            feeder?.cancel()
            feeder = nil
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            errors.fileHandleForReading.readabilityHandler = nil
            finished = true
        }
        cleanupKey.map(Interrupt.unregister)
        file.abandon()
    }
}

/// Bytes appended from another thread (ffmpeg's stderr reader) and read on this one.
public final class LockedBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    public init() {}

    public func append(_ d: Data) {
        lock.lock()
        bytes.append(d)
        lock.unlock()
    }

    public var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }
}
