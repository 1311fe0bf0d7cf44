import Files
import Fit
import Foundation

/// Reads a video through ffmpeg as planar colour frames with their presentation times, for
/// `springlab fit` (docs/behaviour.md §16).
///
/// Frames come exactly as the container has them (`-fps_mode passthrough`: none made
/// up, none dropped), each with its timestamp from the `showinfo` filter: screen
/// recordings have variable frame rates, so a constant rate is never assumed. Frames
/// larger than `trackingSize` on their long side are scaled down by ffmpeg (area
/// averaging, which also smooths a GIF's dither) and the scale is kept to put positions
/// back into the video's pixels.
public enum ClipDecoder {
    /// The long side frames are tracked at, pixels.
    public static let trackingSize = 640
    /// The most bytes of frames held: 20 s at 60 fps of 640×360 colour. A longer clip is
    /// tracked smaller (a minute at 60 fps at 370×208) rather than refused.
    public static let frameBudget = 1200 * 640 * 360 * 3
    /// The most frames read at all: two minutes at 60 fps; --from and --to pick the part
    /// of a longer recording.
    public static let maximumFrames = 7200

    public static let installHint = "ffmpeg is not installed: install it with 'sudo apt install ffmpeg' (a CSV of positions works without it)"

    /// Decodes `path` between `from` and `to` (s, the file's own times; nil: all).
    /// `progress` hears the frames read so far and the frames expected (0 if unknown).
    public static func decode(_ path: String, searchPath: SearchPath, from: Double? = nil, to: Double? = nil,
                              progress: ((Int, Int) -> Void)? = nil) throws(FitError) -> Clip {
        guard let ffmpeg = searchPath.locate("ffmpeg") else { throw FitError(installHint) }
        let name = quotedPath(path)
        switch PathKind.of(path) {
        case .regular: break
        case .missing: throw FitError("\(name) does not exist")
        case .directory: throw FitError("\(name) is a folder, not a video")
        case let kind: throw FitError("\(name) is \(kind.noun), not a video")
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw FitError("cannot read \(name): permission denied") }
        if (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 { throw FitError("\(name) is empty") }
        let probe = try probe(path, ffprobe: searchPath.locate("ffprobe"), ffmpeg: ffmpeg)
        let long = max(probe.width, probe.height)
        var factor = long > trackingSize ? Double(trackingSize) / Double(long) : 1
        // The frames expected (in the part asked for): smaller when many, to stay in budget.
        let span = (to ?? probe.duration) - (from ?? 0)
        let expected = probe.frames > 0 && from == nil && to == nil ? Double(probe.frames) : max(span, 0) * probe.rate
        let bytes = expected * 3 * Double(probe.width * probe.height) * factor * factor
        if bytes > Double(frameBudget) { factor *= (Double(frameBudget) / bytes).squareRoot() }
        // Even sizes: ffmpeg's scalers want them for some formats.
        let w = max(2, Int((Double(probe.width) * factor / 2).rounded()) * 2)
        let h = max(2, Int((Double(probe.height) * factor / 2).rounded()) * 2)
        var filters: [String] = []
        if from != nil || to != nil {
            // (trim compares the frames' own timestamps, which count from the file's start time)
            filters.append("trim=" + [from.map { "start=\($0 + probe.start)" }, to.map { "end=\($0 + probe.start)" }]
                .compactMap { $0 }.joined(separator: ":"))
        }
        if w != probe.width || h != probe.height { filters.append("scale=\(w):\(h):flags=area") }
        filters += ["format=gbrp", "showinfo=checksum=0"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "info", "-i", path, "-map", "0:v:0",
                             "-vf", filters.joined(separator: ","), "-fps_mode", "passthrough",
                             "-f", "rawvideo", "-pix_fmt", "gbrp", "pipe:1"]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let errorText = LockedBuffer()
        errors.fileHandleForReading.readabilityHandler = { h in errorText.append(h.availableData) }
        do { try process.run() } catch {
            throw FitError("cannot start ffmpeg (\(quotedPath(ffmpeg))): \(error.localizedDescription)")
        }
        let pid = process.processIdentifier
        let cleanup = Interrupt.register { kill(pid, SIGKILL) }
        defer { Interrupt.unregister(cleanup) }
        // The frames, read as they come.
        let frameBytes = 3 * w * h
        var frames: [[UInt8]] = []
        // Read straight into each frame's own bytes: no chunk copies (a 1080p clip's
        // frames are 165 MB through this pipe, and copying them twice cost as much as
        // ffmpeg's scaling).
        let fd = output.fileHandleForReading.fileDescriptor
        FFmpegSink.widenPipe(fd, toHold: frameBytes)
        var tooLong = false
        reading: while true {
            var frame = [UInt8](repeating: 0, count: frameBytes)
            var filled = 0
            while filled < frameBytes {
                let n = frame.withUnsafeMutableBytes { read(fd, $0.baseAddress!.advanced(by: filled), frameBytes - filled) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break reading }
                filled += n
            }
            frames.append(frame)
            if frames.count % 10 == 0 { progress?(frames.count, probe.frames) }
            // (Twice the budget when the container misstated its length: never unbounded.)
            let over = frames.count > maximumFrames || frames.count * frameBytes > 2 * frameBudget
            if over || Interrupt.received != nil {
                tooLong = over
                process.terminate()
                break
            }
        }
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        if let rest = try? errors.fileHandleForReading.readToEnd() { errorText.append(rest) }
        if let signal = Interrupt.received { throw FitError("stopped by signal \(signal) while reading \(name)") }
        if tooLong {
            throw FitError("\(name) has more than \(frames.count - 1) frames: narrow it with --from and --to")
        }
        let log = String(decoding: errorText.data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw FitError("ffmpeg cannot read \(name)\(lastWords(log).isEmpty ? "" : ": " + lastWords(log))")
        }
        let times = log.split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("showinfo"), let r = line.range(of: "pts_time:") else { return nil }
            let rest = line[r.upperBound...].prefix { !$0.isWhitespace }
            return Double(rest)
        }
        guard !frames.isEmpty else { throw FitError("\(name) has no frames\(from != nil || to != nil ? " between --from and --to" : "")") }
        guard times.count == frames.count else {
            throw FitError("ffmpeg gave \(frames.count) frames of \(name) but \(times.count) timestamps")
        }
        // Seconds from the file's start: the first frame at 0 unless --from skipped some.
        let relative = times.map { $0 - probe.start }
        for k in 1..<max(relative.count, 1) where !(relative[k] > relative[k - 1]) {
            throw FitError("\(name): frame \(k + 1)'s time \(relative[k]) s does not come after the one before")
        }
        return Clip(width: w, height: h, planes: 3, frames: frames, times: relative,
                        scaleX: Double(probe.width) / Double(w), scaleY: Double(probe.height) / Double(h))
    }

