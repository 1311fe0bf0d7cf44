import Files
import Foundation
import Render

/// A folder of PNGs, `frame-00000.png` on, built whole in a temporary folder and renamed
/// into place (`OutputFolder`).
public final class PNGFolderSink: FrameSink {
    private let folder: OutputFolder
    private let width: Int, height: Int
    private var index = 0

    public init(path: String, width: Int, height: Int) throws(CaptureError) {
        do { folder = try OutputFolder(target: path) } catch { throw CaptureError(error.description) }
        self.width = width
        self.height = height
    }

    public func write(_ rgba: [UInt8]) throws(CaptureError) {
        let name = String(format: "frame-%05d.png", index)
        do {
            try folder.write(try PNG.encode(rgba: rgba, width: width, height: height), name: name)
        } catch let error as FileError {
            throw CaptureError(error.description)
        } catch {
            folder.abandon()
            throw CaptureError("cannot write \(quotedPath(folder.target))/\(name): \(error)")
        }
        index += 1
    }

    public func finish() throws(CaptureError) {
        do { try folder.commit() } catch { throw CaptureError(error.description) }
    }

    public func abandon() { folder.abandon() }
}

/// One PNG: the last frame written is the one kept, written whole when the sink finishes.
public final class PNGFileSink: FrameSink {
    private let file: OutputFile
    private let width: Int, height: Int
    private var last: [UInt8]?

    public init(path: String, width: Int, height: Int) throws(CaptureError) {
        do { file = try OutputFile(target: path) } catch { throw CaptureError(error.description) }
        self.width = width
        self.height = height
    }

    public func write(_ rgba: [UInt8]) throws(CaptureError) { last = rgba }

    public func finish() throws(CaptureError) {
        do {
            guard let last else { throw CaptureError("no frame to write to \(quotedPath(file.target))") }
            try file.write(try PNG.encode(rgba: last, width: width, height: height))
            try file.commit()
        } catch let error as CaptureError {
            file.abandon()
            throw error
        } catch {
            file.abandon()
            throw CaptureError("\(error)")
        }
    }

    public func abandon() { file.abandon() }
}
