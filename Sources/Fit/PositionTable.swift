import Files
import Foundation

/// Positions over time along both axes: what a CSV holds or a tracked video gives, before
/// one axis is chosen (docs/behaviour.md §16).
public struct PositionTable: Sendable, Equatable {
    public var times: [Double]
    /// Nil when the source has no such column.
    public var x: [Double]?
    public var y: [Double]?

    public init(times: [Double], x: [Double]?, y: [Double]?) {
        self.times = times
        self.x = x
        self.y = y
    }

    public enum Axis: String, Sendable, CaseIterable { case x, y }

    func range(_ values: [Double]?) -> Double {
        guard let values, let lo = values.min(), let hi = values.max() else { return -1 }
        return hi - lo
    }

    /// The axis asked for, or the one the positions travel most along.
    public func axis(preferring asked: Axis?) throws(FitError) -> Axis {
        if let asked {
            guard (asked == .x ? x : y) != nil else { throw FitError("there is no \(asked.rawValue) column to fit (--axis \(asked.rawValue))") }
            return asked
        }
        return range(y) > range(x) ? .y : .x
    }

    /// The samples along `axis` between `from` and `to` (s, inclusive; nil: no bound).
    public func samples(along axis: Axis, from: Double? = nil, to: Double? = nil) -> [MotionSample] {
        guard let values = axis == .x ? x : y else { return [] }
        return zip(times, values).compactMap { t, p in
            if let from, t < from { return nil }
            if let to, t > to { return nil }
            return MotionSample(time: t, position: p)
        }
    }

    /// Reads a CSV of positions: a header naming `t` (seconds) or `t_ms`, and `x` and/or
    /// `y` (other columns are ignored); blank lines and `#` comments are skipped. Every
    /// value must be a finite number and times must increase. `name` is the file's name
    /// for messages.
    public static func csv(_ text: String, name: String) throws(FitError) -> PositionTable {
        var header: [String]?
        var timeColumn = -1, timeScale = 1.0, xColumn: Int?, yColumn: Int?
        var times: [Double] = [], xs: [Double] = [], ys: [Double] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard header != nil else {
                let names = fields.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
                header = names
                if let t = names.firstIndex(of: "t") {
                    timeColumn = t
                } else if let t = names.firstIndex(of: "t_ms") {
                    timeColumn = t
                    timeScale = 0.001
                } else {
                    throw FitError("\(name): line \(lineNumber): the header \(quoted(line)) names no time column (t in seconds, or t_ms)")
                }
                xColumn = names.firstIndex(of: "x")
                yColumn = names.firstIndex(of: "y")
                guard xColumn != nil || yColumn != nil else {
                    throw FitError("\(name): line \(lineNumber): the header \(quoted(line)) names no position column (x and/or y)")
                }
                continue
            }
            guard fields.count == header?.count else {
                throw FitError("\(name): line \(lineNumber): \(fields.count) field\(fields.count == 1 ? "" : "s") where the header has \(header?.count ?? 0)")
            }
            func number(_ column: Int, _ what: String) throws(FitError) -> Double {
                guard let v = Double(fields[column]), v.isFinite, abs(v) <= 1e12 else {
                    throw FitError("\(name): line \(lineNumber): \(what) \(quoted(fields[column])) is not a finite number")
                }
                return v
            }
            let t = try number(timeColumn, header?[timeColumn] ?? "t") * timeScale
            if let last = times.last, !(t > last) {
                throw FitError("\(name): line \(lineNumber): time \(quoted(fields[timeColumn])) does not come after the row before")
            }
            times.append(t)
            if let xColumn { xs.append(try number(xColumn, "x")) }
            if let yColumn { ys.append(try number(yColumn, "y")) }
        }
        guard header != nil else { throw FitError("\(name) is empty: a CSV needs a header (t or t_ms, then x and/or y) and rows") }
        // Times from the first row, as a video's are from its first frame: `start`,
        // --from and --to read as time into the recording.
        let origin = times.first ?? 0
        return PositionTable(times: times.map { $0 - origin }, x: xColumn == nil ? nil : xs, y: yColumn == nil ? nil : ys)
    }
}
