import Canvas
import Files
import Fit
import Foundation
import Scenes
import Workbench

/// A recording dropped on the window, read and fitted on a thread of its own so the
/// window keeps drawing (a minute of video takes seconds): its progress and outcome are
/// read by the frame loop.
final class FitJob: @unchecked Sendable {
    let path: String
    /// How it came: "drop", or "field" (the Spring Lab's Fit…).
    let source: String
    private let lock = NSLock()
    private var read = (frames: 0, expected: 0)
    private var outcome: Result<RecordingFit.Report, FitError>?
    /// The frames the window last said were read (the frame loop's own).
    var shownFrames = 0

    init(path: String, source: String, searchPath: SearchPath) {
        self.path = path
        self.source = source
        let thread = Thread { [self] in
            let result: Result<RecordingFit.Report, FitError>
            do throws(FitError) {
                result = .success(try RecordingFit.fit(path, options: RecordingFit.Options(), searchPath: searchPath,
                                                       readText: SpringLabCommand.readTextInput,
                                                       progress: { [self] frames, expected in setProgress(frames, expected) }))
            } catch {
                result = .failure(error)
            }
            lock.lock()
            outcome = result
            lock.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func setProgress(_ frames: Int, _ expected: Int) {
        lock.lock()
        read = (frames, expected)
        lock.unlock()
    }

    var progress: (frames: Int, expected: Int) {
        lock.lock()
        defer { lock.unlock() }
        return read
    }

    var result: Result<RecordingFit.Report, FitError>? {
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }
}

extension AppRunner {
    /// Starts fitting a recording (docs/behaviour.md §16), dropped or named in the Fit… row; one at a time.
    func startFit(_ path: String, source: String = "drop") throws {
        guard fitJob == nil else { throw RuntimeError("a recording is still being fitted") }
        guard !capture.isRecording, replay == nil else { throw RuntimeError("finish the take or replay first") }
        fitJob = FitJob(path: path, source: source, searchPath: environment.searchPath)
        capture.note("Reading \((path as NSString).lastPathComponent) …", until: wall + 3600)
    }

    /// Each frame: the fit's progress on the note, and when it is done, its spring in the
    /// Spring Lab — or the reason it could not be fitted.
    func pollFit() {
        guard let job = fitJob else { return }
        let name = (job.path as NSString).lastPathComponent
        let at = wall
        guard let outcome = job.result else {
            let p = job.progress
            if p.frames > job.shownFrames {
                job.shownFrames = p.frames
                capture.note("Reading \(name) · \(p.frames)\(p.expected > 0 ? " of \(p.expected)" : "") frames", until: at + 3600)
                emit([SceneEvent(.fitProgress, time: app.sceneTime(atWall: at), [("path", .string(job.path)),
                                                                               ("frames", .number(Double(p.frames))),
                                                                               ("expected", .number(Double(p.expected)))])])
            }
            return
        }
        fitJob = nil
        idleFrames = 0
        let t = app.sceneTime(atWall: at)
        switch outcome {
        case .success(let report):
            let fit = Self.labFit(report, name: name)
            emit(app.applyFit(fit, path: job.path, source: job.source, at: t))
            // (a take or the flight recorder replays it as the window showed it)
            recordLine(.fit(wall: at, path: job.path, json: FitRecord.encode(fit)))
            // B's group appeared (A/B on), or the scene changed: the controls as drawn now.
            app.measureInspector(atWall: at)
            emit([app.layoutEvent(atWall: at)])
            capture.note(fit.isSpring ? "Fitted \(name): spring B" : "\(name) is not a spring: B is the closest", until: at + 4)
        case .failure(let error):
            capture.note("Cannot fit \(name): \(error.message)", until: at + 8)
            emit([SceneEvent(job.source == "drop" ? .dropRefused : .fitRefused, time: t,
                             [("path", .string(job.path)), ("error", .string(error.message))])])
        }
    }

    /// Fit… in the Spring Lab: the typed path (a leading ~ is the home folder), fitted as a
    /// dropped file would be — or refused at once, with its reason, when it cannot start.
    func fitFromField(_ typed: String) {
        let at = wall
        var path = typed
        if path == "~" || path.hasPrefix("~/"), let home = environment.home { path = home + path.dropFirst() }
        // Typing a path and clicking Fit… both ask (the click ends the typing first): once.
        if let job = fitJob, job.path == path { return }
        do {
            guard !path.isEmpty else { throw RuntimeError("type the path of a video or a CSV of positions first") }
            guard RecordingFit.isFittable(path) else {
                throw RuntimeError("\(quotedPath(path)) is neither a video (.mp4 .mov .mkv .webm .gif) nor a CSV")
            }
            try startFit(path, source: "field")
        } catch {
            let why = (error as? RuntimeError)?.message ?? "\(error)"
            capture.note("Cannot fit: \(why)", until: at + 8)
            emit([SceneEvent(.fitRefused, time: app.sceneTime(atWall: at), [("path", .string(path)), ("error", .string(why))])])
        }
    }

    /// The lab's view of a fit: samples in seconds after the fitted start and fractions of
    /// the fitted travel.
    static func labFit(_ report: RecordingFit.Report, name: String) -> LabFit {
        let m = report.result.motion
        let travel = m.to - m.from
        let scale = abs(travel) > 0 ? travel : 1
        let points = report.result.samples.map { Point2($0.time - m.start, ($0.position - m.from) / scale) }
        return LabFit(points: points, normalizedVelocity: m.velocity / scale, name: name, response: m.spring.response,
                      dampingRatio: m.spring.dampingRatio, rmsErrorPercent: report.result.rmsErrorPercent,
                      isSpring: report.result.isSpring)
    }
}
