import Foundation
import Render

/// Where rendered frames go (SPEC §7), chosen by the output path: `.mp4` (H.264, yuv420p)
/// and `.gif` (a palette made from the clip, then used) through the ffmpeg program, a
/// folder of PNGs, or one PNG. Every sink writes beside its target and moves the result
/// into place only when whole; a failure removes what it wrote.
public enum OutputKind: Equatable, Sendable {
    case mp4, gif, folder(transparent: Bool), png

    /// The kind for `path`: a trailing `/` or an existing directory is a folder.
    public static func of(_ path: String, transparent: Bool) -> OutputKind? {
        let lower = path.lowercased()
        var isDir: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue) {
            return .folder(transparent: transparent)
        }
        if lower.hasSuffix(".mp4") { return .mp4 }
        if lower.hasSuffix(".gif") { return .gif }
        if lower.hasSuffix(".png") { return .png }
        return nil
    }

    /// GIF delays are whole centiseconds: 50, 33 (really 100/3) or 25 frames a second.
    public static let gifRates: [Int: Double] = [50: 50, 33: 100.0 / 3, 25: 25]
}

public protocol FrameSink: AnyObject {
    /// Takes one frame of straight-alpha RGBA8, top row first.
    func write(_ rgba: [UInt8]) throws(CaptureError)
    /// Completes the output and moves it into place.
    func finish() throws(CaptureError)
    /// Stops and removes whatever was written.
    func abandon()
}

/// The ffmpeg program, found on PATH.
public enum FFmpeg {
    public static let installHint = "ffmpeg is not installed: install it with 'sudo apt install ffmpeg' "
        + "(PNG and folder outputs work without it)"

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for dir in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Pipes raw frames into ffmpeg. A frame that cannot be written (ffmpeg gone: a full
/// disk, a bad path, a crash) stops the capture with ffmpeg's own last words.
public final class FFmpegSink: FrameSink {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let path: String
    private let partial: String
    private let errorText = LockedBuffer()
    private var finished = false

    /// `bottomUp`: frames arrive with their last row first (as GL reads them); ffmpeg flips.
    public init(path: String, kind: OutputKind, width: Int, height: Int, fps: Double, bottomUp: Bool = false) throws(CaptureError) {
        guard let ffmpeg = FFmpeg.locate() else { throw CaptureError(FFmpeg.installHint) }
        // A reader that dies must give an error on write, not end this process.
        signal(SIGPIPE, SIG_IGN)
        self.path = path
        partial = path + ".partial"
        let parent = (path as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.isEmpty ? "." : parent, isDirectory: &isDir), isDir.boolValue else {
            throw CaptureError("cannot write \(path): the folder \(parent) does not exist")
        }
        var args = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                    "-framerate", String(format: "%.6f", fps), "-i", "-"]
        switch kind {
        case .mp4:
            // superfast at CRF 18: visually lossless for flat UI, and the encoder keeps up
            // with the renderer on two cores (veryfast made a 1280x800 take slower than
            // real time).
            args += (bottomUp ? ["-vf", "vflip"] : []) + ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "superfast", "-crf", "18",
                                                          "-movflags", "+faststart", "-f", "mp4", partial]
        case .gif:
            let flip = bottomUp ? "vflip," : ""
            args += ["-filter_complex", "[0:v]\(flip)split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                     "-f", "gif", partial]
        default:
            throw CaptureError("ffmpeg writes only .mp4 and .gif")
        }
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = args
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let buffer = errorText
        errors.fileHandleForReading.readabilityHandler = { h in buffer.append(h.availableData) }
        do { try process.run() } catch { throw CaptureError("cannot start ffmpeg (\(ffmpeg)): \(error.localizedDescription)") }
    }

    private var lastWords: String {
        let text = String(decoding: errorText.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.split(separator: "\n").suffix(2).joined(separator: " / ")
    }

    public func write(_ rgba: [UInt8]) throws(CaptureError) {
        do {
            try input.fileHandleForWriting.write(contentsOf: rgba)
        } catch {
            process.waitUntilExit()
            abandon()
            let words = lastWords
            throw CaptureError("ffmpeg stopped while writing \(path)\(words.isEmpty ? "" : ": \(words)")")
        }
    }

    public func finish() throws(CaptureError) {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        finished = true
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            let words = lastWords
            throw CaptureError("ffmpeg failed writing \(path) (exit \(process.terminationStatus))\(words.isEmpty ? "" : ": \(words)")")
        }
        do {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw CaptureError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    public func abandon() {
        if !finished {
            try? input.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            errors.fileHandleForReading.readabilityHandler = nil
            finished = true
        }
        try? FileManager.default.removeItem(atPath: partial)
    }
}

/// A folder of PNGs, `frame-00000.png` on, written into `NAME.partial/` and renamed.
public final class PNGFolderSink: FrameSink {
    private let path: String
    private let partial: String
    private let width: Int, height: Int
    private var index = 0

    public init(path: String, width: Int, height: Int) throws(CaptureError) {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        self.path = trimmed
        partial = trimmed + ".partial"
        self.width = width
        self.height = height
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: trimmed, isDirectory: &isDir), !isDir.boolValue {
            throw CaptureError("\(trimmed) is a file, not a folder (nothing was overwritten)")
        }
        if let existing = try? fm.contentsOfDirectory(atPath: trimmed), !existing.isEmpty {
            throw CaptureError("\(trimmed) is not empty: choose a new or empty folder (nothing was overwritten)")
        }
        try? fm.removeItem(atPath: partial)
        do { try fm.createDirectory(atPath: partial, withIntermediateDirectories: false) } catch {
            throw CaptureError("cannot create \(partial): \(error.localizedDescription)")
        }
    }

    public func write(_ rgba: [UInt8]) throws(CaptureError) {
        let name = String(format: "frame-%05d.png", index)
        do { try PNG.write(rgba: rgba, width: width, height: height, to: partial + "/" + name) } catch {
            abandon()
            throw CaptureError("cannot write \(path)/\(name): \(error)")
        }
        index += 1
    }

    public func finish() throws(CaptureError) {
        let fm = FileManager.default
        do {
            if fm.fileExists(atPath: path) { try fm.removeItem(atPath: path) }  // empty, checked at the start
            try fm.moveItem(atPath: partial, toPath: path)
        } catch {
            abandon()
            throw CaptureError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    public func abandon() { try? FileManager.default.removeItem(atPath: partial) }
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