    /// The video's frame size and (when the container says) its frame count.
    static func probe(_ path: String, ffprobe: String?, ffmpeg: String) throws(FitError) -> (width: Int, height: Int, frames: Int, start: Double, duration: Double, rate: Double) {
        guard let ffprobe else { throw FitError("ffprobe is not installed: install it with 'sudo apt install ffmpeg'") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_frames,r_frame_rate:format=start_time,duration",
                             "-of", "default=noprint_wrappers=1", path]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw FitError("cannot start ffprobe: \(error.localizedDescription)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = String(parts[0]), text = String(parts[1])
            if key == "r_frame_rate" {
                // "60/1", "30000/1001"
                let ratio = text.split(separator: "/").compactMap { Double($0) }
                if ratio.count == 2, ratio[1] > 0, (ratio[0] / ratio[1]).isFinite { values[key] = ratio[0] / ratio[1] }
            } else if let v = Double(text), v.isFinite {
                values[key] = v
            }
        }
        guard process.terminationStatus == 0 else {
            let words = lastWords(log)
            throw FitError("\(quotedPath(path)) is not a video ffmpeg can read\(words.isEmpty ? "" : ": " + words)")
        }
        guard let w = values["width"], let h = values["height"], w > 0, h > 0, w < 1e5, h < 1e5 else {
            throw FitError("\(quotedPath(path)) has no video stream")
        }
        return (Int(w), Int(h), Int(min(max(values["nb_frames"] ?? 0, 0), 1e7)), values["start_time"] ?? 0,
                max(values["duration"] ?? 0, 0), min(max(values["r_frame_rate"] ?? 60, 1), 1000))
    }

    /// ffmpeg's last line, shortened, for a message.
    static func lastWords(_ log: String) -> String {
        let lines = log.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.contains("showinfo") }
        return escaped(lines.last ?? "", limit: 160)
    }
}
