import Capture
import Files
import Fit
import Foundation
import Workbench
import Motion

/// A spring from a recording (docs/behaviour.md §16): a CSV of positions or a video, read, tracked and
/// fitted — the one way both `springlab fit` and a file dropped on the Spring Lab do it.
public enum RecordingFit {
    /// What narrows and steers a fit.
    public struct Options: Sendable, Equatable {
        /// The element's patch, pixels of the video's frame at `at` (the first without).
        public var region: (x: Double, y: Double, width: Double, height: Double)?
        public var at: Double?
        public var axis: PositionTable.Axis?
        public var from: Double?
        public var to: Double?

        public init() {}

        public static func == (a: Options, b: Options) -> Bool {
            a.region.map { [$0.x, $0.y, $0.width, $0.height] } == b.region.map { [$0.x, $0.y, $0.width, $0.height] }
                && a.at == b.at && a.axis == b.axis && a.from == b.from && a.to == b.to
        }
    }

    /// A fit and what it was of.
    public struct Report: Sendable {
        public var result: MotionFitResult
        public var axis: PositionTable.Axis
        public var isVideo: Bool
        /// For a video: the element's box in the video's pixels, as tracked from.
        public var element: (x: Double, y: Double, width: Double, height: Double)?
    }

    /// Files read as a CSV of positions; anything else goes to ffmpeg.
    public static func isCSV(_ path: String) -> Bool {
        path == "-" || (path as NSString).pathExtension.lowercased() == "csv"
    }

    /// The video formats the window takes when dropped (docs/behaviour.md §16).
    public static let videoExtensions = ["mp4", "mov", "mkv", "webm", "gif", "m4v", "avi"]

    public static func isFittable(_ path: String) -> Bool {
        isCSV(path) || videoExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Reads, tracks and fits `path`. `readText` reads a CSV (or standard input for "-");
    /// `progress` hears the frames of a video read so far and expected (0: unknown).
    public static func fit(_ path: String, options: Options, searchPath: SearchPath,
                           readText: (String) throws(RuntimeError) -> String,
                           progress: ((Int, Int) -> Void)? = nil) throws(FitError) -> Report {
        if isCSV(path) {
            guard options.region == nil, options.at == nil else {
                throw FitError("--region and --at name a patch of a video; \(quotedPath(path)) is a CSV of positions")
            }
            let text: String
            do { text = try readText(path) } catch {
                throw FitError(error.message.hasPrefix("springlab: ") ? String(error.message.dropFirst(11)) : error.message)
            }
            let table = try PositionTable.csv(text, name: InputFile.displayName(path))
            return try fit(table, options: options, isVideo: false, element: nil)
        }
        let clip = try ClipDecoder.decode(path, searchPath: searchPath, from: options.from, to: options.to, progress: progress)
        var reference = 0
        let box: PixelRect
        var area: PixelRect?
        if let r = options.region {
            reference = clip.frameIndex(at: options.at ?? clip.times[0])
            let x0 = Int((r.x / clip.scaleX).rounded(.down)), y0 = Int((r.y / clip.scaleY).rounded(.down))
            let x1 = Int(((r.x + r.width) / clip.scaleX).rounded(.up)), y1 = Int(((r.y + r.height) / clip.scaleY).rounded(.up))
            box = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let (vw, vh) = (Double(clip.width) * clip.scaleX, Double(clip.height) * clip.scaleY)
            guard r.x >= 0, r.y >= 0, r.x + r.width <= vw + 0.5, r.y + r.height <= vh + 0.5 else {
                throw FitError("--region \(Int(r.x)),\(Int(r.y)),\(Int(r.width)),\(Int(r.height)) is not inside the \(Int(vw))×\(Int(vh)) frame")
            }
        } else {
            (box, area) = try ElementFinder.find(in: clip)
        }
        let centres = try ElementTracker.track(clip, element: box, area: area, reference: reference)
        let table = PositionTable(times: clip.times, x: centres.map { $0.x * clip.scaleX }, y: centres.map { $0.y * clip.scaleY })
        let element = (Double(box.x) * clip.scaleX, Double(box.y) * clip.scaleY, Double(box.width) * clip.scaleX, Double(box.height) * clip.scaleY)
        return try fit(table, options: options, isVideo: true, element: element)
    }

    static func fit(_ table: PositionTable, options: Options, isVideo: Bool,
                    element: (x: Double, y: Double, width: Double, height: Double)?) throws(FitError) -> Report {
        let axis = try table.axis(preferring: options.axis)
        let samples = table.samples(along: axis, from: options.from, to: options.to)
        let result = try MotionFit.fit(samples)
        return Report(result: result, axis: axis, isVideo: isVideo, element: element)
    }

    /// The `key=value` lines docs/behaviour.md §16 lists, in its order.
    public static func keyValues(_ report: Report) -> String {
        let m = report.result.motion, s = m.spring
        func g(_ v: Double) -> String {
            let text = String(format: "%.6g", v)
            return text == "-0" ? "0" : text
        }
        let pairs: [(String, String)] = [
            ("response", g(s.response)), ("damping", g(s.dampingRatio)), ("duration", g(s.duration)), ("bounce", g(s.bounce)),
            ("stiffness", g(s.stiffness)), ("damping_coefficient", g(s.damping)),
            ("from", g(m.from)), ("to", g(m.to)), ("axis", report.axis.rawValue), ("start", g(m.start)),
            ("initial_velocity", g(m.velocity)), ("samples", String(report.result.samples.count)),
            ("rms_error_pct", String(format: "%.3f", report.result.rmsErrorPercent)),
            ("max_error_pct", String(format: "%.3f", report.result.maxErrorPercent)),
            ("verdict", report.result.isSpring ? "spring" : "not-a-spring"),
        ]
        return pairs.map { "\($0.0)=\($0.1)\n" }.joined()
    }

    /// The `t,position,fitted` rows `--samples` writes.
    public static func samplesCSV(_ report: Report) -> String {
        var text = "t,position,fitted\n"
        for sample in report.result.samples {
            text += "\(sample.time),\(sample.position),\(report.result.motion.position(at: sample.time))\n"
        }
        return text
    }

    /// The line on standard error when the samples held more than one move.
    public static func severalMovesNote(_ report: Report) -> String? {
        let moves = report.result.moves
        guard moves.count > 1, let main = moves.first else { return nil }
        func g(_ v: Double) -> String { String(format: "%.4g", v) }
        return "\(moves.count) motions found; fitted the largest, \(g(main.from)) to \(g(main.to)) "
            + "between \(g(main.beginTime)) and \(g(main.endTime)) s (--from and --to choose another)"
    }
}
